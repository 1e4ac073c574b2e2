// Turns a labelled real-news set into valid Manifests of one topic inside one 24-hour window,
// with each article's own URL and publisher name read from its file (never stored anywhere).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ClusterDocument } from "../src/editorial/cluster/cluster-documents.js";
import { sha256Hex } from "../src/manifests/normalize.js";
import type { Manifest } from "../src/manifests/schema.js";
import { DAY_MS } from "../src/time/cut-time.js";
import { realNewsDirectory, type LabelledDataSet } from "../test/support/real-news.js";

/** Every eval set is one newsroom: clustering sees the whole set at once. */
export const EVAL_TOPIC = "eval";
export const EVAL_PROVIDER =
  "SVC eval (real articles read from ../shared/data/real at run time; not for publication)";
/**
 * The loader places a set in [start, start + 24 h - 1 min]; the edition window is (T - 24 h, T],
 * so every article moves one minute later and the cut is start + 24 h.
 */
const SHIFT_MS = 60_000;

interface ArticleSource {
  url: string;
  publisher: string;
}

/** doc_id → the article's URL and publisher name, from `<set name>.jsonl` when it is there. */
function readSources(setName: string): Map<string, ArticleSource> {
  const path = join(realNewsDirectory(), `${setName}.jsonl`);
  if (!existsSync(path)) return new Map();
  const rows = readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { doc_id: string } & Partial<ArticleSource>);
  return new Map(
    rows.map((row) => [row.doc_id, { url: row.url ?? "", publisher: row.publisher ?? "" }]),
  );
}

function sourceUrl(document: ClusterDocument, source: ArticleSource | undefined): string {
  if (source && /^https?:\/\/[^/\s]+\.[^/\s]+/.test(source.url)) return source.url;
  return `https://${document.publisherDomain}/eval/${encodeURIComponent(document.id)}`;
}

/** The edition cut that covers a set placed by the loader: just after its last article. */
export function evalCut(set: LabelledDataSet): Date {
  const earliest = Math.min(...set.documents.map((document) => document.publishedAtMs));
  return new Date(earliest + DAY_MS);
}

/**
 * One Manifest per document: topic EVAL_TOPIC, language "en", published one minute after the
 * loader's time. An article without a body (one in google_news_topics) gets its title as text,
 * since a Manifest's text may not be blank.
 */
export function manifestsFromSet(set: LabelledDataSet): Manifest[] {
  const sources = readSources(set.name);
  const captured = evalCut(set).toISOString();
  return set.documents.map((document): Manifest => {
    const source = sources.get(document.id);
    const text = document.text.trim() === "" ? document.title : document.text;
    return {
      id: document.id,
      url: sourceUrl(document, source),
      publisher: {
        name: source?.publisher || document.publisherDomain,
        domain: document.publisherDomain,
      },
      title: document.title,
      text,
      published_at: new Date(document.publishedAtMs + SHIFT_MS).toISOString(),
      captured_at: captured,
      topic: EVAL_TOPIC,
      language: "en",
      content_sha256: sha256Hex(text),
      provider: EVAL_PROVIDER,
    };
  });
}
