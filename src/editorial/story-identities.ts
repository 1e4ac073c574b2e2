// The last step of a topic: each composed story gets its identity (the story it continues,
// or a new slug for the cut's date) and its links, in topic and cluster order, so that slugs
// never depend on thread timing. Pure: the slugs other editions took on each date are read
// beforehand (identityDates says which dates), and the sets grow as slugs are given.
import type { Story } from "../api/story.js";
import { utcDate } from "../time/cut-time.js";
import { storyLinks } from "../tree/site-links.js";
import type { StoryIdentity } from "./compose/compose-story.js";
import type { PreviousStory } from "./identity/continue-stories.js";
import { slugFromHeadline, uniqueSlug } from "./identity/slug.js";
import type { TopicJob, TopicStories } from "./topic-stories.js";

export interface BuiltStory {
  topic: string;
  identity: StoryIdentity;
  memberIds: string[];
  story: Story;
  /** True when the story continues one of an earlier edition. */
  continued: boolean;
}

/** Slugs taken on each date: by other editions, and by the stories given theirs so far. */
export type TakenSlugs = Map<string, Set<string>>;

/** The story of `job.previous` a composed story continues, if any. */
function earlierStory(job: TopicJob, continues: number | undefined): PreviousStory | undefined {
  return continues === undefined ? undefined : job.previous[continues];
}

/** The dates whose taken slugs the topic's stories need: the cut's, and those they continue. */
export function identityDates(job: TopicJob, built: TopicStories, cut: Date): string[] {
  const dates = new Set<string>();
  for (const { continues } of built.stories) {
    dates.add(earlierStory(job, continues)?.date ?? utcDate(cut));
  }
  return [...dates];
}

function slugsOn(taken: TakenSlugs, date: string): Set<string> {
  const slugs = taken.get(date);
  if (slugs === undefined) throw new Error(`the slugs taken on ${date} were not read`);
  return slugs;
}

/**
 * The topic's stories with their identity, links and original Manifests, in order. Adds the
 * slugs it gives (or continues) to `taken`, which must hold every date of identityDates.
 */
export function assignIdentities(
  job: TopicJob,
  built: TopicStories,
  edition: { cut: Date; baseUrl: string },
  taken: TakenSlugs,
): BuiltStory[] {
  const { cut } = edition;
  // A story built in a worker carries copies of its Manifests: point to the originals.
  const byId = new Map(job.manifests.map((manifest) => [manifest.id, manifest]));
  return built.stories.map(({ memberIds, continues, story: composed }) => {
    const earlier = earlierStory(job, continues);
    let identity: StoryIdentity;
    if (earlier) {
      identity = { date: earlier.date, slug: earlier.slug, publishedAt: earlier.publishedAt };
      slugsOn(taken, earlier.date).add(earlier.slug);
    } else {
      const date = utcDate(cut);
      const slugs = slugsOn(taken, date);
      identity = {
        date,
        slug: uniqueSlug(slugFromHeadline(composed.headline, memberIds.join(" ")), slugs),
        publishedAt: cut.toISOString(),
      };
      slugs.add(identity.slug);
    }
    const story: Story = {
      ...composed,
      slug: identity.slug,
      ...storyLinks(edition.baseUrl, identity),
      published_at: identity.publishedAt,
      manifests: (composed.manifests ?? []).map((manifest) => byId.get(manifest.id) ?? manifest),
    };
    return { topic: job.topic, identity, memberIds, story, continued: earlier !== undefined };
  });
}
