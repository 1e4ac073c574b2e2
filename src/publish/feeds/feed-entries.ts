// The per-story facts every feed shows, computed once: cleaned title and summary, the dates,
// the links and the categories (topic, then beat).
import type { ValidFeedInput } from "./feed-input.js";
import { beatScheme, topicScheme } from "./feed-links.js";
import { cleanFeedText } from "./feed-text.js";

type ValidFeedStory = ValidFeedInput["stories"][number];

export interface FeedCategory {
  term: string;
  /** Where the term comes from: `{base}/n/` for topics, `{base}/roundups/` for beats. */
  scheme: string;
}

export interface FeedEntry {
  /** The story page: item id, permalink and main link of every feed. */
  url: string;
  json: string;
  markdown: string;
  title: string;
  summary: string | undefined;
  published: string;
  /** `updated_at` when given, else `published_at` (Atom requires an updated date). */
  updated: string;
  /** Whether the story said when it last changed (JSON Feed's date_modified is then set). */
  hasUpdatedAt: boolean;
  categories: FeedCategory[];
  story: ValidFeedStory;
}

function categoriesOf(story: ValidFeedStory, homePageUrl: string): FeedCategory[] {
  const categories: FeedCategory[] = [];
  const topic = cleanFeedText(story.topic ?? "");
  if (topic !== "") categories.push({ term: topic, scheme: topicScheme(homePageUrl) });
  const beat = cleanFeedText(story.beat ?? "");
  if (beat !== "") categories.push({ term: beat, scheme: beatScheme(homePageUrl) });
  return categories;
}

/** One entry per story, in the given (newest first) order. */
export function feedEntries(input: ValidFeedInput): FeedEntry[] {
  return input.stories.map((story) => {
    const summary = cleanFeedText(story.dek ?? "");
    return {
      url: story.url,
      json: story.json,
      markdown: story.markdown,
      // Every entry needs a title; a headline made only of unusable characters falls back.
      title: cleanFeedText(story.headline) || cleanFeedText(story.slug) || story.url,
      summary: summary === "" ? undefined : summary,
      published: story.published_at,
      updated: story.updated_at ?? story.published_at,
      hasUpdatedAt: story.updated_at !== undefined,
      categories: categoriesOf(story, input.homePageUrl),
      story,
    };
  });
}
