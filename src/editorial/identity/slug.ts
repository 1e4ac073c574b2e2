// Story slugs: from the headline, transliterated to ASCII (the transliteration library knows
// Cyrillic, Greek, CJK and more), `^[a-z0-9-]{3,80}$` as the spec's path pattern asks, and
// unique within a date.
import { createHash } from "node:crypto";
import { slugify } from "transliteration";
import { SLUG_PATTERN } from "../../api/common.js";

export const MAX_SLUG_LENGTH = 80;

/** The slug a headline asks for, before uniqueness; `fallbackSeed` names it when no letter survives. */
export function slugFromHeadline(headline: string, fallbackSeed: string): string {
  const base = slugify(headline, { lowercase: true, separator: "-", trim: true })
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  const cut = trimToWord(base, MAX_SLUG_LENGTH);
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
