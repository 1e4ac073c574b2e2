// The query benchmark's synthetic archive: 30 days of stories in the shape the builder writes,
// made from the demo story templates, deterministic (seeded). The ask and cluster benchmarks
// publish it too.
import type { IndexedStory } from "../src/query/indexed-story.js";
import { seededRandom } from "../test/support/seeded-random.js";
import { pick, pseudoWord, zipf } from "./random-draws.js";
import { COMMON_WORDS, demoTemplates, rewriter } from "./story-templates.js";
import { DAY_MS } from "../src/time/cut-time.js";

const EDITION_MS = DAY_MS / 2;

export interface Archive {
  stories: IndexedStory[];
  /** Words too common to make a question distinctive. */
  common: Set<string>;
  facts: number;
  now: Date;
}

/**
 * A 30-day archive (60 editions) of stories in the shape the builder writes, with at least
 * `minimumFacts` distinct facts (sentences and the timeline's titles), each sentence cited by
 * 1-4 of its story's 1-12 Manifests, each title by its own.
 */
export function generateArchive(
  minimumFacts: number,
  seed = 11,
  now = new Date("2026-11-21T15:00:00Z"),
): Archive {
  const next = seededRandom(seed);
  const { templates, ...known } = demoTemplates();
  const words = Array.from({ length: 30_000 }, () => pseudoWord(next, 2 + Math.floor(next() * 3)));
  const drawWord = zipf(words.length, COMMON_WORDS, next);
  const storyRewriter = rewriter(known, words, drawWord, next);
  const lastCut = Math.floor(now.getTime() / EDITION_MS) * EDITION_MS;
  const stories: IndexedStory[] = [];
  let facts = 0;
  for (let index = 0; facts < minimumFacts; index++) {
    const template = pick(templates, next);
    const rewrite = storyRewriter();
    const edition = index % 60;
    const published = lastCut - edition * EDITION_MS;
    const updated = edition > 0 && next() < 0.5 ? published + EDITION_MS : published;
    const manifests = Array.from({ length: 1 + Math.floor(next() * 12) }, (_, m) => {
      const outlet = Math.floor(next() * 300);
      return { id: `bench:${index}:${m}`, publisher: { domain: `outlet${outlet}.example` } };
    });
    const known = [...new Set(template.sentences.map(rewrite))].slice(0, 12);
    const paragraphs = known.map((text) => ({
      text,
      manifest_ids: [
        ...new Set([
          pick(manifests, next).id,
          ...manifests.filter(() => next() < 0.2).map((m) => m.id),
        ]),
      ],
    }));
    // Each Manifest's title, as the timeline lists them; /ask answers from titles too.
    const titles = manifests.map((manifest) => ({
      text: rewrite(pick(template.titles, next)),
      manifest_ids: [manifest.id],
    }));
    const slug = `story-${index}`;
    const date = new Date(published).toISOString().slice(0, 10);
    stories.push({
      url: `https://svc.test/stories/${date}/${slug}/`,
      headline: rewrite(pick(template.titles, next)),
      published_at: new Date(published).toISOString(),
      updated_at: new Date(updated).toISOString(),
      topic: template.topic,
      key_facts: paragraphs.slice(0, 8),
      sections: [
        { heading: "What we know", paragraphs },
        { heading: "Timeline", paragraphs: titles },
      ],
      manifests,
    });
    facts += new Set([...known, ...titles.map((title) => title.text)]).size;
  }
  return { stories, facts, now, common: known.common };
}
