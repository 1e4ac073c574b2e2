// One feed item → one Manifest (docs/poll.md, "From item to Manifest"). Pure: the caller gives
// the feed, the subscription's context and the fetch time; the Manifest is validated exactly as
// `svc ingest` validates, and a failure comes back with the same kind of reasons.
import { createHash } from "node:crypto";
import { normalizeManifest } from "../../manifests/normalize.js";
import { formatProblem } from "../../manifests/problems.js";
import type { Manifest } from "../../manifests/schema.js";
import { detectLanguage, normalizeLanguageTag } from "./detect-language.js";
import { htmlToText } from "./html-text.js";
import type { FeedItem, ParsedFeed } from "./parse-feed.js";

export interface FeedContext {
  feedUrl: string;
  /** The feed's key: the prefix of its Manifest ids. */
  feedKey: string;
  topic: string;
  publisher?: { name?: string; domain?: string };
  language?: string;
  license?: string;
  provider: string;
  capturedAt: Date;
}

export type ItemOutcome =
  | { ok: true; itemKey: string; manifest: Manifest }
  | { ok: false; itemKey: string; reasons: string[]; record: unknown };

const MAX_TITLE = 2000;
/** When no source names a language and none can be detected. */
const FALLBACK_LANGUAGE = "en";

function plain(html: string | undefined): string {
  return html === undefined ? "" : htmlToText(html);
}

/** A one-line title: HTML removed, whitespace collapsed, cut at a word under the limit. */
function titleOf(raw: string | undefined, text: string): string {
  const line = plain(raw).replace(/\s+/g, " ").trim();
  const title =
    line !== "" ? line : (/^[^\n]*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text.split("\n")[0] ?? "");
  if (title.length <= MAX_TITLE) return title;
  const cut = title.slice(0, MAX_TITLE - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), MAX_TITLE / 2))}…`;
}

function textOf(item: FeedItem): string {
  const content = plain(item.contentHtml);
  if (content !== "") return content;
  const summary = plain(item.summaryHtml);
  if (summary !== "") return summary;
  return (item.contentText ?? "").replace(/[ \t\u00a0]+/g, " ").trim();
}

/** The Manifest schema's limits on tags. */
const MAX_TAGS = 32;
const MAX_TAG_CHARACTERS = 64;

/**
 * Categories that name no subject: an address (Blogger's Atom entries carry
 * "http://schemas.google.com/blogger/2008/kind#post" as a category), no letter at all, or
 * WordPress's default for a post filed nowhere.
 */
const NOT_A_SUBJECT = /^[a-z][a-z\d+.-]*:\/\/|^[^\p{L}]*$|^uncategori[sz]ed$/u;

/**
 * The item's categories as Manifest tags: whitespace collapsed, lower case (so that a feed's
 * "World news" and another's "world news" make one beat), each once, in feed order. A category
 * the schema cannot hold (over 64 characters, not well-formed Unicode) is left out rather
 * than refusing the item, as is one that names no subject (NOT_A_SUBJECT); at most 32 are
 * kept. Undefined when none is left.
 */
export function tagsOf(categories: readonly string[] | undefined): string[] | undefined {
  const tags = new Set<string>();
  for (const category of categories ?? []) {
    const tag = category.replace(/\s+/gu, " ").trim().toLowerCase();
    if (tag.length > MAX_TAG_CHARACTERS || !tag.isWellFormed() || NOT_A_SUBJECT.test(tag)) continue;
    tags.add(tag);
    if (tags.size === MAX_TAGS) break;
  }
  return tags.size > 0 ? [...tags] : undefined;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^www\./, "").toLowerCase();
  } catch {
    return undefined;
  }
}

export function itemToManifest(
  item: FeedItem,
  feed: ParsedFeed,
  context: FeedContext,
): ItemOutcome {
  const itemKey = item.key;
  const text = textOf(item);
  const url = item.link ?? feed.link;
  const captured = context.capturedAt.getTime();
  const dated = item.publishedAt ?? item.updatedAt ?? feed.updatedAt ?? context.capturedAt;
  // A poller captures what is published: a date in the future is the capture time.
  const publishedAt = new Date(Math.min(dated.getTime(), captured));
  const language =
    normalizeLanguageTag(item.language) ??
    normalizeLanguageTag(feed.language) ??
    normalizeLanguageTag(context.language) ??
    detectLanguage(text) ??
    FALLBACK_LANGUAGE;
  const tags = tagsOf(item.categories);
  const draft: Record<string, unknown> = {
    id: `${context.feedKey}:${createHash("sha256").update(itemKey).digest("hex").slice(0, 24)}`,
    url,
    publisher: {
      name: context.publisher?.name ?? (plain(feed.title) || hostOf(url ?? context.feedUrl)),
      domain: context.publisher?.domain ?? hostOf(url ?? context.feedUrl),
    },
    title: titleOf(item.title, text),
    text,
    published_at: publishedAt.toISOString(),
    captured_at: context.capturedAt.toISOString(),
    topic: context.topic,
    ...(tags ? { tags } : {}),
    language,
    provider: context.provider,
    ...(context.license ? { license: context.license } : {}),
  };
  if (text === "") {
    const hasBody = [item.contentHtml, item.summaryHtml, item.contentText].some(
      (body) => body !== undefined && body.trim() !== "",
    );
    // A headline-only item (no body at all) is its headline; a body that held only media (an
    // image, a player, an ad) has nothing to report.
    if (!hasBody && draft.title !== "") {
      draft.text = draft.title;
    } else {
      return {
        ok: false,
        itemKey,
        reasons: [
          hasBody
            ? "text: the item's content holds no text (only images, media or embeds)"
            : "text: the item has neither a title nor any text",
        ],
        record: draft,
      };
    }
  }
  const result = normalizeManifest(draft);
  if (!result.ok) {
    return { ok: false, itemKey, reasons: result.problems.map(formatProblem), record: draft };
  }
  return { ok: true, itemKey, manifest: result.prepared.manifest };
}
