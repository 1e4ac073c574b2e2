// `svc serve`: serves the live tree ($SVC_DATA_DIR/public), /ask and the health checks over
// HTTP on PORT, in SVC_SERVE_WORKERS node:cluster workers (0: in this process). Reloads by
// itself when a new edition is published. docs/serving.md.
import cluster from "node:cluster";
import type { Command } from "commander";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import type { Config } from "../../config/config.js";
import type { CommandContext } from "../context.js";
import { EXIT_CODES_HELP } from "../exit-codes.js";
import { logStyle, withRequestLog } from "../log-style.js";

/**
 * Serves until SIGTERM or SIGINT, then ends the process with the exit code (0 after a graceful
 * stop): timers left by libraries (the rate limiter's key expiry) must not keep a stopped
 * server alive.
 */
export async function serve(config: Config, scheduler = config.scheduler): Promise<never> {
  process.exit(await serveUntilStopped(withRequestLog(config), scheduler));
}

/**
 * Runs the rebuild schedule beside the server, in the process that does not serve when there
 * are workers (the cluster primary), until the server stops. Its metrics go to `registry`,
 * which that process's /metrics share shows.
 */
async function withSchedule(
  config: Config,
  logger: Logger,
  enabled: boolean,
  serveUntil: (registry: Registry) => Promise<number>,
): Promise<number> {
  const { createMetricsRegistry, pollMetrics, schedulerMetrics } =
    await import("../../metrics/index.js");
  const registry = createMetricsRegistry();
  if (!enabled || !cluster.isPrimary) return serveUntil(registry);
  const [{ runSchedule }, { startPolling }] = await Promise.all([
    import("../run-scheduler.js"),
    import("../run-polling.js"),
  ]);
  const controller = new AbortController();
  const metrics = schedulerMetrics(registry);
  // Feeds are polled where the schedule runs (one place per deployment): docs/poll.md.
  const polling = startPolling(config, logger, controller.signal, pollMetrics(registry))?.catch(
    (error: unknown) => {
      logger.error({ error: String(error) }, "the poller stopped");
    },
  );
  const schedule = runSchedule(config, logger, controller.signal, metrics).catch(
    (error: unknown) => {
      logger.error({ error: String(error) }, "the scheduler stopped");
    },
  );
  try {
    return await serveUntil(registry);
  } finally {
    controller.abort();
    await Promise.all([schedule, polling]);
  }
}

async function serveUntilStopped(config: Config, scheduler: boolean): Promise<number> {
  // The server's modules (Fastify, the MCP SDK, the limiter) load only for the commands that
  // serve: every other command starts faster without them.
  const [{ createLogger }, { flushLogger }] = await Promise.all([
    import("../../server/http/logger.js"),
    import("../../server/run-server.js"),
  ]);
  const logger = createLogger(config.logLevel, undefined, logStyle(config));
  try {
    return await withSchedule(config, logger, scheduler, (registry) =>
      serveOnly(config, logger, registry),
    );
  } finally {
    await flushLogger(logger);
  }
}

async function serveOnly(config: Config, logger: Logger, metrics: Registry): Promise<number> {
  const [{ runClusterPrimary }, { runServer }] = await Promise.all([
    import("../../server/cluster/cluster-primary.js"),
    import("../../server/run-server.js"),
  ]);
  if (cluster.isPrimary && config.socket !== undefined) {
    const { prepareSocketPath } = await import("../../server/cluster/socket-path.js");
    await prepareSocketPath(config.socket);
  }
  if (cluster.isPrimary && config.serveWorkers > 0) {
    const script = process.argv[1];
    if (script === undefined) throw new Error("cannot tell which script to run in the workers");
    return await runClusterPrimary({
      workers: config.serveWorkers,
      logger,
      exec: script,
      args: ["serve"],
      // Flags become environment variables: workers run `svc serve` without flags.
      env: {
        SVC_DATA_DIR: config.dataDir,
        SVC_BASE_URL: config.baseUrl,
        PORT: String(config.port),
        ...(config.socket === undefined ? {} : { SVC_SOCKET: config.socket }),
        // The primary runs the schedule; workers only serve.
        SVC_SCHEDULER: "off",
      },
    });
  }
  return await runServer({ config, logger, port: config.port, socket: config.socket, metrics });
}

export function registerServe(program: Command, context: () => CommandContext) {
  program
    .command("serve")
    .description(
      "Serve the published edition ($SVC_DATA_DIR/public), /ask and health checks over HTTP on PORT; reloads when a new edition is published",
    )
    .option("--no-scheduler", "do not build at 00:00 and 12:00 UTC (run `svc scheduler` elsewhere)")
    .addHelpText(
      "after",
      `\nBuilds and publishes at 00:00 and 12:00 UTC itself unless --no-scheduler or SVC_SCHEDULER=off (svc scheduler --help).\nPolls the feeds of SVC_POLL_SUBSCRIPTIONS beside the schedule when set (docs/poll.md).\nSettings: PORT (or SVC_SOCKET, a Unix socket), SVC_BASE_URL, SVC_SERVE_WORKERS (default: one per core; 0 = one process), SVC_RATE_LIMIT, REDIS_URL, SVC_TRUSTED_PROXIES, SVC_LOG_LEVEL (docs/configuration.md).\nStops gracefully on SIGTERM or SIGINT (requests in flight finish; exit code 0).\n${EXIT_CODES_HELP}`,
    )
    .action(async (options: { scheduler: boolean }) => {
      const { config } = context();
      await serve(config, options.scheduler && config.scheduler);
    });
}
