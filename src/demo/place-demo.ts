// Places the demo corpus in time. The corpus repeats every 48 hours on a fixed grid counted
// from the Unix epoch, so loading it at any moment yields the same ids and content for the
// same occurrence: reloading is a no-op, and every 24-hour window holds about half the events.
import { DEMO_ID_PREFIX } from "./demo-ids.js";
import { sha256Hex } from "../manifests/normalize.js";
import type { Manifest } from "../manifests/schema.js";
import type { DemoCorpus } from "./demo-corpus.js";

export const DEMO_CYCLE_MS = 48 * 60 * 60 * 1000;
export const DEMO_PROVIDER =
  "SVC demo corpus (fictional events written by the SVC team; not real news)";
const MINUTE_MS = 60_000;
const CAPTURE_DELAY_MS = 4 * MINUTE_MS;

export interface PlaceOptions {
  /** Demo items up to this moment are placed; none after it. */
  now: Date;
  /** How many 48-hour cycles back to fill (the last one is the most recent). */
  cycles?: number;
}

/** Every demo Manifest whose occurrence falls in `(now - cycles × 48 h, now]`, oldest first. */
export function placeDemoManifests(corpus: DemoCorpus, options: PlaceOptions): Manifest[] {
  const cycles = options.cycles ?? 2;
  const now = options.now.getTime();
  const placed: Array<{ at: number; manifest: Manifest }> = [];
  for (const event of corpus.events) {
    for (const report of event.reports) {
      const offset = (Math.round(event.hour * 60) + report.after_minutes) * MINUTE_MS;
      const lastCycle = Math.floor((now - offset) / DEMO_CYCLE_MS);
      for (let cycle = lastCycle - cycles + 1; cycle <= lastCycle; cycle++) {
        const at = cycle * DEMO_CYCLE_MS + offset;
        const publisher = corpus.publishers.get(report.publisher);
        if (!publisher) continue;
        const day = new Date(at).toISOString().slice(0, 10);
        placed.push({
          at,
          manifest: {
            id: `${DEMO_ID_PREFIX}${cycle}:${event.key}:${publisher.id}`,
            url: `https://${publisher.domain}/news/${day}/${event.key}`,
            publisher: { name: publisher.name, domain: publisher.domain },
            title: report.title,
            text: report.text,
            published_at: new Date(at).toISOString(),
            captured_at: new Date(at + CAPTURE_DELAY_MS).toISOString(),
            topic: event.topic,
            tags: event.tags,
            language: "en",
            content_sha256: sha256Hex(report.text),
            provider: DEMO_PROVIDER,
            license: "CC0-1.0",
            demo: true,
          },
        });
      }
    }
  }
  placed.sort((a, b) => a.at - b.at || (a.manifest.id < b.manifest.id ? -1 : 1));
  return placed.map((item) => item.manifest);
}
