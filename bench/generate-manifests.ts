// Writes N synthetic, valid Manifests as JSON Lines, deterministically (seeded), for benchmarks.

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { sha256Hex } from "../src/manifests/normalize.js";
import { seededRandom } from "../test/support/seeded-random.js";

const WORDS = (
  "council harbour budget minister vote storm river bridge factory workers strike union port " +
  "market shares profit quarter growth inflation bank rate energy grid solar wind turbine rail " +
  "station crash injured police court judge ruling appeal hospital patients doctors vaccine trial " +
  "research university telescope planet satellite launch software outage breach security chips " +
  "league match goal coach season transfer record flood drought heat emissions water reservoir"
).split(" ");
const TOPICS = [
  "world",
  "business",
  "science",
  "technology",
  "health",
  "sport",
  "climate",
  "culture",
];

function sentence(next: () => number): string {
  const length = 8 + Math.floor(next() * 14);
  const words = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)] as string);
  const text = words.join(" ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} ${Math.floor(next() * 1000)}.`;
}

export function syntheticManifest(
  index: number,
  next: () => number,
  start: number,
): Record<string, unknown> {
  const text = Array.from({ length: 5 + Math.floor(next() * 5) }, () => sentence(next)).join(" ");
  const published = start + index * 1000;
  const publisher = `outlet${index % 40}`;
  return {
    id: `bench-${index}`,
    url: `https://${publisher}.example/news/${index}`,
    publisher: { name: `Outlet ${index % 40}`, domain: `${publisher}.example` },
    title: sentence(next).slice(0, -1),
    text,
    published_at: new Date(published).toISOString(),
    captured_at: new Date(published + 60_000).toISOString(),
    topic: TOPICS[index % TOPICS.length],
    tags: ["bench"],
    language: "en",
    content_sha256: sha256Hex(text),
    provider: "svc benchmark generator",
  };
}

/** Writes `count` Manifests to `path`; returns the file size in bytes. */
export async function writeSyntheticManifests(
  path: string,
  count: number,
  seed = 42,
): Promise<number> {
  const next = seededRandom(seed);
  const out = createWriteStream(path);
  let bytes = 0;
  const start = Date.parse("2026-11-20T00:00:00Z");
  for (let index = 0; index < count; index++) {
    const line = `${JSON.stringify(syntheticManifest(index, next, start))}\n`;
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return bytes;
}
