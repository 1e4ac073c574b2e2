// How much of a cluster a story shows. A story about thousands of wire copies must stay a
// readable page: facts cite at most `citationsPerFact` Manifests (one per publisher first),
// and the per-source and timeline sections list at most so many Manifests.

export interface StoryLimits {
  keyFacts: number;
  factsShown: number;
  citationsPerFact: number;
  sourcesShown: number;
  timelineShown: number;
}

export const DEFAULT_STORY_LIMITS: StoryLimits = Object.freeze({
  keyFacts: 8,
  factsShown: 12,
  citationsPerFact: 20,
  sourcesShown: 20,
  timelineShown: 30,
});
