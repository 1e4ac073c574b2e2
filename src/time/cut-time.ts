// Time as every stage counts it (one module, so building, publishing, serving and querying
// agree): edition cut times, 00:00 and 12:00 UTC, and the window of each edition: an edition
// at cut T covers Manifests published in (T - 24 h, T] (spec: "Each story uses Manifests from
// the preceding 24 hours").

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const EDITION_INTERVAL_MS = 12 * HOUR_MS;
export const EDITION_WINDOW_MS = 24 * HOUR_MS;

/** The latest cut time not after `time`. */
export function latestCut(time: Date): Date {
  return new Date(Math.floor(time.getTime() / EDITION_INTERVAL_MS) * EDITION_INTERVAL_MS);
}

/** The first cut time after `time`. */
export function nextCut(time: Date): Date {
  return new Date(latestCut(time).getTime() + EDITION_INTERVAL_MS);
}

/** The Manifest window of the edition at `cut`: published in (after, until]. */
export function editionWindow(cut: Date): { after: Date; until: Date } {
  return { after: new Date(cut.getTime() - EDITION_WINDOW_MS), until: cut };
}

/** `YYYY-MM-DD` of a time in UTC: the date part of story paths. */
export function utcDate(time: Date): string {
  return time.toISOString().slice(0, 10);
}
