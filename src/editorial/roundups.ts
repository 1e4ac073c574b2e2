// Roundups: related stories of an edition, across topics. The rule (docs/stories.md): stories
// that share a beat (the commonest tag of their Manifests) form a roundup when there are at
// least two of them; the largest roundups come first.
import type { Story } from "../api/story.js";
import { roundupTitle } from "./roundup-title.js";

export interface RoundupEntry {
  slug: string;
  url: string;
  json: string;
  headline: string;
  topic: string;
  published_at: string;
}

export interface Roundup {
  id: string;
  title: string;
  beat: string;
  story_count: number;
  topics: string[];
  stories: RoundupEntry[];
}

export const MIN_ROUNDUP_STORIES = 2;

export function buildRoundups(stories: ReadonlyArray<{ topic: string; story: Story }>): Roundup[] {
  const byBeat = new Map<string, RoundupEntry[]>();
  const storiesOf = new Map<string, Story[]>();
  for (const { topic, story } of stories) {
    if (!story.beat) continue;
    const beatStories = storiesOf.get(story.beat) ?? [];
    beatStories.push(story);
    storiesOf.set(story.beat, beatStories);
    const entries = byBeat.get(story.beat) ?? [];
    entries.push({
      slug: story.slug,
      url: story.url,
      json: typeof story.json === "string" ? story.json : story.url,
      headline: story.headline,
      topic,
      published_at: story.published_at,
    });
    byBeat.set(story.beat, entries);
  }
  return [...byBeat]
    .filter(([, entries]) => entries.length >= MIN_ROUNDUP_STORIES)
    .map(([beat, entries]) => ({
      id: beat,
      title: roundupTitle(beat, storiesOf.get(beat) ?? []),
      beat,
      story_count: entries.length,
      topics: [...new Set(entries.map((entry) => entry.topic))].sort(),
      stories: entries,
    }))
    .sort((a, b) => b.story_count - a.story_count || (a.id < b.id ? -1 : 1));
}
