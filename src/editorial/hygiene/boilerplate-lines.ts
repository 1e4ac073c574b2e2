// Boilerplate by frequency: a line (a paragraph of the extracted text) that one publisher
// repeats in unrelated Manifests of the window is site furniture ("Follow INSIDER on
// Facebook.", a standing legal line), whatever its wording or language. Two Manifests are
// unrelated when their titles share less than half of their words: a publisher's update of
// one report (same story, new version) shares lines and most of its title, and keeps them.
// Lines, not sentences, because they are found without reading words: splitting on line
// breaks and hashing costs little next to reading the texts, so the whole topic is scanned.

export interface BoilerplateSource {
  publisherDomain: string;
  title: string;
  text: string;
}

/** Titles sharing at least this share of their words (Jaccard) are one story's versions. */
export const RELATED_TITLES = 0.5;
/** Documents remembered per repeated line: enough to find an unrelated pair. */
const DOCUMENTS_PER_LINE = 6;
/** Lines shorter than this (characters) are not compared: "Share", "Photos" say nothing. */
const MIN_LINE_CHARACTERS = 12;

function linesOf(text: string): string[] {
  const lines = new Set<string>();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.length >= MIN_LINE_CHARACTERS) lines.add(line);
  }
  return [...lines];
}

function titleWords(title: string): Set<string> {
  return new Set(title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

function related(a: Set<string>, b: Set<string>): boolean {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 || shared / union >= RELATED_TITLES;
}

/**
 * For each source (same order), the lines of its text that its publisher also wrote in an
 * unrelated source: empty for almost every source.
 */
export function findBoilerplateLines(sources: readonly BoilerplateSource[]): string[][] {
  const seen = new Map<string, number[]>();
  const linesBySource = sources.map((source, index) => {
    const lines = source.text.includes("\n") ? linesOf(source.text) : [];
    for (const line of lines) {
      const key = `${source.publisherDomain}\n${line}`;
      const holders = seen.get(key);
      if (!holders) seen.set(key, [index]);
      else if (holders.length < DOCUMENTS_PER_LINE) holders.push(index);
    }
    return lines;
  });
  const titles = new Map<number, Set<string>>();
  const wordsOf = (index: number) => {
    let words = titles.get(index);
    if (!words) titles.set(index, (words = titleWords(sources[index]!.title)));
    return words;
  };
  const boilerplate = new Set<string>();
  for (const [key, holders] of seen) {
    if (holders.length < 2) continue;
    const unrelatedPair = holders.some((a, i) =>
      holders.slice(i + 1).some((b) => !related(wordsOf(a), wordsOf(b))),
    );
    if (unrelatedPair) boilerplate.add(key);
  }
  if (boilerplate.size === 0) return sources.map(() => []);
  return linesBySource.map((lines, index) =>
    lines.filter((line) => boilerplate.has(`${sources[index]!.publisherDomain}\n${line}`)),
  );
}
