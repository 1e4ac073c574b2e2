// Labelled clustering data sets for tests and benchmarks: the real-news sets read from
// ../shared/data/real at run time (never copied into the repository) and the demo corpus.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { packageRoot } from "../../src/config/package-root.js";
import { loadDemoCorpus } from "../../src/demo/demo-corpus.js";
import type { ClusterDocument } from "../../src/editorial/cluster/cluster-documents.js";
import { DAY_MS } from "../../src/time/cut-time.js";

/** Documents of one topic with their true event labels (document id → event). */
export interface LabelledDataSet {
  name: string;
  documents: ClusterDocument[];
  labels: Map<string, string>;
}

/** Every data set is placed after this instant, so nothing depends on the real dates' years. */
const WINDOW_START_MS = Date.UTC(2026, 10, 20, 12, 0, 0);

/** Where the real-news files live: beside the project checkout, in ../shared/data/real. */
export function realNewsDirectory(): string {
  return join(dirname(packageRoot()), "shared", "data", "real");
}

interface RealArticle {
  cluster_id: string | number | null;
  doc_id: string;
  publisher: string;
  url: string;
  title: string;
  text: string | null;
  published: string | null;
}

/** The articles of a JSON Lines file; an unreadable line or article is an error naming it. */
export function readJsonLines(path: string): RealArticle[] {
  const articles: RealArticle[] = [];
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (line.trim() === "") return;
      const where = `${path}:${index + 1}`;
      let article: Partial<RealArticle>;
      try {
        article = JSON.parse(line) as Partial<RealArticle>;
      } catch (error) {
        throw new Error(`${where}: not JSON (${(error as Error).message})`, { cause: error });
      }
      for (const field of ["doc_id", "title", "url", "publisher"] as const) {
        if (typeof article[field] !== "string")
          throw new Error(
            `${where}: "${field}" must be a string (an article needs doc_id, title, url, publisher)`,
          );
      }
      // Optional fields: a text, a date and an event of another type read as absent.
      const { cluster_id: event, text, published } = article;
      articles.push({
        ...(article as RealArticle),
        cluster_id: typeof event === "string" || typeof event === "number" ? event : null,
        text: typeof text === "string" ? text : null,
        published: typeof published === "string" ? published : null,
      });
    });
  return articles;
}

function domainOf(article: RealArticle): string {
  try {
    return new URL(article.url).hostname.replace(/^www\./, "");
  } catch {
    return article.publisher.replace(/^www\./, "");
  }
}

/**
 * Moves the articles' dates into one 24-hour window, keeping their order: the n-th distinct
 * date goes to n/(k-1) of the window. The extracted dates span days and some are wrong, so
 * only their order is kept; an article without a date sits in the middle of the window.
 */
function placeInWindow(published: readonly (string | null)[]): number[] {
  // The files write times without a zone ("2016-11-09 00:00:00"): read them as UTC.
  const parsed = published.map((value) => {
    if (value === null) return Number.NaN;
    const iso = value.replace(" ", "T");
    const asUtc = Date.parse(`${iso}Z`);
    return Number.isNaN(asUtc) ? Date.parse(iso) : asUtc;
  });
  const distinct = [...new Set(parsed.filter((ms) => !Number.isNaN(ms)))].sort((a, b) => a - b);
  const rank = new Map(distinct.map((ms, index) => [ms, index]));
  const span = DAY_MS - 60_000;
  return parsed.map((ms) => {
    const position = rank.get(ms);
    if (position === undefined || distinct.length < 2) return WINDOW_START_MS + DAY_MS / 2;
    return WINDOW_START_MS + Math.round((position / (distinct.length - 1)) * span);
  });
}

function loadRealFile(name: string, file: string): LabelledDataSet | undefined {
  const path = join(realNewsDirectory(), file);
  return existsSync(path) ? loadLabelledArticles(name, path) : undefined;
}

/**
 * A labelled article file in the real sets' shape (one JSON object per line: `cluster_id`,
 * `doc_id`, `publisher`, `url`, `title`, `text`, `published`), placed in one window as the
 * real sets are: `npm run eval -- --set FILE` reads sets of one's own this way.
 */
export function loadLabelledArticles(name: string, path: string): LabelledDataSet {
  const articles = readJsonLines(path);
  if (articles.length === 0)
    throw new Error(`${path}: no article (one JSON object per line, as in news_cluster_dev.jsonl)`);
  const times = placeInWindow(articles.map((article) => article.published));
  const documents = articles.map((article, index): ClusterDocument => ({
    id: article.doc_id,
    title: article.title,
    text: article.text ?? "",
    language: "en",
    publishedAtMs: times[index] ?? WINDOW_START_MS,
    publisherDomain: domainOf(article),
  }));
  // An unlabelled article (cluster_id null) is an event of its own.
  const labels = new Map(
    articles.map((article) => [
      article.doc_id,
      String(article.cluster_id ?? `none:${article.doc_id}`),
    ]),
  );
  return { name, documents, labels };
}

/** gold_standard.jsonl (Giveme5W1H): 96 articles, 13 events; undefined when the file is absent. */
export function loadGoldStandard(): LabelledDataSet | undefined {
  return loadRealFile("gold_standard", "gold_standard.jsonl");
}

/** google_news_topics.jsonl: 32 articles in 7 storylines (not single events); may be absent. */
export function loadGoogleNewsTopics(): LabelledDataSet | undefined {
  return loadRealFile("google_news_topics", "google_news_topics.jsonl");
}

/**
 * news_cluster_dev.jsonl: 108 articles in 33 events whose texts are raw extractor output
 * (captions, credits, newsletter prompts left in); undefined when the file is absent.
 */
export function loadNewsClusterDev(): LabelledDataSet | undefined {
  return loadRealFile("news_cluster_dev", "news_cluster_dev.jsonl");
}

interface AggregatorStory {
  cluster_id: number;
  articles: Array<{ publisher: string; title: string; url: string }>;
}

/**
 * google_news_2022-07-28/clusters.jsonl: a news aggregator's 38 top stories, each with up to 5
 * outlets' headlines (170), as headline-only documents (the text is the headline, as `svc poll`
 * makes a feed item without a description), labelled by the aggregator's grouping. No method
 * or constant was chosen on it: the eval reports it as a held-out set. Every headline sits at
 * one time (the file has only each story's first time, which would give the grouping away).
 */
export function loadAggregatorHeadlines(): LabelledDataSet | undefined {
  const path = join(realNewsDirectory(), "google_news_2022-07-28", "clusters.jsonl");
  if (!existsSync(path)) return undefined;
  const stories = readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as AggregatorStory);
  const documents: ClusterDocument[] = [];
  const labels = new Map<string, string>();
  for (const story of stories) {
    story.articles.forEach((article, index) => {
      const id = `headline-${story.cluster_id}-${index}`;
      documents.push({
        id,
        title: article.title,
        text: article.title,
        language: "en",
        publishedAtMs: WINDOW_START_MS + DAY_MS / 2,
        publisherDomain: domainOf({
          ...article,
          cluster_id: null,
          doc_id: id,
          text: null,
          published: null,
        }),
      });
      labels.set(id, String(story.cluster_id));
    });
  }
  return { name: "aggregator_headlines", documents, labels };
}

/** Every real labelled set that is present: gold_standard, google_news_topics, news_cluster_dev. */
export function loadRealSets(): LabelledDataSet[] {
  return [loadGoldStandard(), loadGoogleNewsTopics(), loadNewsClusterDev()].filter(
    (set): set is LabelledDataSet => set !== undefined,
  );
}

/** The fictional demo corpus (demo/), one data set per topic file, labelled by event key. */
export function loadDemoTopics(): LabelledDataSet[] {
  const corpus = loadDemoCorpus(join(packageRoot(), "demo"));
  const byTopic = new Map<string, LabelledDataSet>();
  for (const event of corpus.events) {
    let dataSet = byTopic.get(event.topic);
    if (!dataSet) {
      dataSet = { name: `demo/${event.topic}`, documents: [], labels: new Map() };
      byTopic.set(event.topic, dataSet);
    }
    for (const report of event.reports) {
      const id = `${event.topic}:${event.key}:${report.publisher}`;
      const minutes = Math.round(event.hour * 60) + report.after_minutes;
      dataSet.documents.push({
        id,
        title: report.title,
        text: report.text,
        language: "en",
        publishedAtMs: WINDOW_START_MS + minutes * 60_000,
        publisherDomain: corpus.publishers.get(report.publisher)?.domain ?? report.publisher,
      });
      dataSet.labels.set(id, event.key);
    }
  }
  return [...byTopic.values()].sort((a, b) => a.name.localeCompare(b.name));
}
