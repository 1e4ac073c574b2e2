// `svc scheduler`: the rebuild schedule as a process of its own (docs/operations.md): builds and
// publishes at 00:00 and 12:00 UTC, catches up a missed cut at start, retries a failed build
// with back-off. For deployments whose `svc serve` replicas run with --no-scheduler.
import type { Command } from "commander";
import type { CommandContext } from "../context.js";
import { logStyle } from "../log-style.js";
import { EXIT_CODES_HELP } from "../exit-codes.js";
import { integerOption } from "../options.js";

export function registerScheduler(program: Command, context: () => CommandContext) {
  program
    .command("scheduler")
    .description(
      "Build and publish an edition at every cut (00:00 and 12:00 UTC) until stopped; at start, build the latest cut if the live edition is older",
    )
    .option(
      "--metrics-port <port>",
      "serve Prometheus metrics (build and publish durations) at http://HOST:PORT/metrics",
      integerOption("--metrics-port", 1, 65535),
    )
    .option("--metrics-host <host>", "address the metrics server listens on", "127.0.0.1")
    .addHelpText(
      "after",
      `\nOne builder at a time per store: a PostgreSQL advisory lock (DATABASE_URL), a lock file for SQLite.\nA failed build leaves the live edition and is retried after 1, 2, 4 … 30 minutes.\nPolls the feeds of SVC_POLL_SUBSCRIPTIONS every minute when set (docs/poll.md).\nStops on SIGTERM or SIGINT (a build in progress is stopped; the live edition stays).\n${EXIT_CODES_HELP}`,
    )
    .action(async (options: { metricsPort?: number; metricsHost: string }) => {
      const { config } = context();
      const [{ createLogger }, { flushLogger }, { runSchedule }, { startPolling }, metricsModule] =
        await Promise.all([
          import("../../server/http/logger.js"),
          import("../../server/run-server.js"),
          import("../run-scheduler.js"),
          import("../run-polling.js"),
          import("../../metrics/index.js"),
        ]);
      const logger = createLogger(config.logLevel, undefined, logStyle(config));
      const registry = metricsModule.createMetricsRegistry();
      const metrics = metricsModule.schedulerMetrics(registry);
      const server =
        options.metricsPort === undefined
          ? undefined
          : await metricsModule.startMetricsServer({
              port: options.metricsPort,
              host: options.metricsHost,
              registry,
              logger,
            });
      const controller = new AbortController();
      for (const signal of ["SIGTERM", "SIGINT"] as const) {
        process.once(signal, () => {
          logger.info({ reason: signal }, "scheduler stopping");
          controller.abort();
        });
      }
      logger.info({ dataDir: config.dataDir }, "scheduler started");
      const polling = startPolling(
        config,
        logger,
        controller.signal,
        metricsModule.pollMetrics(registry),
      )?.catch((error: unknown) => logger.error({ error: String(error) }, "the poller stopped"));
      await runSchedule(config, logger, controller.signal, metrics);
      await polling;
      await server?.close();
      logger.info("scheduler stopped");
      await flushLogger(logger);
    });
}
