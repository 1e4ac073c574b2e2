// `npm run bench -- story`: composes one story of 5,000 reports, as a breaking event with
// thousands of rewrites arrives, three ways: every report's figures differ (the case that
// compared every pair of figure mentions for unresolved points, about 6 s before the
// comparison was bounded), the same reports with words where their figures were (the peer:
// the same text work without figures), and 5,000 wire copies of one text. Target: the
// differing figures within 2× the peer (their figures are read and compared, the
// peer has none) and at most 2 s.
import { composeStory } from "../src/editorial/compose/compose-story.js";
import { DEFAULT_STORY_LIMITS } from "../src/editorial/compose/limits.js";
import { reuseTerms } from "../src/config/reuse-terms.js";
import { normalizeManifest, sha256Hex } from "../src/manifests/normalize.js";
import type { Manifest } from "../src/manifests/schema.js";

const REPORTS = 5_000;
const RUNS = 3;
const TARGET = { ratio: 2, seconds: 2 } as const;
const TOWNS = ["Tessel", "Varrowby", "Northgate", "Calder", "Port Ellis", "Halvard"];
const BASE = "https://bench.example";

type Wording = "figures" | "words" | "copies";

function reportText(index: number, wording: Wording): { title: string; text: string } {
  const at = wording === "copies" ? 0 : index;
  const town = TOWNS[at % TOWNS.length] as string;
  const [dead, hurt, homes] = [10 + (at % 40), 100 + ((at * 7) % 300), 1000 + ((at * 13) % 5000)];
  const say = (figure: number) => (wording === "words" ? `many (${town} ${at % 97})` : `${figure}`);
  return {
    title: `Storm kills ${say(dead)} in ${town}`,
    text:
      `A storm hit ${town} on Monday, officials said. At least ${say(dead)} people were killed ` +
      `and ${say(hurt)} were injured, police said in their update for district ${at % 89}. ` +
      `The flood damaged ${say(homes)} homes across the region, according to the agency's ` +
      `report from station ${at % 83}. Rescue crews worked through the night in sector ${at % 79}.`,
  };
}

function reports(wording: Wording): Manifest[] {
  return Array.from({ length: REPORTS }, (_, index) => {
    const { title, text } = reportText(index, wording);
    const result = normalizeManifest({
      id: `bench-${wording}-${index}`,
      url: `https://p${index % 300}.example/storm/${index}`,
      publisher: { name: `Publisher ${index % 300}`, domain: `p${index % 300}.example` },
      title,
      text,
      published_at: new Date(Date.UTC(2026, 10, 21, 0, index % 1440)).toISOString(),
      captured_at: "2026-11-21T08:05:00Z",
      topic: "world",
      tags: [],
      language: "en",
      content_sha256: sha256Hex(text),
      provider: "bench",
    });
    if (!result.ok)
      throw new Error(`bench manifest is invalid: ${JSON.stringify(result.problems)}`);
    return result.prepared.manifest;
  });
}

function composeSeconds(manifests: readonly Manifest[]): number {
  const started = performance.now();
  composeStory({
    topic: "world",
    manifests,
    identity: { date: "2026-11-21", slug: "storm", publishedAt: "2026-11-21T12:00:00.000Z" },
    links: {
      url: `${BASE}/stories/2026-11-21/storm/`,
      json: `${BASE}/stories/2026-11-21/storm/index.json`,
      markdown: `${BASE}/stories/2026-11-21/storm/index.md`,
    },
    cut: new Date("2026-11-21T12:00:00Z"),
    reuse: reuseTerms({ baseUrl: BASE, serviceName: "SVC", providerName: "bench" }),
    limits: DEFAULT_STORY_LIMITS,
  });
  return (performance.now() - started) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

export async function benchStory(): Promise<void> {
  const wordings: Wording[] = ["figures", "words", "copies"];
  const inputs = new Map(wordings.map((wording) => [wording, reports(wording)]));
  const seconds = new Map<Wording, number[]>(wordings.map((wording) => [wording, []]));
  // Alternating, so that the machine's drift falls on every wording alike.
  for (let run = 0; run < RUNS; run++)
    for (const wording of wordings)
      seconds.get(wording)!.push(composeSeconds(inputs.get(wording)!));
  const [figures, words, copies] = wordings.map((wording) => median(seconds.get(wording)!));
  const ratio = figures! / words!;
  console.log(`one story of ${REPORTS} reports, median of ${RUNS} alternating runs:`);
  console.log(`  every report's figures differ   ${figures!.toFixed(2)} s`);
  console.log(`  the same without figures (peer) ${words!.toFixed(2)} s`);
  console.log(`  wire copies of one text         ${copies!.toFixed(2)} s`);
  const meets = ratio <= TARGET.ratio && figures! <= TARGET.seconds;
  console.log(
    `  ratio to the peer ${ratio.toFixed(2)} (target ${TARGET.ratio}), ${figures!.toFixed(2)} s (target ${TARGET.seconds}): ${meets ? "meets" : "MISSES"}`,
  );
  await Promise.resolve();
}
