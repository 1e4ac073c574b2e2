// How much of a cluster a story shows. A story about thousands of wire copies must stay a
// readable page: facts cite at most `citationsPerFact` Manifests (one per publisher first),
// and the per-source and timeline sections list at most so many Manifests. Each source shows
// its summary and a few further sentences (source-sentences.ts), within a size budget.

export interface StoryLimits {
  keyFacts: number;
  factsShown: number;
  citationsPerFact: number;
  sourcesShown: number;
  /** Sentences shown per source in "What each source reports", its summary included. */
  sentencesPerSource: number;
  /** Characters all sources' further sentences may take together. */
  sourceSentenceChars: number;
  timelineShown: number;
}

export const DEFAULT_STORY_LIMITS: StoryLimits = Object.freeze({
  keyFacts: 8,
  factsShown: 12,
  citationsPerFact: 20,
  sourcesShown: 20,
  sentencesPerSource: 6,
  sourceSentenceChars: 12_000,
  timelineShown: 30,
});
