// A story as every list shows it (latest.json, topic indexes, feeds): the spec's StorySummary
// with every field filled, plus `topic` and `updated_at`. Computed once when an edition is
// saved, so publishing lists never has to read whole stories.
import type { ListedStory, Story } from "../api/story.js";
import { storyLinksOf } from "./site-links.js";

/** The summary of a composed story (its own fields, nothing recomputed). */
export function summarizeStory(story: Story, topic: string): ListedStory {
  return {
    slug: story.slug,
    url: story.url,
    json: story.json ?? storyLinksOf(story.url).json,
    markdown: story.markdown ?? storyLinksOf(story.url).markdown,
    headline: story.headline,
    ...(story.dek === undefined ? {} : { dek: story.dek }),
    beat: story.beat ?? null,
    topic,
    published_at: story.published_at,
    updated_at: story.updated_at ?? story.published_at,
    ...(story.trust === undefined ? {} : { trust: story.trust }),
    ...(story.source_count === undefined ? {} : { source_count: story.source_count }),
    cited_manifest_ids: story.cited_manifest_ids,
  };
}
