// Counts the junk key facts, deks and headlines of an edition by the junk detector, keeping
// the first few examples of each with the reason.
import { SECTION_HEADINGS, type Story } from "../src/api/story.js";
import type { Edition } from "../src/editorial/build-edition.js";
import { junkDekReason, junkFactReason, junkHeadlineReason } from "./junk-detector.js";

export interface JunkExample {
  text: string;
  reason: string;
}

export interface JunkShare {
  junk: number;
  total: number;
  examples: JunkExample[];
}

export interface EditionJunk {
  keyFacts: JunkShare;
  deks: JunkShare;
  headlines: JunkShare;
  /** The sentences of "What each source reports" (titles shown for want of one aside). */
  sourceSentences: JunkShare;
}

/** How many examples of each kind a report keeps. */
const EXAMPLES_KEPT = 5;

function emptyShare(): JunkShare {
  return { junk: 0, total: 0, examples: [] };
}

function judge(share: JunkShare, text: string, reason: string | null): void {
  share.total++;
  if (reason === null) return;
  share.junk++;
  if (share.examples.length < EXAMPLES_KEPT) share.examples.push({ text, reason });
}

/** The publisher of the Manifest a story's headline is taken from. */
function headlinePublisher(story: Story): { name?: string; domain?: string } {
  const id = (story as { headline_manifest_id?: string }).headline_manifest_id;
  const manifest = (story.manifests ?? []).find((candidate) => candidate.id === id);
  return manifest ? manifest.publisher : {};
}

/** The junk shares of every story of an edition (stories without a dek count no dek). */
export function editionJunk(edition: Edition): EditionJunk {
  const result = {
    keyFacts: emptyShare(),
    deks: emptyShare(),
    headlines: emptyShare(),
    sourceSentences: emptyShare(),
  };
  for (const { story } of edition.stories) {
    // A key fact may be the text of a headline-only item (its title, or the headline part
    // of a title with a " | " site or section part), which has no stop.
    const headlineOnly = (story.manifests ?? [])
      .filter((manifest) => manifest.text.trim() === manifest.title.trim())
      .map((manifest) => manifest.title);
    const fromTitle = (text: string) => headlineOnly.some((title) => title.includes(text.trim()));
    const titles = new Set((story.manifests ?? []).map((manifest) => manifest.title));
    for (const section of story.sections) {
      if (section.heading !== SECTION_HEADINGS.sources) continue;
      for (const { text } of section.paragraphs)
        if (!titles.has(text)) {
          judge(result.sourceSentences, text, junkFactReason(text, fromTitle(text)));
        }
    }
    for (const fact of story.key_facts ?? []) {
      judge(result.keyFacts, fact.text, junkFactReason(fact.text, fromTitle(fact.text)));
    }
    if (story.dek !== undefined) judge(result.deks, story.dek, junkDekReason(story.dek));
    const publisher = headlinePublisher(story);
    judge(
      result.headlines,
      story.headline,
      junkHeadlineReason(story.headline, publisher.name, publisher.domain),
    );
  }
  return result;
}

/** The share as a fraction (0 when there is nothing to judge). */
export function junkFraction(share: JunkShare): number {
  return share.total === 0 ? 0 : share.junk / share.total;
}
