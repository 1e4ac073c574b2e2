// The edition a server process is serving: whether one is loaded, its age, its stories and
// the Manifests they cite. Read at scrape time from `edition()`, so nothing runs per request.
// In a cluster each worker holds its own tree: the aggregate takes the oldest (a worker that
// could not load the new tree shows) and the largest counts, never their sum.
import { Gauge, type Registry } from "prom-client";

/** What the metrics need to know of the live edition. */
export interface EditionSnapshot {
  /** Cut time of the edition (ms since the epoch). */
  cutMs: number;
  /** Stories of the edition (latest.json `stories`). */
  stories: number;
  /** Distinct Manifest ids those stories cite. */
  manifests: number;
}

export interface EditionMetricsOptions {
  /** The edition being served; undefined while none is loaded. */
  edition: () => EditionSnapshot | undefined;
  /** Milliseconds since the epoch. Default Date.now. */
  clock?: () => number;
}

/** Registers `svc_edition_loaded`, `svc_edition_age_seconds`, `_stories` and `_manifests`. */
export function editionMetrics(registry: Registry, options: EditionMetricsOptions): void {
  const clock = options.clock ?? Date.now;
  const gauge = (
    name: string,
    help: string,
    aggregator: "min" | "max",
    valueOf: (edition: EditionSnapshot) => number,
  ) =>
    new Gauge({
      name,
      help,
      aggregator,
      registers: [registry],
      collect() {
        const edition = options.edition();
        this.set(edition === undefined ? 0 : valueOf(edition));
      },
    });
  gauge(
    "svc_edition_loaded",
    "1 when an edition is loaded and served, 0 before (cluster: 0 if any worker has none).",
    "min",
    () => 1,
  );
  gauge(
    "svc_edition_age_seconds",
    "Seconds since the cut of the edition being served; 0 while none is loaded (cluster: the oldest).",
    "max",
    (edition) => Math.max(0, (clock() - edition.cutMs) / 1000),
  );
  gauge(
    "svc_edition_stories",
    "Stories of the edition being served (latest.json stories).",
    "max",
    (edition) => edition.stories,
  );
  gauge(
    "svc_edition_manifests",
    "Distinct Manifests cited by the stories of the edition being served.",
    "max",
    (edition) => edition.manifests,
  );
}
