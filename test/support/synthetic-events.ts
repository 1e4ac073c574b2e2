// Deterministic synthetic news for benchmarks and scale tests: events written from templated
// sentences over a made-up vocabulary, reported 5-50 times each with paraphrase noise and
// off-topic sentences, inside one 24-hour window. Not for quality claims: real and demo data are.
import type { ClusterDocument } from "../../src/editorial/cluster/cluster-documents.js";
import { seededRandom as randomFrom } from "./seeded-random.js";

export interface SyntheticOptions {
  /** Documents to generate. */
  documents: number;
  /** All documents report one event (wire copies with light edits) when true. */
  singleEvent?: boolean;
  seed?: number;
}

export interface SyntheticCorpus {
  documents: ClusterDocument[];
  labels: Map<string, string>;
}

const WINDOW_START_MS = Date.UTC(2026, 10, 20, 12);
const HOUR_MS = 3_600_000;
const SYLLABLES =
  "ka lo mer sin dra vel to run pa shi gor len tam bri os cal fen dor mi zu rek han tor vi".split(
    " ",
  );
const GLUE = "the of and in to a on said after with was for by at from as has that".split(" ");

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function between(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

function makeWord(random: Random, syllables: number): string {
  let word = "";
  for (let i = 0; i < syllables; i++) word += pick(random, SYLLABLES);
  return word;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

interface Vocabulary {
  common: string[];
  names: string[];
}

function vocabulary(random: Random): Vocabulary {
  const common = Array.from({ length: 4000 }, () => makeWord(random, between(random, 2, 3)));
  // Names are rarer and more varied than common words, as in real news.
  const names = Array.from({ length: 20_000 }, () =>
    capitalise(makeWord(random, between(random, 3, 4))),
  );
  return { common, names };
}

interface EventPlan {
  key: string;
  sentences: string[][];
  title: string[];
  hour: number;
}

// Zipf-like choice: low indexes are common words shared by many events.
function commonWord(random: Random, words: readonly string[]): string {
  return words[Math.floor(words.length * random() * random())]!;
}

function planEvent(random: Random, words: Vocabulary, key: string): EventPlan {
  const people = Array.from(
    { length: 2 },
    () => `${pick(random, words.names)} ${pick(random, words.names)}`,
  );
  const place = pick(random, words.names);
  const keywords = Array.from({ length: 8 }, () => commonWord(random, words.common));
  const figures = [String(between(random, 2, 900)), String(between(random, 1000, 99_999))];
  const specific = [...people, place, ...keywords, ...figures];
  const sentence = (): string[] =>
    Array.from({ length: between(random, 12, 18) }, () => {
      const roll = random();
      if (roll < 0.4) return pick(random, specific);
      if (roll < 0.7) return commonWord(random, words.common);
      return pick(random, GLUE);
    });
  return {
    key,
    sentences: Array.from({ length: 8 }, sentence),
    title: [
      place,
      pick(random, keywords),
      pick(random, GLUE),
      pick(random, people),
      pick(random, keywords),
      figures[0]!,
    ],
    hour: random() * 22,
  };
}

function paraphrase(
  random: Random,
  words: Vocabulary,
  tokens: readonly string[],
  noise: number,
): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    const roll = random();
    if (roll < noise / 3) continue;
    out.push(roll < noise ? commonWord(random, words.common) : token);
  }
  return out;
}

function asSentence(tokens: readonly string[]): string {
  const text = tokens.join(" ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function report(
  random: Random,
  words: Vocabulary,
  plan: EventPlan,
  noise: number,
): { title: string; text: string } {
  const chosen = [...plan.sentences].sort(() => random() - 0.5).slice(0, between(random, 4, 7));
  const offTopic = Array.from({ length: between(random, 1, 4) }, () =>
    Array.from({ length: between(random, 10, 16) }, () => commonWord(random, words.common)),
  );
  const sentences = [
    ...chosen.map((tokens) => paraphrase(random, words, tokens, noise)),
    ...offTopic,
  ];
  return {
    title: paraphrase(random, words, plan.title, noise)
      .map((w, i) => (i === 0 ? capitalise(w) : w))
      .join(" "),
    text: sentences.map(asSentence).join(" "),
  };
}

/** Generates `options.documents` documents; the same options always give the same corpus. */
export function syntheticEvents(options: SyntheticOptions): SyntheticCorpus {
  const random = randomFrom(options.seed ?? 20261120);
  const words = vocabulary(random);
  const publishers = Array.from({ length: 300 }, () => `${makeWord(random, 3)}.example`);
  const documents: ClusterDocument[] = [];
  const labels = new Map<string, string>();
  let eventIndex = 0;
  while (documents.length < options.documents) {
    const plan = planEvent(random, words, `event-${eventIndex++}`);
    const size = options.singleEvent ? options.documents : between(random, 5, 50);
    const noise = options.singleEvent ? 0.05 : 0.2;
    for (let i = 0; i < size && documents.length < options.documents; i++) {
      const { title, text } = report(random, words, plan, noise);
      const id = `${plan.key}-${i}`;
      const hour = options.singleEvent
        ? random() * 24
        : Math.min(23.99, plan.hour + random() * random() * 6);
      documents.push({
        id,
        title,
        text,
        language: "en",
        publishedAtMs: WINDOW_START_MS + Math.round(hour * HOUR_MS),
        publisherDomain: pick(random, publishers),
      });
      labels.set(id, plan.key);
    }
  }
  return { documents, labels };
}
