// The headline: a real article title that names the event. Of the cluster's titles, the one
// whose words (and whose article's words) the other reports share most, never a title that is
// only a site or section name ("ABC News", "World news - RT International", "NPR Search :
// NPR"), which extractors return when a page has no headline of its own.
import type { Manifest } from "../../manifests/schema.js";
import type { AnalyzedManifest } from "./analyze.js";
import { type Centroid, centrality } from "./centroid.js";

/** Words a title needs besides site words to name an event. */
export const MIN_TITLE_WORDS = 3;

/** Words of site and section names; a title of these and the publisher's name says nothing. */
const SITE_WORDS = new Set(
  (
    "news world international national local search home homepage online latest breaking " +
    "live video videos photos pictures section headlines top stories story today daily " +
    "edition page site website official channel tv radio network media the and of a on in " +
    "com net org co uk www index"
  ).split(" "),
);

/**
 * Words of a date: a programme or a page dates itself ("News With Ed -- October 2, 2017",
 * "Daily Briefing, Monday 5 March"), and a date names no event. English.
 */
const DATE_WORDS = new Set(
  (
    "january february march april may june july august september october november december " +
    "jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday " +
    "friday saturday sunday"
  ).split(" "),
);

const WORD = /[\p{L}\p{N}]+/gu;
const NUMBER = /^\p{N}+$/u;

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** What a title is compared with of its publisher: the words of its name and domain. */
interface PublisherWords {
  /** Words of the name and the domain. */
  own: ReadonlySet<string>;
  /** The name's words. */
  name: readonly string[];
  /** The domain's labels ("abcnews", "go", "com"). */
  labels: readonly string[];
}

/** Publishers whose words are kept (far more than a window holds); cleared when reached. */
const PUBLISHER_WORDS_LIMIT = 10_000;
/** Domain and name → their words: a build asks about every title of a publisher. */
const publisherWordsCache = new Map<string, PublisherWords>();

function publisherWords(publisher: Manifest["publisher"]): PublisherWords {
  const key = `${publisher.domain}\n${publisher.name}`;
  let known = publisherWordsCache.get(key);
  if (known === undefined) {
    if (publisherWordsCache.size >= PUBLISHER_WORDS_LIMIT) publisherWordsCache.clear();
    const name = wordsOf(publisher.name);
    const labels = wordsOf(publisher.domain);
    known = { own: new Set([...name, ...labels]), name, labels };
    publisherWordsCache.set(key, known);
  }
  return known;
}

/** Shortest word read inside a domain label as the site's own ("abc" in "abcnews.go.com"). */
const MIN_LABEL_PART = 3;

/**
 * How many words of a title are neither site words, words of a date, nor its publisher's own:
 * words of its name and domain, and words its domain's labels are made of ("ABC" of
 * abcnews.go.com, "Post" of washingtonpost.com), since sites name their domains by running
 * their names together.
 */
function contentCount(words: readonly string[], publisher: PublisherWords): number {
  const { own, labels } = publisher;
  // Numbers are a date's when a month or a weekday stands with them ("October 2, 2017"); a
  // year or a count alone may name the event ("The 2017 iPad Pros", "12 killed in…").
  const dated = words.some((word) => DATE_WORDS.has(word));
  let count = 0;
  for (const word of words) {
    if (SITE_WORDS.has(word) || DATE_WORDS.has(word) || own.has(word)) continue;
    if (dated && NUMBER.test(word)) continue;
    if (word.length >= MIN_LABEL_PART && labels.some((label) => label.includes(word))) continue;
    count++;
  }
  return count;
}

/** What a title says: why it is no headline of an event (or null), and its content words. */
interface TitleReading {
  problem: string | null;
  content: number;
}

function readTitle(title: string, publisher: Manifest["publisher"]): TitleReading {
  const known = publisherWords(publisher);
  const words = wordsOf(title);
  const content = contentCount(words, known);
  if (/(?:\.\.\.|…)\s*$/u.test(title)) return { problem: "cut short", content };
  const { name } = known;
  if (words.length === name.length && words.every((word, at) => word === name[at]))
    return { problem: "the publisher's name", content };
  return { problem: content < MIN_TITLE_WORDS ? "a site or section name" : null, content };
}

/** Why `title` is not a headline of an event, or null when it is one. */
export function titleProblem(title: string, publisher: Manifest["publisher"]): string | null {
  return readTitle(title, publisher).problem;
}

/**
 * True when `title` says nothing at all: only site and section words and its publisher's own
 * ("ABC News", "World news - RT International", "NPR Search : NPR"), as extractors return for
 * a page without a headline of its own. A short title ("Storm Ciara") still says something.
 */
export function namesNothing(title: string, publisher: Manifest["publisher"]): boolean {
  return readTitle(title, publisher).content === 0;
}

/** Words of a " | " part after which a title is only a site or section name ("| Opinion"). */
const MAX_PIPE_SUFFIX_WORDS = 4;
const PIPE_SUFFIX = / \| ([^|]+)$/u;
const DASH_SUFFIX = / [-–—] ([^-–—]+)$/u;

/**
 * Where the site or section name `title` ends in starts, or -1: a short " | " part ("… |
 * Opinion", "… | USA TODAY"), or a " - " part of site words and the publisher's own name ("… -
 * IGN", "… - nejm.org").
 */
function siteSuffixStart(title: string, publisher: Manifest["publisher"]): number {
  const pipe = PIPE_SUFFIX.exec(title);
  if (pipe !== null && wordsOf(pipe[1]!).length <= MAX_PIPE_SUFFIX_WORDS) return pipe.index;
  const dash = DASH_SUFFIX.exec(title);
  if (dash === null) return -1;
  const { own } = publisherWords(publisher);
  const words = wordsOf(dash[1]!);
  const site = words.length > 0 && words.every((word) => own.has(word) || SITE_WORDS.has(word));
  return site ? dash.index : -1;
}

/**
 * True when `title` ends in a site or section name (siteSuffixStart). A title without one
 * heads a story better: the same headline, nothing else.
 */
export function hasSiteSuffix(title: string, publisher: Manifest["publisher"]): boolean {
  return siteSuffixStart(title, publisher) >= 0;
}

/**
 * The headline a title gives: the title word for word, without a site or section suffix
 * ("Tony Dow dies at 77 | USA TODAY" → "Tony Dow dies at 77") when what is left still names
 * an event. The headline stays a part of the title, copied as it stands.
 */
export function headlineOf(title: string, publisher: Manifest["publisher"]): string {
  const trimmed = title.trim();
  const cut = siteSuffixStart(trimmed, publisher);
  if (cut <= 0) return trimmed;
  // A suffix before a suffix ("… | NEJM - nejm.org") goes too.
  const kept = headlineOf(trimmed.slice(0, cut), publisher);
  return titleProblem(kept, publisher) === null ? kept : trimmed;
}

/**
 * The Manifest whose title heads the story: among titles that name an event, those without a
 * site or section suffix first, the most central (mean of its title's and its whole text's
 * centrality); earliest on ties. When no title names an event, a short one before one that
 * names nothing (namesNothing), then the most central all the same: composeStory heads a
 * story whose titles all name nothing with its dek instead.
 */
export function headlineManifest(
  manifests: readonly Manifest[],
  analyses: readonly AnalyzedManifest[],
  centroid: Centroid,
): Manifest {
  let best = -1;
  let bestScore = -Infinity;
  manifests.forEach((manifest, index) => {
    const analysis = analyses[index]!;
    const reading = readTitle(manifest.title, manifest.publisher);
    const named = reading.problem === null;
    const says = reading.content > 0;
    const plain = !hasSiteSuffix(manifest.title, manifest.publisher);
    const score =
      (named ? 8 : 0) +
      (says ? 4 : 0) +
      (plain ? 2 : 0) +
      (centrality(analysis.titleWords, centroid) + centrality(analysis.words, centroid)) / 2;
    if (score > bestScore) [best, bestScore] = [index, score];
  });
  return manifests[Math.max(0, best)] as Manifest;
}
