// The server's structured logger (pino): one JSON object per line for log collectors, or
// readable lines (pino-pretty) for a person at a terminal. Credentials never reach the log:
// request headers are not logged, and the headers that may carry one are removed should
// anything log a request object.
import { pino, type Logger, type LevelWithSilent } from "pino";
import { PinoPretty } from "pino-pretty";

/** Headers that can carry a credential; nothing in SVC needs one (spec "Authentication"). */
export const CREDENTIAL_HEADERS = ["authorization", "cookie", "x-api-key", "proxy-authorization"];

/** How log lines look: JSON objects, or readable lines (colored when `colorize`). */
export interface LogStyle {
  pretty: boolean;
  colorize?: boolean;
}

export function createLogger(
  level: LevelWithSilent,
  destination?: NodeJS.WritableStream,
  style: LogStyle = { pretty: false },
): Logger {
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
  if (style.pretty) {
    // Synchronous, in this process (no transport thread): lines appear in order with output.
    const stream = PinoPretty({
      colorize: style.colorize === true,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname",
      sync: true,
      ...(destination === undefined ? {} : { destination }),
    });
    return pino(options, stream);
  }
  return destination === undefined ? pino(options) : pino(options, destination);
}
