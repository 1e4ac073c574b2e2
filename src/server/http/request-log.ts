// One log line per request at `info`: method, path (without the query, which may hold a
// question), status and milliseconds. Never headers.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { pathOfUrl } from "../static/request-path.js";

const SHOWN_PATH_LENGTH = 300;

/** Logs the request when its reply has been sent (or the connection dropped). */
export function logWhenDone(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  const started = performance.now();
  const done = () => {
    res.off("finish", done);
    res.off("close", done);
    logger.info({
      method: req.method,
      path: pathOfUrl(req.url ?? "/").slice(0, SHOWN_PATH_LENGTH),
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 100) / 100,
      ...(res.writableFinished ? {} : { aborted: true }),
    });
  };
  res.on("finish", done);
  res.on("close", done);
}
