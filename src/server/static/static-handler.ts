// The hot path: answers GET and HEAD for files of the live tree from memory (one map lookup,
// headers prepared at load), story files of older dates from the archive cache, and says
// "not mine" for everything else so the dynamic routes (Fastify) get it. A plain node:http
// handler, because a Fastify route costs 0.6x of it here (LIBRARIES.md, "HTTP").
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { describeError } from "../../errors.js";
import type { ArchiveFiles } from "./archive-files.js";
import { isNotModified } from "./conditional.js";
import { type ErrorReply, methodNotAllowedReply, notFoundReply } from "./error-replies.js";
import type { LoadedTree } from "./load-tree.js";
import { chooseEncoding, chooseErrorForm } from "./negotiate.js";
import { STORY_FILE_NAMES, storyDirectory } from "../../tree/site-links.js";
import { pathOfUrl, storyFileOf, treePathOf } from "./request-path.js";
import type { FileVariant, StaticFile } from "./static-file.js";

export interface StaticHandlerDeps {
  tree: () => LoadedTree | undefined;
  archive: ArchiveFiles;
  baseUrl: string;
  /** Headers of every reply (CORS, deprecation), a flat list. */
  commonHeaders: readonly string[];
  /** `Cache-Control` for files of the edition cut at `cutMs`. */
  cacheControl: (cutMs: number) => string;
  /** True while shutting down: replies close their connection. */
  closing: () => boolean;
  logger: Logger;
}

export interface StaticHandler {
  /** Answers a request for a published file; false when the request is not for one. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Answers 404 in the form `Accept` asks for (used by the dynamic side too). */
  notFound(req: IncomingMessage, res: ServerResponse): void;
}

/** The tree's HTML page for a missing page (src/publish/html/not-found-page.ts). */
const NOT_FOUND_PAGE = "/404.html";
const HTML = "text/html; charset=utf-8";

/** Errors are fresh for a minute: the next publish may add the file. */
const ERROR_CACHE_CONTROL = "public, max-age=60";

function variantFor(req: IncomingMessage, file: StaticFile): FileVariant {
  if (file.gzip === undefined && file.br === undefined) return file.identity;
  const encoding = chooseEncoding(req.headers["accept-encoding"] ?? "");
  if (encoding === "br" && file.br !== undefined) return file.br;
  if (encoding !== "identity" && file.gzip !== undefined) return file.gzip;
  return file.identity;
}

export function createStaticHandler(deps: StaticHandlerDeps): StaticHandler {
  function send(req: IncomingMessage, res: ServerResponse, cutMs: number, file: StaticFile): void {
    const variant = variantFor(req, file);
    const notModified = isNotModified(req.headers, file);
    const headers = notModified ? variant.notModified : variant.headers;
    // Shared by every reply of this file: safe, writeHead reads it synchronously.
    headers["Cache-Control"] = deps.cacheControl(cutMs);
    res.writeHead(
      notModified ? 304 : 200,
      deps.closing() ? { ...headers, Connection: "close" } : headers,
    );
    res.end(notModified || req.method === "HEAD" ? undefined : variant.body);
  }

  function sendError(req: IncomingMessage, res: ServerResponse, reply: ErrorReply): void {
    const headers = [
      ...deps.commonHeaders,
      "Content-Type",
      reply.contentType,
      "Content-Length",
      String(Buffer.byteLength(reply.body)),
      "SVC-API-Version",
      "1",
      "Cache-Control",
      ERROR_CACHE_CONTROL,
      "Vary",
      "Accept",
      ...(deps.closing() ? ["Connection", "close"] : []),
    ];
    res.writeHead(reply.status, headers);
    res.end(req.method === "HEAD" ? undefined : reply.body);
  }

  function sendFromArchive(
    req: IncomingMessage,
    res: ServerResponse,
    tree: LoadedTree,
    bucket: string,
    story: NonNullable<ReturnType<typeof storyFileOf>>,
  ): void {
    deps.archive.load(tree.archive, bucket, story).then(
      (file) => {
        if (file !== undefined) send(req, res, tree.cutMs, file);
        else sendNotFound(req, res);
      },
      (error: unknown) => {
        deps.logger.error({ bucket, story, error: describeError(error) }, "archive read failed");
        sendError(req, res, {
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({
            error: "internal",
            message: "The story file could not be read.",
            next_step: "Try again in a minute.",
          }),
        });
      },
    );
  }

  function sendNotFound(req: IncomingMessage, res: ServerResponse): void {
    const form = chooseErrorForm(req.headers.accept ?? "");
    const page = form === "html" ? deps.tree()?.files.get(NOT_FOUND_PAGE) : undefined;
    const reply =
      page === undefined
        ? notFoundReply(deps.baseUrl, pathOfUrl(req.url ?? "/"), form)
        : { status: 404, contentType: HTML, body: page.identity.body.toString("utf8") };
    sendError(req, res, reply);
  }

  /** `/n/world` -> 301 `/n/world/` when that directory has a page. */
  function redirectToDirectory(
    res: ServerResponse,
    tree: LoadedTree,
    requestPath: string,
    path: string,
  ): boolean {
    if (path.slice(path.lastIndexOf("/") + 1).includes(".")) return false;
    if (!tree.files.has(`/${path}/index.html`)) return false;
    return redirectTo(res, `${requestPath}/`);
  }

  /** 301 to `location` (a directory's address with its final slash). */
  function redirectTo(res: ServerResponse, location: string): true {
    res.writeHead(301, [...deps.commonHeaders, "Location", location, "Content-Length", "0"]);
    res.end();
    return true;
  }

  /**
   * `/stories/{date}/{slug}` -> 301 `/stories/{date}/{slug}/` when the tree holds stories of
   * that date (in memory or in its archive bucket), as a directory without its `/` is.
   */
  function redirectToStoryDirectory(
    res: ServerResponse,
    tree: LoadedTree,
    requestPath: string,
  ): boolean {
    if (!requestPath.startsWith("/stories/") || requestPath.endsWith("/")) return false;
    const story = storyFileOf(treePathOf(`${requestPath}/`) ?? "");
    if (story === undefined) return false;
    const directory = `/${storyDirectory(story.date, story.slug)}/`;
    const inMemory = STORY_FILE_NAMES.some((name) => tree.files.has(`${directory}${name}`));
    if (!inMemory && (tree.memoryDates.has(story.date) || !tree.dates.has(story.date))) {
      return false;
    }
    return redirectTo(res, `${requestPath}/`);
  }

  function serveStatic(req: IncomingMessage, res: ServerResponse): boolean {
    const tree = deps.tree();
    if (tree === undefined) return false;
    const method = req.method;
    const requestPath = pathOfUrl(req.url ?? "/");
    const hit = tree.files.get(requestPath);
    if (method !== "GET" && method !== "HEAD") {
      if (hit === undefined) return false;
      sendError(req, res, methodNotAllowedReply(deps.baseUrl, method ?? ""));
      return true;
    }
    if (hit !== undefined) {
      send(req, res, tree.cutMs, hit);
      return true;
    }
    const path = treePathOf(requestPath);
    if (path === undefined) return redirectToStoryDirectory(res, tree, requestPath);
    const file = tree.files.get(`/${path}`);
    if (file !== undefined) {
      send(req, res, tree.cutMs, file);
      return true;
    }
    if (redirectToDirectory(res, tree, requestPath, path)) return true;
    const story = storyFileOf(path);
    const bucket = story === undefined ? undefined : tree.dates.get(story.date);
    if (story === undefined || bucket === undefined || tree.memoryDates.has(story.date)) {
      return false;
    }
    const cached = deps.archive.cached(bucket, story);
    if (cached !== undefined) send(req, res, tree.cutMs, cached);
    else sendFromArchive(req, res, tree, bucket, story);
    return true;
  }

  return { serve: serveStatic, notFound: sendNotFound };
}
