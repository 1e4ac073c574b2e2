// The server's structured logger (pino, one JSON object per line). Credentials never reach
// the log: request headers are not logged, and the headers that may carry one are removed
// should anything log a request object.
import { pino, type Logger, type LevelWithSilent } from "pino";

/** Headers that can carry a credential; nothing in SVC needs one (spec "Authentication"). */
export const CREDENTIAL_HEADERS = ["authorization", "cookie", "x-api-key", "proxy-authorization"];

export function createLogger(level: LevelWithSilent, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    redact: {
      paths: CREDENTIAL_HEADERS.flatMap((name) => [
        `req.headers["${name}"]`,
        `request.headers["${name}"]`,
        `headers["${name}"]`,
      ]),
      remove: true,
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
