// The list files of a tree: `editions/latest.json`, `n/{topic}/index.json` and
// `roundups/index.json`. Pure functions of the edition's listed stories; `generated_at` is the
// edition's cut, never the clock.
import { citesDemo, FICTIONAL_NOTICE } from "../demo/demo-ids.js";
import type { LatestStories, Newsroom, StoryList } from "../api/story-lists.js";
import type { Roundups } from "../api/roundups.js";
import { EDITION_INTERVAL_MS } from "../time/cut-time.js";
import type { ListedStory } from "../api/story.js";
import type { SiteLinks } from "../tree/site-links.js";

/** A story of the tree, with the edition that last published it. */
export interface TreeStory {
  cutMs: number;
  summary: ListedStory;
}

export interface NewsroomEntry {
  id: string;
  title: string;
  description: string;
}

export const LATEST_DESCRIPTION =
  "The latest edition: stories built every 12 hours (00:00 and 12:00 UTC) from the Manifests of the preceding 24 hours. Every claim cites Manifest ids.";

/** JSON text of a published file: two-space indents and a final newline, always the same. */
export function jsonFileText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function newsroomLinks(newsrooms: readonly NewsroomEntry[], links: SiteLinks): Newsroom[] {
  return newsrooms.map((newsroom) => ({
    id: newsroom.id,
    title: newsroom.title,
    url: links.topicPage(newsroom.id),
    json: links.topicJson(newsroom.id),
    description: newsroom.description,
  }));
}

/** `stories`: this edition's; `published_last_24h`: this edition's and the one before. */
export function renderLatest(options: {
  cutMs: number;
  stories: readonly TreeStory[];
  newsrooms: readonly NewsroomEntry[];
  links: SiteLinks;
}): LatestStories {
  const { cutMs, stories, links } = options;
  const current = stories.filter((story) => story.cutMs === cutMs).map((story) => story.summary);
  const fictional = current.some((story) => citesDemo(story.cited_manifest_ids));
  return {
    generated_at: new Date(cutMs).toISOString(),
    description: fictional ? `${LATEST_DESCRIPTION} ${FICTIONAL_NOTICE}` : LATEST_DESCRIPTION,
    stories: current,
    published_last_24h: stories
      .filter((story) => story.cutMs >= cutMs - EDITION_INTERVAL_MS && story.cutMs <= cutMs)
      .map((story) => story.summary),
    newsrooms: newsroomLinks(options.newsrooms, links),
    feeds: { ...links.feeds },
  };
}

/** One topic's index: every story of the list window, newest first. */
export function renderTopicList(options: {
  cutMs: number;
  newsroom: NewsroomEntry;
  stories: readonly TreeStory[];
  links: SiteLinks;
}): StoryList {
  const stories = options.stories
    .filter((story) => story.summary.topic === options.newsroom.id)
    .map((story) => story.summary);
  return {
    schema: `${options.links.file("openapi.json")}#/components/schemas/StoryList`,
    type: "StoryList",
    id: options.newsroom.id,
    title: options.newsroom.title,
    description: options.newsroom.description,
    url: options.links.topicPage(options.newsroom.id),
    generated_at: new Date(options.cutMs).toISOString(),
    story_count: stories.length,
    stories,
  };
}

export function renderRoundups(cutMs: number, roundups: Roundups["roundups"]): Roundups {
  const cut = new Date(cutMs).toISOString();
  return { generated_at: cut, edition: cut, roundups };
}
