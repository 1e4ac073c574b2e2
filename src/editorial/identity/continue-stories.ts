// Story identity across editions (DESIGN.md, "Editions and story identity"): a cluster that
// shares Manifests with a story of the previous 24 hours continues that story (same date,
// slug and URL); otherwise it is a new story dated by the cut.

/** A story as an earlier edition left it. */
export interface PreviousStory {
  date: string;
  slug: string;
  publishedAt: string;
  /** Every Manifest of its cluster then. */
  memberIds: readonly string[];
}

export interface Continuation {
  /** For each cluster (by index), the previous story it continues, if any. */
  continues: Array<PreviousStory | undefined>;
}

/**
 * Matches clusters to previous stories by shared Manifests. Each previous story is continued
 * by at most one cluster: the one sharing the most Manifests with it (earliest cluster on
 * ties); each cluster continues the previous story it shares most with.
 */
export function matchPreviousStories(
  clusters: ReadonlyArray<readonly string[]>,
  previous: readonly PreviousStory[],
): Continuation {
  const storyOf = new Map<string, number>();
  previous.forEach((story, index) => {
    for (const id of story.memberIds) if (!storyOf.has(id)) storyOf.set(id, index);
  });
  const candidates: Array<{ cluster: number; story: number; shared: number }> = [];
  clusters.forEach((ids, cluster) => {
    const shared = new Map<number, number>();
    for (const id of ids) {
      const story = storyOf.get(id);
      if (story !== undefined) shared.set(story, (shared.get(story) ?? 0) + 1);
    }
    for (const [story, count] of shared) candidates.push({ cluster, story, shared: count });
  });
  candidates.sort((a, b) => b.shared - a.shared || a.cluster - b.cluster || a.story - b.story);
  const continues: Array<PreviousStory | undefined> = clusters.map(() => undefined);
  const usedStories = new Set<number>();
  for (const { cluster, story } of candidates) {
    if (continues[cluster] !== undefined || usedStories.has(story)) continue;
    continues[cluster] = previous[story];
    usedStories.add(story);
  }
  return { continues };
}
