// Writes N synthetic Manifests that report synthetic events (several publishers per event,
// shared and paraphrased sentences, a few numbers), spread over seven topics and one 24-hour
// window: the shape of real input for the builder benchmark. Deterministic (seeded).
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { sha256Hex } from "../src/manifests/normalize.js";
import { seededRandom } from "../test/support/seeded-random.js";

const TOPICS = ["world", "business", "science", "technology", "health", "sport", "climate"];
const SYLLABLES =
  "al bren cal dun el far glen hal is jor kes lor mar nor or pel quar rav sel tes um var wex yar zen bo ki lu ma ne ri so ta ve".split(
    " ",
  );
const NOUNS =
  "bridge council storm river harbour minister vote budget railway station factory union hospital court market reservoir telescope festival league airport".split(
    " ",
  );
const VERBS =
  "closed opened approved rejected flooded announced suspended delayed launched cancelled expanded reported".split(
    " ",
  );
const EXTRAS =
  "officials said on Tuesday after weeks of talks while residents waited as engineers checked before the deadline despite protests".split(
    " ",
  );

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** A made-up proper name ("Kestamor"): each event gets its own, as real events do. */
function properName(next: () => number): string {
  const syllables = Array.from({ length: 2 + Math.floor(next() * 2) }, () =>
    pick(SYLLABLES, next),
  ).join("");
  return `${syllables.charAt(0).toUpperCase()}${syllables.slice(1)}`;
}

function sentence(next: () => number, name: string): string {
  const words = [
    `The ${pick(NOUNS, next)} in ${name}`,
    pick(VERBS, next),
    `${Math.floor(next() * 900) + 2} ${pick(NOUNS, next)}s`,
    ...Array.from({ length: 3 + Math.floor(next() * 6) }, () => pick(EXTRAS, next)),
  ];
  return `${words.join(" ")}.`;
}

/** Writes the Manifests; returns how many events they report. */
export async function writeSyntheticEvents(
  path: string,
  count: number,
  cut: Date,
  seed = 7,
): Promise<number> {
  const next = seededRandom(seed);
  const out = createWriteStream(path);
  let written = 0;
  let events = 0;
  while (written < count) {
    const name = `${properName(next)} ${properName(next)}`;
    const facts = Array.from({ length: 6 }, () => sentence(next, name));
    const headline = `${pick(NOUNS, next)} ${pick(VERBS, next)} in ${name}`;
    const topic = TOPICS[events % TOPICS.length] as string;
    const start = cut.getTime() - 24 * 3_600_000 + Math.floor(next() * 20 * 3_600_000) + 1;
    const reports = Math.min(count - written, 3 + Math.floor(next() * 12));
    for (let report = 0; report < reports; report++) {
      const chosen = facts.filter(() => next() < 0.6);
      const text = [...chosen, sentence(next, name), sentence(next, name)].join(" ");
      const publisher = Math.floor(next() * 40);
      const published = start + report * 600_000;
      const manifest = {
        id: `ev-${events}-${report}`,
        url: `https://outlet${publisher}.example/news/${events}/${report}`,
        publisher: { name: `Outlet ${publisher}`, domain: `outlet${publisher}.example` },
        title: `${headline.charAt(0).toUpperCase()}${headline.slice(1)}, ${pick(EXTRAS, next)} ${pick(EXTRAS, next)}`,
        text,
        published_at: new Date(published).toISOString(),
        captured_at: new Date(published + 60_000).toISOString(),
        topic,
        tags: [pick(NOUNS, next)],
        language: "en",
        content_sha256: sha256Hex(text),
        provider: "svc benchmark generator",
      };
      if (!out.write(`${JSON.stringify(manifest)}\n`)) await once(out, "drain");
      written += 1;
    }
    events += 1;
  }
  out.end();
  await once(out, "finish");
  return events;
}
