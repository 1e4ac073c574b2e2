// A stand-in for the static side of a web server in front of `svc serve`, for browser tests:
// it answers the HTML pages of the live tree (a directory path such as `/stories/d/s/` is its
// `index.html`, a missing page is `404.html` with status 404) and the stylesheet, and passes
// every other request (JSON, Markdown, feeds, /ask, /mcp) to the real server unchanged. Used
// because `svc serve` does not serve directory paths yet; nginx does this with `index
// index.html` and `error_page 404 /404.html`.
import { readFile, realpath } from "node:fs/promises";
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { join, sep } from "node:path";

const TYPES: Readonly<Record<string, string>> = {
  html: "text/html; charset=utf-8",
  css: "text/css; charset=utf-8",
};

export interface PageServer {
  server: Server;
  port: number;
  /** Where requests that are not pages go, e.g. `http://127.0.0.1:8123`; set once known. */
  upstream: string | undefined;
  close(): Promise<void>;
}

/** The tree file a request for a page or stylesheet names, or undefined when it names none. */
function pageFile(path: string): string | undefined {
  if (!/^\/[A-Za-z0-9._~/-]*$/.test(path) || path.split("/").includes("..")) return undefined;
  if (path.endsWith("/")) return `${path}index.html`;
  return /\.(html|css)$/.test(path) ? path : undefined;
}

async function readTreeFile(root: string, path: string): Promise<Buffer | undefined> {
  try {
    const real = await realpath(join(root, path));
    // Story dates are links into the archive, which lies outside the tree: allow the data dir.
    const dataDir = join(root, "..", "..", "..");
    if (!real.startsWith(await realpath(dataDir)) || real.endsWith(sep)) return undefined;
    return await readFile(real);
  } catch {
    return undefined;
  }
}

function proxy(upstream: string, req: IncomingMessage, res: ServerResponse): void {
  const target = new URL(req.url ?? "/", upstream);
  const forward = request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    },
  );
  forward.on("error", (error) => {
    res.writeHead(502, { "content-type": "text/plain" });
    res.end(`upstream failed: ${error.message}`);
  });
  req.pipe(forward);
}

/** Starts on a free port of 127.0.0.1; `publicDir` is the data directory's `public` link. */
export async function startPageServer(publicDir: string): Promise<PageServer> {
  const state: PageServer = {
    server: createServer((req, res) => {
      void handle(req, res);
    }),
    port: 0,
    upstream: undefined,
    close: () => new Promise((resolve) => state.server.close(() => resolve())),
  };
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://page.test").pathname;
    const file = req.method === "GET" || req.method === "HEAD" ? pageFile(path) : undefined;
    if (file !== undefined) {
      const root = await realpath(publicDir);
      const body = await readTreeFile(root, file);
      const extension = file.slice(file.lastIndexOf(".") + 1);
      if (body !== undefined) {
        res.writeHead(200, { "content-type": TYPES[extension] ?? "application/octet-stream" });
        res.end(req.method === "HEAD" ? undefined : body);
        return;
      }
      if (extension === "html") {
        res.writeHead(404, { "content-type": TYPES.html });
        res.end((await readTreeFile(root, "404.html")) ?? "not found");
        return;
      }
    }
    if (state.upstream === undefined) {
      res.writeHead(503, { "content-type": "text/plain" });
      res.end("no upstream server");
      return;
    }
    proxy(state.upstream, req, res);
  }
  await new Promise<void>((resolve) => state.server.listen(0, "127.0.0.1", resolve));
  state.port = (state.server.address() as AddressInfo).port;
  return state;
}

/** A free TCP port of 127.0.0.1 (free when asked: the caller binds it soon after). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
