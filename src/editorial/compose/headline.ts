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

const WORD = /[\p{L}\p{N}]+/gu;

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).filter((word) => word.length > 0);
}

/** Why `title` is not a headline of an event, or null when it is one. */
export function titleProblem(title: string, publisher: Manifest["publisher"]): string | null {
  const own = new Set([...wordsOf(publisher.name), ...wordsOf(publisher.domain)]);
  if (/(?:\.\.\.|…)\s*$/u.test(title)) return "cut short";
  const words = wordsOf(title);
  if (words.join(" ") === wordsOf(publisher.name).join(" ")) return "the publisher's name";
  const content = words.filter((word) => !SITE_WORDS.has(word) && !own.has(word));
  return content.length < MIN_TITLE_WORDS ? "a site or section name" : null;
}

/** Words of a " | " part after which a title is only a site or section name ("| Opinion"). */
const MAX_PIPE_SUFFIX_WORDS = 4;
const PIPE_SUFFIX = / \| ([^|]+)$/u;
const DASH_SUFFIX = / [-–—] ([^-–—]+)$/u;

/**
 * True when `title` ends in a site or section name: a short " | " part ("… | Opinion", "… |
 * USA TODAY"), or a " - " part of site words and the publisher's own name ("… - IGN", "… -
 * nejm.org"). A title without one heads a story better: the same headline, nothing else.
 */
export function hasSiteSuffix(title: string, publisher: Manifest["publisher"]): boolean {
  const pipe = PIPE_SUFFIX.exec(title)?.[1];
  if (pipe !== undefined && wordsOf(pipe).length <= MAX_PIPE_SUFFIX_WORDS) return true;
  const dash = DASH_SUFFIX.exec(title)?.[1];
  if (dash === undefined) return false;
  const own = new Set([...wordsOf(publisher.name), ...wordsOf(publisher.domain)]);
  const words = wordsOf(dash);
  return words.length > 0 && words.every((word) => own.has(word) || SITE_WORDS.has(word));
}

/**
 * The Manifest whose title heads the story: among titles that name an event, those without a
 * site or section suffix first, the most central (mean of its title's and its whole text's
 * centrality); earliest on ties. When every title is a site name, the most central Manifest
 * all the same.
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
    const named = titleProblem(manifest.title, manifest.publisher) === null;
    const plain = !hasSiteSuffix(manifest.title, manifest.publisher);
    const score =
      (named ? 4 : 0) +
      (plain ? 2 : 0) +
      (centrality(analysis.titleWords, centroid) + centrality(analysis.words, centroid)) / 2;
    if (score > bestScore) [best, bestScore] = [index, score];
  });
  return manifests[Math.max(0, best)] as Manifest;
}
