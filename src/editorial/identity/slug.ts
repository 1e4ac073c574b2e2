// Story slugs: from the headline, transliterated to ASCII (the transliteration library knows
// Cyrillic, Greek, CJK and more), `^[a-z0-9-]{3,80}$` as the spec's path pattern asks, and
// unique within a date.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type * as Transliteration from "transliteration";
import { SLUG_PATTERN } from "../../api/common.js";

let librarySlugify: typeof Transliteration.slugify | undefined;

/**
 * The library's slugify, loaded on first use: its tables take about 90 ms to load, which every
 * `svc` command would pay, and most headlines (ASCII) never need them.
 */
function transliterated(headline: string): string {
  librarySlugify ??= (createRequire(import.meta.url)("transliteration") as typeof Transliteration)
    .slugify;
  return librarySlugify(headline, { lowercase: true, separator: "-", trim: true });
}

/** Every character is ASCII, which the library leaves as it is (controls become separators). */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * The headline lower-cased, with every run of characters other than letters and digits made one
 * `-`, and none at either end: what the library (and the clean-up after it) makes of an ASCII
 * headline, without loading it. A test compares the two on random headlines.
 */
export function slugBase(headline: string): string {
  const ascii = isAscii(headline) ? headline : transliterated(headline);
  return ascii
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

export const MAX_SLUG_LENGTH = 80;

/** The slug a headline asks for, before uniqueness; `fallbackSeed` names it when no letter survives. */
export function slugFromHeadline(headline: string, fallbackSeed: string): string {
  const cut = trimToWord(slugBase(headline), MAX_SLUG_LENGTH);
  if (cut.length >= 3) return cut;
  return `story-${createHash("sha256").update(fallbackSeed).digest("hex").slice(0, 10)}`;
}

function trimToWord(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  const lastDash = cut.lastIndexOf("-");
  return (lastDash >= 3 ? cut.slice(0, lastDash) : cut).replace(/-$/, "");
}

/** `slug`, or `slug-2`, `slug-3`… (kept within 80 characters): the first not in `taken`. */
export function uniqueSlug(slug: string, taken: ReadonlySet<string>): string {
  if (!taken.has(slug)) return slug;
  for (let counter = 2; ; counter++) {
    const suffix = `-${counter}`;
    const candidate = `${trimToWord(slug, MAX_SLUG_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate) && SLUG_PATTERN.test(candidate)) return candidate;
  }
}
