// The language of an item's text when neither the item, the feed nor the subscription says:
// franc's trigram model (ISO 639-3), mapped to ISO 639-1 where one exists.
import { franc } from "franc";
import { iso6393 } from "iso-639-3";
import { htmlToText } from "./html-text.js";
import type { ParsedFeed } from "./parse-feed.js";

const TO_ISO_639_1 = new Map(
  iso6393
    .filter((language) => language.iso6391)
    .map((language) => [language.iso6393, language.iso6391 as string]),
);

/** Fewer letters than this say too little about a language. */
const MIN_LETTERS = 80;

export function detectLanguage(text: string): string | undefined {
  const sample = text.slice(0, 5000);
  if ((sample.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return undefined;
  const code = franc(sample, { minLength: MIN_LETTERS });
  if (code === "und") return undefined;
  return TO_ISO_639_1.get(code) ?? code;
}

/** A language tag in BCP 47 case: `EN` → `en`, `en-us` → `en-US`, `zh-hant-tw` → `zh-Hant-TW`. */
export function normalizeLanguageTag(tag: string | undefined): string | undefined {
  const trimmed = tag?.trim().replace(/_/g, "-");
  if (!trimmed || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(trimmed)) return undefined;
  return trimmed
    .split("-")
    .map((part, index) => {
      if (index === 0) return part.toLowerCase();
      if (part.length === 2) return part.toUpperCase();
      if (part.length === 4) return `${part[0]?.toUpperCase()}${part.slice(1).toLowerCase()}`;
      return part.toLowerCase();
    })
    .join("-");
}

/** Items whose text a feed's language is judged on. */
const SAMPLE_ITEMS = 20;

/**
 * The language of a feed that declares none, judged on the text of its first items together:
 * one short item says too little (an English teaser full of names can look Norwegian).
 */
export function detectFeedLanguage(feed: ParsedFeed): string | undefined {
  const sample = feed.items
    .slice(0, SAMPLE_ITEMS)
    .map((item) =>
      htmlToText(item.contentHtml ?? item.summaryHtml ?? item.contentText ?? item.title ?? ""),
    )
    .join("\n");
  return detectLanguage(sample.slice(0, 5000));
}
