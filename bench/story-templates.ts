// The demo corpus's events as templates for the query benchmark's generated stories, and the
// rewriter that gives each story its own names, numbers and rarer words.
import { join } from "node:path";
import { packageRoot } from "../src/config/package-root.js";
import { loadDemoCorpus } from "../src/demo/demo-corpus.js";
import { pseudoWord, type Random } from "./random-draws.js";

/** The most used words of the demo corpus (function words and the like) are never swapped. */
export const COMMON_WORDS = 300;

/** Good enough for the demo's plain English; the builder's splitter is not needed here. */
const SENTENCE_END = /(?<=[.!?]["”]?)\s+(?=["“]?[A-Z])/;

export interface Template {
  topic: string;
  titles: string[];
  sentences: string[];
}

/** The demo events as templates: real English sentence shapes, names and numbers to replace. */
export function demoTemplates(): {
  templates: Template[];
  vocabulary: Set<string>;
  common: Set<string>;
} {
  const corpus = loadDemoCorpus(join(packageRoot(), "demo"));
  const counts = new Map<string, number>();
  const templates = corpus.events.map((event) => {
    const sentences = [
      ...new Set(event.reports.flatMap((report) => report.text.split(SENTENCE_END))),
    ];
    for (const sentence of sentences)
      for (const word of sentence.match(/\b[a-z]+\b/g) ?? [])
        counts.set(word, (counts.get(word) ?? 0) + 1);
    return { topic: event.topic, titles: event.reports.map((report) => report.title), sentences };
  });
  const byUse = [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
  return { templates, vocabulary: new Set(byUse), common: new Set(byUse.slice(0, COMMON_WORDS)) };
}

/**
 * Rewrites a template sentence for one story: its names become the story's own made-up names,
 * its numbers the story's numbers, and about one content word in five a word drawn by Zipf's
 * law from a 30,000-word vocabulary, so that the archive has a long tail of rare words.
 */
export function rewriter(
  { vocabulary, common }: { vocabulary: Set<string>; common: Set<string> },
  words: string[],
  drawWord: () => number,
  next: Random,
) {
  return () => {
    const names = new Map<string, string>();
    const numbers = new Map<string, string>();
    const swapped = new Map<string, string>();
    return (sentence: string) =>
      sentence.replace(/\b[A-Z][a-z]+\b|\b\d[\d,.]*\d\b|\b\d\b|\b[a-z]{4,}\b/g, (token) => {
        if (/^\d/.test(token)) {
          if (!numbers.has(token))
            numbers.set(
              token,
              token.replace(/\d/g, () => String(Math.floor(next() * 10))),
            );
          return numbers.get(token) as string;
        }
        if (/^[A-Z]/.test(token)) {
          if (vocabulary.has(token.toLowerCase())) return token;
          if (!names.has(token)) {
            const name = pseudoWord(next, 2 + Math.floor(next() * 2));
            names.set(token, `${name.charAt(0).toUpperCase()}${name.slice(1)}`);
          }
          return names.get(token) as string;
        }
        if (!swapped.has(token))
          swapped.set(
            token,
            !common.has(token) && next() < 0.2 ? (words[drawWord()] as string) : token,
          );
        return swapped.get(token) as string;
      });
  };
}
