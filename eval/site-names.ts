// Tells a site or section name ("ABC News", "World news - RT International") from an
// article's title: the part of the headline check that knows what site names look like.
import { hasFiniteVerb, sentenceWords } from "./finite-verb.js";

/** Words that make a short, verbless label a site or section name. */
const SITE_WORDS = new Set(
  (
    "news search home homepage international online times post daily tribune herald journal " +
    "magazine tv radio live channel network media blog sport sports world politics business " +
    "opinion latest breaking headlines section index archive topics roundup weather video " +
    "videos photos gallery edition"
  ).split(" "),
);
/** " - ", " | ", " : ", " — ", " » " between the parts of a page title. */
const SEPARATOR = /\s+[-|:–—»·•]+\s+/;

/** Lower-case letters and digits only: "ABC News" and "abcnews.go.com" compare as "abcnews". */
function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** The names a publisher goes by: its name and its domain without "www." and without its TLD. */
function publisherNames(name?: string, domain?: string): Set<string> {
  const names = new Set<string>();
  if (name) names.add(squash(name));
  if (domain) {
    const host = domain.toLowerCase().replace(/^www\./, "");
    names.add(squash(host));
    names.add(squash(host.split(".")[0] ?? ""));
    names.add(squash(host.replace(/\.[a-z]+$/, "")));
  }
  names.delete("");
  return names;
}

/** A short label without a verb: a name, not a sentence. */
function nameLike(part: string): boolean {
  const words = sentenceWords(part);
  return words.length > 0 && words.length <= 4 && !hasFiniteVerb(part);
}

function siteLike(part: string, publishers: ReadonlySet<string>): boolean {
  if (publishers.has(squash(part))) return true;
  return nameLike(part) && sentenceWords(part).some((word) => SITE_WORDS.has(word));
}

/**
 * Why a page title is a site or section name, or carries one after its title, or null.
 * A title is a site name when every part is a short verbless label and one of them names the
 * publisher or has a site word ("News", "Search", "International").
 */
export function siteNameReason(
  title: string,
  publisherName?: string,
  publisherDomain?: string,
): string | null {
  const publishers = publisherNames(publisherName, publisherDomain);
  const parts = title.split(SEPARATOR).filter((part) => part.trim() !== "");
  if (parts.length === 0) return null;
  if (parts.every(nameLike) && parts.some((part) => siteLike(part, publishers))) {
    return "a site or section name, not an article title";
  }
  if (parts.slice(1).some((part) => siteLike(part, publishers))) {
    return "the title carries a site or section name";
  }
  return null;
}
