// Full text for feeds that carry only teasers (a subscription's `full_text`, off by default):
// the item's article page, fetched politely (robots.txt, one request at a time per host with a
// delay between them) and reduced to its article text by Readability.
import { decodeFeedBytes, extractArticle } from "./items/index.js";
import { type FetchOptions, type HostGate, type RobotsCheck, safeFetch } from "./http/index.js";

export interface FullTextFetcher {
  /** The article's text, or undefined when robots.txt forbids it or it cannot be had. */
  articleText(url: string): Promise<string | undefined>;
  /** What happened so far, for the summary. */
  readonly counts: FullTextCounts;
}

export interface FullTextCounts {
  extracted: number;
  refusedByRobots: number;
  failed: number;
}

export interface FullTextDeps {
  fetch: Omit<FetchOptions, "validators" | "accept">;
  robots: RobotsCheck;
  /** Per-host concurrency and delay for article pages. */
  gate: HostGate;
}

const HTML_ACCEPT = "text/html, application/xhtml+xml;q=0.9, */*;q=0.1";

export function createFullTextFetcher(deps: FullTextDeps): FullTextFetcher {
  const counts: FullTextCounts = { extracted: 0, refusedByRobots: 0, failed: 0 };
  return {
    counts,
    async articleText(url) {
      if (!(await deps.robots.allowed(url))) {
        counts.refusedByRobots += 1;
        return undefined;
      }
      const host = new URL(url).host;
      const page = await deps.gate.run(host, () =>
        safeFetch(url, { ...deps.fetch, accept: HTML_ACCEPT }),
      );
      if (page.kind !== "ok") {
        counts.failed += 1;
        return undefined;
      }
      const article = extractArticle(decodeFeedBytes(page.body, page.contentType), page.url);
      if (article === undefined || article.text.trim() === "") {
        counts.failed += 1;
        return undefined;
      }
      counts.extracted += 1;
      return article.text;
    },
  };
}
