// How the long-running commands log (docs/configuration.md, SVC_LOG_FORMAT and
// SVC_REQUEST_LOG): for a person at a terminal, readable lines and no line per request; for a
// log collector (a pipe, a service manager, CI), JSON lines with every request.
import type { Config } from "../config/config.js";
import type { LogStyle } from "../server/http/logger.js";

/** Whether output goes to a person: a terminal, outside CI. */
export function isInteractive(stream: { isTTY?: boolean } = process.stdout): boolean {
  return stream.isTTY === true && !process.env.CI;
}

export function logStyle(
  config: Pick<Config, "logFormat">,
  interactive = isInteractive(),
): LogStyle {
  const pretty = config.logFormat === "pretty" || (config.logFormat === "auto" && interactive);
  return { pretty, colorize: pretty && interactive };
}

/** The configuration with `requestLog` decided: `auto` is off on a terminal. */
export function withRequestLog<T extends Pick<Config, "requestLog">>(
  config: T,
  interactive = isInteractive(),
): T {
  if (config.requestLog !== "auto") return config;
  return { ...config, requestLog: interactive ? "off" : "on" };
}
