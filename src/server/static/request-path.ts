// What a request path may name, before anything touches the disk. Only paths made of the
// characters the publisher uses pass; every trick (`..`, encoded or double-encoded dots and
// slashes, backslashes, NUL, dotfiles, overlong paths) ends here as "no such file".
import { SLUG_PATTERN, TOPIC_SLUG_PATTERN } from "../../api/common.js";
import type { StoryFileName } from "../../tree/site-links.js";

/** Longer paths are refused without looking (the longest real one is under 140 characters). */
export const MAX_PATH_LENGTH = 512;

const SAFE_PATH = /^\/[A-Za-z0-9._~/-]*$/;
/** Encoded `/`, `\` and NUL are never part of a file name: refused before decoding. */
const ENCODED_SEPARATOR = /%(2f|5c|00)/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const STORY_FILE = /^stories\/([^/]+)\/([^/]+)\/(index\.json|index\.md|index\.html)$/;
/** A topic's files, or its directory without the final `/` (redirected to it). */
const TOPIC_FILE = /^n\/([^/]+)(\/index\.(json|html))?$/;

/** A story file of the archive: `stories/{date}/{slug}/{file}`. */
export interface StoryFileRequest {
  date: string;
  slug: string;
  file: StoryFileName;
}

/** The URL path without its query string (`/a/b?c` -> `/a/b`). */
export function pathOfUrl(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The tree path (no leading slash) a request path names, or undefined when it can name no
 * file: decoded once, then held to the publisher's characters, no empty, `.` or `..` segment,
 * no dotfile except under `.well-known/`. A page's address is its directory: `/n/world/` is
 * `n/world/index.html`.
 */
export function treePathOf(requestPath: string): string | undefined {
  if (requestPath.length > MAX_PATH_LENGTH) return undefined;
  let path = requestPath;
  if (path.includes("%")) {
    if (ENCODED_SEPARATOR.test(path)) return undefined;
    try {
      path = decodeURIComponent(path);
    } catch {
      return undefined;
    }
  }
  if (!SAFE_PATH.test(path)) return undefined;
  if (path.endsWith("/")) path = `${path}index.html`;
  const segments = path.slice(1).split("/");
  for (const [index, segment] of segments.entries()) {
    if (segment === "") return undefined;
    if (segment.startsWith(".") && !(index === 0 && segment === ".well-known")) return undefined;
  }
  return matchesSpecPatterns(segments.join("/")) ? segments.join("/") : undefined;
}

/** The spec's parameter patterns: topic `^[a-z0-9-]+$`, date `YYYY-MM-DD`, story slug. */
function matchesSpecPatterns(path: string): boolean {
  if (path.startsWith("n/")) {
    const topic = TOPIC_FILE.exec(path)?.[1];
    return topic !== undefined && TOPIC_SLUG_PATTERN.test(topic);
  }
  if (path.startsWith("stories/")) return storyFileOf(path) !== undefined;
  return true;
}

/** `stories/{date}/{slug}/index.json|md` with a real calendar date and a valid slug. */
export function storyFileOf(path: string): StoryFileRequest | undefined {
  const match = STORY_FILE.exec(path);
  if (match === null) return undefined;
  const [, date = "", slug = "", file] = match;
  if (!isCalendarDate(date) || !SLUG_PATTERN.test(slug)) return undefined;
  return { date, slug, file: file as StoryFileRequest["file"] };
}

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().slice(0, 10) === text;
}
