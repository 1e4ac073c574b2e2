// A local web server of feeds for the poller's tests and benchmark: every real feed of
// ../shared/data/real (read at run time, never copied), with ETag/Last-Modified and 304, and
// the faults a poller meets in the wild: redirects and a redirect loop, slow and stalled
// answers, 500s with Retry-After, a 50 MB body, a feed of 10,000 items, garbage bytes, a wrong
// charset, article pages with a robots.txt, and a feed whose items the test edits.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { syntheticRss } from "../../bench/synthetic-feeds.js";
import { realNewsDirectory } from "./real-news.js";

export { syntheticRss };

export interface FeedServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** Names of the real feeds, served at `/feeds/<name>`. */
  realFeeds: string[];
  /** Requests received, by path (for asserting 304s and politeness). */
  hits: Map<string, number>;
  /** Sets the body of `/mutable/<name>.xml` (an RSS document); undefined removes it (404). */
  setMutable(name: string, rss: string | undefined): void;
  /** Answers every later request to `path` with this status (0 = back to normal). */
  failPath(path: string, status: number): void;
  close(): Promise<void>;
}

const FEEDS_DIR = join(realNewsDirectory(), "feeds");
const AGGREGATOR_DIR = join(realNewsDirectory(), "google_news_2022-07-28");
const LAST_MODIFIED = "Tue, 24 Nov 2026 10:00:00 GMT";

function contentTypeOf(name: string): string {
  if (name.endsWith(".json")) return "application/feed+json";
  if (name.includes("atom")) return "application/atom+xml; charset=utf-8";
  // UOL's feed is ISO-8859-1 without an XML declaration: only HTTP says so (MANIFEST.json).
  if (name.includes("/uol_")) return "application/rss+xml; charset=ISO-8859-1";
  return "application/rss+xml; charset=utf-8";
}

function articlePage(title: string, paragraphs: number): string {
  const body = Array.from(
    { length: paragraphs },
    (_, index) =>
      `<p>Paragraph ${index + 1} of the full article about ${title}, with enough words in it to read as real prose for an extractor.</p>`,
  ).join("");
  return `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a> <a href="/world">World</a></nav><article><h1>${title}</h1>${body}<figure><img src="x.jpg"><figcaption>Photo: Someone / Agency</figcaption></figure></article><footer>Copyright 2026 Example</footer></body></html>`;
}

export async function startFeedServer(): Promise<FeedServer> {
  const realFeeds = readdirSync(FEEDS_DIR).filter(
    (name) => /\.(xml|json)$/.test(name) && name !== "MANIFEST.json",
  );
  const files = new Map<string, Buffer>();
  for (const name of realFeeds) files.set(`/feeds/${name}`, readFileSync(join(FEEDS_DIR, name)));
  for (const name of readdirSync(AGGREGATOR_DIR).filter((file) => file.endsWith(".xml"))) {
    realFeeds.push(name);
    files.set(`/feeds/${name}`, readFileSync(join(AGGREGATOR_DIR, name)));
  }
  const mutable = new Map<string, string>();
  const failing = new Map<string, number>();
  const hits = new Map<string, number>();
  let origin = "";
  let bigFeed: Buffer | undefined;

  const sendCached = (
    request: IncomingMessage,
    response: ServerResponse,
    body: Buffer,
    type: string,
  ) => {
    const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`;
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, { ETag: etag, "Last-Modified": LAST_MODIFIED }).end();
      return;
    }
    response
      .writeHead(200, {
        "Content-Type": type,
        ETag: etag,
        "Last-Modified": LAST_MODIFIED,
        "Content-Length": body.length,
      })
      .end(body);
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const forced = failing.get(path);
    if (forced) {
      response
        .writeHead(forced, { "Retry-After": "120", "Content-Type": "text/plain" })
        .end("failing on purpose");
      return;
    }
    const real = files.get(path);
    if (real) return sendCached(request, response, real, contentTypeOf(path));
    const mutableMatch = /^\/mutable\/([a-z0-9-]+)\.xml$/.exec(path);
    if (mutableMatch) {
      const rss = mutable.get(mutableMatch[1] as string);
      if (rss === undefined) return response.writeHead(404).end();
      return sendCached(request, response, Buffer.from(rss), "application/rss+xml");
    }
    const synthetic = /^\/synthetic\/([a-z0-9-]+)\.xml$/.exec(path);
    if (synthetic) {
      const count = Number(
        new URL(request.url ?? "/", "http://x").searchParams.get("items") ?? "50",
      );
      return sendCached(
        request,
        response,
        Buffer.from(syntheticRss(synthetic[1] as string, count, origin)),
        "application/rss+xml",
      );
    }
    const redirect = /^\/redirect\/(\d+)\/(.+)$/.exec(path);
    if (redirect) {
      const left = Number(redirect[1]);
      const target = left <= 1 ? `/feeds/${redirect[2]}` : `/redirect/${left - 1}/${redirect[2]}`;
      return response.writeHead(301, { Location: target }).end();
    }
    const articleMatch = /^\/articles\/(.+)$/.exec(path);
    if (articleMatch) {
      return sendCached(
        request,
        response,
        Buffer.from(articlePage(articleMatch[1] as string, 12)),
        "text/html; charset=utf-8",
      );
    }
    switch (path) {
      case "/robots.txt":
        return response
          .writeHead(200, { "Content-Type": "text/plain" })
          .end("User-agent: *\nDisallow: /articles/private/\n");
      case "/loop/a":
        return response.writeHead(302, { Location: "/loop/b" }).end();
      case "/loop/b":
        return response.writeHead(302, { Location: "/loop/a" }).end();
      case "/error/500":
        return response.writeHead(500, { "Retry-After": "3600" }).end("internal error");
      case "/slow":
        setTimeout(
          () =>
            sendCached(
              request,
              response,
              files.get("/feeds/guardian_2018-01-31.rss.xml") as Buffer,
              "application/rss+xml",
            ),
          300,
        ).unref();
        return;
      case "/stall":
        response.writeHead(200, {
          "Content-Type": "application/rss+xml",
          "Content-Length": "100000",
        });
        response.write("<?xml version='1.0'?><rss version='2.0'><channel><title>Stalls</title>");
        return; // never ends: the poller's timeout must
      case "/huge": {
        response.writeHead(200, { "Content-Type": "application/rss+xml" });
        const chunk = Buffer.alloc(1 << 20, 0x20);
        let sent = 0;
        const pump = () => {
          while (sent < 50 && response.write(chunk)) sent += 1;
          if (sent >= 50) response.end();
          else response.once("drain", pump);
        };
        response.write("<?xml version='1.0'?><rss version='2.0'><channel><title>Huge</title>");
        pump();
        return;
      }
      case "/big-feed.xml":
        bigFeed ??= Buffer.from(syntheticRss("big", 10_000, origin));
        return sendCached(request, response, bigFeed, "application/rss+xml");
      case "/garbage":
        return response
          .writeHead(200, { "Content-Type": "application/rss+xml" })
          .end(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
      case "/wrong-charset.xml":
        // UTF-8 bytes (accents) declared as ISO-8859-1 by HTTP and by the XML declaration.
        return response
          .writeHead(200, { "Content-Type": "application/rss+xml; charset=ISO-8859-1" })
          .end(
            Buffer.from(
              syntheticRss("charset", 3, origin).replace(
                "council approves",
                "conseil approuvé à Genève",
              ),
            ),
          );
      default:
        response.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    }
  };

  const server: Server = createServer(handle);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    realFeeds,
    hits,
    setMutable: (name, rss) => (rss === undefined ? mutable.delete(name) : mutable.set(name, rss)),
    failPath: (path, status) => (status === 0 ? failing.delete(path) : failing.set(path, status)),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
