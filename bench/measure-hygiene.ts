// The hygiene stage's own cost on a benchmark's Manifests: the boilerplate scan of each topic
// and the verdict on every sentence, timed in this process apart from sentence splitting
// (which the builder did before the stage existed). Reported beside the build's time as the
// stage's share of it.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { findBoilerplateLines } from "../src/editorial/hygiene/boilerplate-lines.js";
import { judgeSentences } from "../src/editorial/hygiene/judge-sentences.js";
import { sentenceSpans } from "../src/editorial/text/sentences.js";
import type { Manifest } from "../src/manifests/schema.js";

export interface HygieneCost {
  seconds: number;
  sentences: number;
  dropped: number;
}

async function readTopics(file: string): Promise<Map<string, Manifest[]>> {
  const topics = new Map<string, Manifest[]>();
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const manifest = JSON.parse(line) as Manifest;
    const list = topics.get(manifest.topic) ?? [];
    list.push(manifest);
    topics.set(manifest.topic, list);
  }
  return topics;
}

/** Times the hygiene stage over the Manifests of a JSON Lines file, topic by topic. */
export async function measureHygiene(file: string): Promise<HygieneCost> {
  const topics = await readTopics(file);
  let [seconds, sentences, dropped] = [0, 0, 0];
  for (const manifests of topics.values()) {
    const spans = manifests.map((manifest) => sentenceSpans(manifest.text, manifest.language));
    const started = performance.now();
    const lines = findBoilerplateLines(
      manifests.map((manifest) => ({
        publisherDomain: manifest.publisher.domain,
        title: manifest.title,
        text: manifest.text,
      })),
    );
    manifests.forEach((manifest, index) => {
      const { verdicts } = judgeSentences(
        manifest.text,
        spans[index]!,
        manifest.language,
        lines[index],
      );
      sentences += verdicts.length;
      for (const verdict of verdicts) if (verdict !== 0) dropped++;
    });
    seconds += (performance.now() - started) / 1000;
  }
  return { seconds, sentences, dropped };
}
