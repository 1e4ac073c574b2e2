// The facts of one story that /ask can return: its key facts, the paragraphs of "What we
// know", each source's sentences ("What each source reports") and the timeline's titles,
// each once, with the story it comes from and how many publishers state it.
import { ANSWER_SECTION_HEADINGS, type IndexedStory } from "./indexed-story.js";

/** What every fact of a story shares (one object per story). */
export interface StoryRef {
  url: string;
  headline: string;
  publishedAt: string;
  /** The cut of the edition that last refreshed the story; published_at when absent. */
  updatedAt: string;
  topic: string | undefined;
  /** Time of the story's last edition (updated_at, else published_at), in ms. */
  freshMs: number;
}

export interface Fact {
  /** The sentence, exactly as the story prints it. */
  text: string;
  manifestIds: readonly string[];
  /**
   * Publishers stating it: distinct domains among the cited Manifests, or the key fact's
   * corroborated_by (the same claim in other words) when larger; at least 1.
   */
  publishers: number;
  story: StoryRef;
  /**
   * The story's `unresolved` line for the disputed quantity this fact states a value of
   * ("Sources differ: …"), or undefined.
   */
  dispute: string | undefined;
}

export function storyRef(story: IndexedStory): StoryRef {
  const updatedAt = story.updated_at ?? story.published_at;
  return {
    url: story.url,
    headline: story.headline,
    publishedAt: story.published_at,
    updatedAt,
    topic: story.topic,
    freshMs: Math.max(Date.parse(updatedAt), Date.parse(story.published_at)),
  };
}

/**
 * Counts the distinct publisher domains of the cited Manifests. Ids the story does not list
 * count for nothing, but a fact always has at least one source.
 */
function countPublishers(ids: readonly string[], domains: ReadonlyMap<string, string>): number {
  const seen = new Set<string>();
  for (const id of ids) {
    const domain = domains.get(id);
    if (domain !== undefined) seen.add(domain);
  }
  return Math.max(1, seen.size);
}

/**
 * Key facts first, then the paragraphs of "What we know", of each source and of the
 * timeline; the same text twice is one fact citing the Manifests of both.
 */
export function extractFacts(story: IndexedStory, ref: StoryRef = storyRef(story)): Fact[] {
  const domains = new Map((story.manifests ?? []).map((m) => [m.id, m.publisher.domain]));
  const known = story.sections
    .filter((section) => ANSWER_SECTION_HEADINGS.has(section.heading))
    .flatMap((section) => section.paragraphs);
  const byText = new Map<string, string[]>();
  // A key fact says how many publishers state its claim in any wording (corroborated_by).
  const corroborated = new Map<string, number>();
  const disputes = new Map<string, string>();
  for (const item of [...(story.key_facts ?? []), ...known]) {
    if (item.text.trim() === "") continue;
    const dispute =
      typeof item.unresolved_index === "number"
        ? story.unresolved?.[item.unresolved_index]
        : undefined;
    if (dispute !== undefined) disputes.set(item.text, dispute);
    const ids = byText.get(item.text);
    if (ids === undefined) byText.set(item.text, [...item.manifest_ids]);
    else for (const id of item.manifest_ids) if (!ids.includes(id)) ids.push(id);
    if ("corroborated_by" in item && typeof item.corroborated_by === "number")
      corroborated.set(item.text, item.corroborated_by);
  }
  return [...byText].map(([text, manifestIds]) => ({
    text,
    manifestIds,
    publishers: Math.max(countPublishers(manifestIds, domains), corroborated.get(text) ?? 0),
    story: ref,
    dispute: disputes.get(text),
  }));
}
