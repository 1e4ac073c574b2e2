// `node dist/eval/audit/outside-sets.js basil|news-cluster SOURCE OUT`: two labelled sets
// from outside the repository, written in the real sets' shape (one JSON object per line:
// cluster_id, doc_id, publisher, url, title, text, published) for `npm run eval -- --set OUT`.
// Their articles belong to their publishers, so they are built on one's own machine from a
// checkout of their public sources and never copied here; their blind verdicts are kept
// here hashed (eval/audit/outside/, judge-change.js hash).
//   basil SOURCE         a checkout of BASIL (bias annotations of 300 articles, 100 events:
//                        each event told by Fox News, The New York Times and HuffPost);
//                        SOURCE/articles/<year>/<event>_<n>.json
//   news-cluster SOURCE  a checkout of Giveme5W1H: the articles of its news_cluster dataset
//                        (Giveme5W1H/examples/datasets/news_cluster/data/*.json) that
//                        ../shared/data/real/news_cluster_dev.jsonl does not hold (275 articles,
//                        38 events)
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { readJsonLines, realNewsDirectory } from "../../test/support/real-news.js";
import { readJsonFile } from "../read-json.js";

/** One article in the real sets' shape (test/support/real-news.ts). */
interface SetArticle {
  cluster_id: string;
  doc_id: string;
  publisher: string;
  url: string | null;
  title: string;
  text: string;
  published: string;
  summary?: string | null;
  language: "en";
}

/** BASIL's outlets, by the code its files give them. */
const BASIL_PUBLISHERS: Record<string, string> = {
  fox: "www.foxnews.com",
  nyt: "www.nytimes.com",
  hpo: "www.huffpost.com",
};

const BasilArticle = z.object({
  title: z.string().nullish(),
  "main-event": z.string(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/u),
  uuid: z.string(),
  url: z.string().nullish(),
  source: z.string(),
  "triplet-uuid": z.string(),
  "body-paragraphs": z.array(z.union([z.string(), z.array(z.string())])),
});

function jsonFilesUnder(directory: string): string[] {
  if (!existsSync(directory))
    throw new Error(
      `${directory}: no such folder; give the path of a checkout of the set's source`,
    );
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => join(directory, name));
}

function parsed<T>(schema: z.ZodType<T>, file: string): T {
  const result = schema.safeParse(readJsonFile(file));
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** BASIL's articles: one event per triplet, each paragraph's sentences joined. */
function basilArticles(source: string): SetArticle[] {
  return jsonFilesUnder(join(source, "articles")).map((file) => {
    const article = parsed(BasilArticle, file);
    const paragraphs = article["body-paragraphs"].map((paragraph) =>
      Array.isArray(paragraph) ? paragraph.join(" ") : paragraph,
    );
    return {
      cluster_id: article["triplet-uuid"],
      doc_id: article.uuid,
      publisher: BASIL_PUBLISHERS[article.source] ?? article.source,
      url: article.url ?? null,
      // Some titles are empty: the event BASIL names stands in.
      title: article.title?.trim() ? article.title : article["main-event"],
      text: paragraphs.join("\n\n"),
      published: `${article.date}T00:00:00`,
      language: "en",
    };
  });
}

const NewsClusterArticle = z.object({
  dId: z.string(),
  source_domain: z.string(),
  url: z.string().nullish(),
  title: z.string(),
  description: z.string().nullish(),
  text: z.string(),
  date_publish: z.string(),
  newsCluster: z.object({ TopicId: z.number(), EventId: z.number() }),
});

/** The news_cluster dataset's articles that news_cluster_dev.jsonl does not hold. */
function newsClusterArticles(source: string): SetArticle[] {
  const inRepo = new Set(
    readJsonLines(join(realNewsDirectory(), "news_cluster_dev.jsonl")).map(
      (article) => article.doc_id,
    ),
  );
  const data = join(source, "Giveme5W1H", "examples", "datasets", "news_cluster", "data");
  return jsonFilesUnder(data)
    .map((file) => parsed(NewsClusterArticle, file))
    .filter((article) => !inRepo.has(article.dId))
    .map((article) => ({
      cluster_id: `${article.newsCluster.TopicId}-${article.newsCluster.EventId}`,
      doc_id: article.dId,
      publisher: article.source_domain,
      url: article.url ?? null,
      title: article.title,
      summary: article.description ?? null,
      text: article.text,
      published: article.date_publish,
      language: "en",
    }));
}

const BUILDERS: Record<string, (source: string) => SetArticle[]> = {
  basil: basilArticles,
  "news-cluster": newsClusterArticles,
};

const [which = "", source, out] = process.argv.slice(2);
const build = BUILDERS[which];
if (build === undefined || source === undefined || out === undefined) {
  process.stderr.write("usage: outside-sets.js basil|news-cluster <source checkout> <out.jsonl>\n");
  process.exitCode = 2;
} else {
  try {
    const articles = build(source);
    const events = new Set(articles.map((article) => article.cluster_id)).size;
    writeFileSync(out, articles.map((article) => `${JSON.stringify(article)}\n`).join(""));
    process.stderr.write(`${articles.length} articles, ${events} events: ${out}\n`);
  } catch (error) {
    process.stderr.write(`outside-sets: ${(error as Error).message}\n`);
    process.exitCode = 2;
  }
}
