// The parts of an edition's stories that a reader reads as statements, one row per part: the
// headline, the dek, each key fact, each sentence of "What we know" and of "What each source
// reports" (a title shown there for want of a sentence is left out: the timeline's kind). The blind audit judges
// these rows; the eval looks its verdicts up by set, part and text.
import { SECTION_HEADINGS } from "../../src/api/story.js";
import type { Edition } from "../../src/editorial/build-edition.js";

export const STORY_PARTS = [
  "headline",
  "dek",
  "key_fact",
  "known_sentence",
  "source_sentence",
] as const;
export type StoryPart = (typeof STORY_PARTS)[number];

const SECTION_PARTS = new Map<string, StoryPart>([
  [SECTION_HEADINGS.facts, "known_sentence"],
  [SECTION_HEADINGS.sources, "source_sentence"],
]);

export interface StoryPartRow {
  part: StoryPart;
  text: string;
  /** The headline of the story the row belongs to: the judge's context for "off the event". */
  story: string;
}

export function storyParts(edition: Edition): StoryPartRow[] {
  const rows: StoryPartRow[] = [];
  for (const { story } of edition.stories) {
    const context = story.headline;
    rows.push({ part: "headline", text: story.headline, story: context });
    if (story.dek !== undefined) rows.push({ part: "dek", text: story.dek, story: context });
    for (const fact of story.key_facts ?? []) {
      rows.push({ part: "key_fact", text: fact.text, story: context });
    }
    const titles = new Set((story.manifests ?? []).map((manifest) => manifest.title));
    for (const section of story.sections) {
      const part = SECTION_PARTS.get(section.heading);
      if (part === undefined) continue;
      for (const { text } of section.paragraphs) {
        if (!titles.has(text)) rows.push({ part, text, story: context });
      }
    }
  }
  return rows;
}
