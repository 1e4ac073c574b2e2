// The questions the query, ask and cluster benchmarks ask of the synthetic archive: a
// realistic mix, most written from one fact of a recent story. Deterministic (seeded).
import { seededRandom } from "../test/support/seeded-random.js";
import type { Archive } from "./generate-archive.js";
import { pick, pseudoWord } from "./random-draws.js";
import { DAY_MS } from "../src/time/cut-time.js";

export interface BenchQuestion {
  query: string;
  topic?: string;
  days: number;
  /** The fact the question was written from (undefined: any answer, or none, will do). */
  expected?: string;
}

const GENERIC_QUESTIONS = [
  "what is the latest news today?",
  "what happened yesterday?",
  "who won the match?",
  "is there any news about the economy?",
  "what did the government announce this week?",
  "how many people were hurt?",
  "what are the main stories right now",
  "any update on the strike?",
];
const QUESTION_SHAPES = [
  (a: string, b: string, name: string) => `What happened to the ${a} ${b} in ${name}?`,
  (a: string, b: string, name: string) => `How many ${a} did ${name} ${b}?`,
  (a: string, b: string, name: string) => `why did ${name} ${a} the ${b}`,
  (a: string, b: string, name: string) => `${name} ${a} ${b}`,
  (a: string, b: string, name: string) => `Who said what about the ${a} and ${b} at ${name}?`,
  (a: string, b: string) => `is it true that the ${a} was ${b}?`,
];

/**
 * A realistic mix: most questions about one recent story (two of a fact's words and a name
 * from the headline, in a question's shape), some generic ones, some that match nothing, a
 * few with a topic, a 30-day range or 300+ characters.
 */
export function generateQuestions(archive: Archive, count: number, seed = 5): BenchQuestion[] {
  const next = seededRandom(seed);
  const recent = archive.stories.filter(
    (story) =>
      archive.now.getTime() - Date.parse(story.updated_at ?? story.published_at) < 7 * DAY_MS,
  );
  const questions: BenchQuestion[] = [];
  while (questions.length < count) {
    const roll = next();
    if (roll < 0.1) {
      questions.push({ query: pick(GENERIC_QUESTIONS, next), days: 7 });
      continue;
    }
    if (roll < 0.15) {
      questions.push({ query: `${pseudoWord(next, 5)} ${pseudoWord(next, 5)}?`, days: 7 });
      continue;
    }
    const story = pick(recent, next);
    const fact = pick(story.sections[0]?.paragraphs ?? [], next);
    const distinctive = (fact.text.match(/\b[a-z]{4,}\b/g) ?? []).filter(
      (w) => !archive.common.has(w),
    );
    const words = distinctive.length > 0 ? distinctive : ["news", "today"];
    const names = story.headline.match(/\b[A-Z][a-z]{3,}\b/g) ?? ["the town"];
    const shape = pick(QUESTION_SHAPES, next);
    const first = Math.floor(next() * words.length);
    const second = (first + 1 + Math.floor(next() * (words.length - 1))) % words.length;
    let query = shape(words[first] as string, words[second] as string, pick(names, next));
    if (roll > 0.97) query = `${query} ${fact.text} ${story.headline} ${fact.text}`.slice(0, 500);
    questions.push({
      query,
      days: roll > 0.9 && roll <= 0.95 ? 30 : 7,
      ...(roll > 0.85 && roll <= 0.9 && story.topic ? { topic: story.topic } : {}),
      expected: fact.text,
    });
  }
  return questions;
}
