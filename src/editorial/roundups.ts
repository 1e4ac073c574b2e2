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
  const byBeat = new Map<string, Array<{ topic: string; story: Story }>>();
  for (const entry of stories) {
    const { beat } = entry.story;
    if (!beat) continue;
    const members = byBeat.get(beat);
    if (members) members.push(entry);
    else byBeat.set(beat, [entry]);
  }
  return [...byBeat]
    .filter(([, members]) => members.length >= MIN_ROUNDUP_STORIES)
    .map(([beat, members]) => ({
      id: beat,
      title: roundupTitle(
        beat,
        members.map(({ story }) => story),
      ),
      beat,
      story_count: members.length,
      topics: [...new Set(members.map(({ topic }) => topic))].sort(),
      stories: members.map(({ topic, story }) => ({
        slug: story.slug,
        url: story.url,
        json: typeof story.json === "string" ? story.json : story.url,
        headline: story.headline,
        topic,
        published_at: story.published_at,
      })),
    }))
    .sort((a, b) => b.story_count - a.story_count || (a.id < b.id ? -1 : 1));
}
