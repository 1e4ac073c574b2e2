// Why the hygiene stage drops a sentence: one reason per dropped sentence, counted per build
// (the build's output and /metrics) and documented in docs/stories.md.

/** Every reason, in the order reports list them. */
export const DROP_REASONS = [
  /** A sentence one publisher repeats across unrelated Manifests (site furniture). */
  "boilerplate",
  /** A photo or video caption ("Hide Caption 10 of 30", "FILE - In this … file photo"). */
  "caption",
  /** A byline, photo credit or agency tag ("Author: …", "(AFP, dpa)", "Photo: Reuters"). */
  "credit",
  /** Links to other pages ("Read more: …", "Related: …", "Continue reading the main story"). */
  "navigation",
  /** Newsletter, sign-up, follow-us and robot-check prompts. */
  "subscription",
  /** Copyright, rights and terms lines. */
  "legal",
  /** Embedded posts: tweets ("pic.twitter.com/…", "— Name (@handle) December 31, 2017"). */
  "embed",
  /** URLs, handles and e-mail addresses. */
  "link",
  /** Mostly capital letters ("LAS VEGAS BLVD."). */
  "capitals",
  /** A line without closing punctuation: a heading, subheading, caption or label. */
  "heading",
  /** No finite verb: a label, a heading or a list item, not a statement. */
  "no-verb",
  /** Too short to state anything (fewer than three words), or no letters at all. */
  "fragment",
  /**
   * Every sentence of a Manifest its publisher labels as advertising ("[Sponsor] …", "This
   * post is sponsored by …": advertisements.ts). The Manifest is in no story.
   */
  "advertisement",
] as const;

export type DropReason = (typeof DROP_REASONS)[number];

/** What the hygiene stage did in one build. */
export interface HygieneCounts {
  /** Sentences read (kept and dropped). */
  sentences: number;
  /** Dropped sentences by reason. */
  dropped: Record<DropReason, number>;
}

export function emptyHygieneCounts(): HygieneCounts {
  return {
    sentences: 0,
    dropped: Object.fromEntries(DROP_REASONS.map((reason) => [reason, 0])) as Record<
      DropReason,
      number
    >,
  };
}

/** Adds `more` into `total`. */
export function addHygieneCounts(total: HygieneCounts, more: HygieneCounts): void {
  total.sentences += more.sentences;
  for (const reason of DROP_REASONS) total.dropped[reason] += more.dropped[reason];
}
