// How the scheduler builds: `svc build --at CUT --json` in a child process (the same command an
// operator runs, under the builder lock). A child keeps the builder's memory (hundreds of MB
// at peak) and its seconds of CPU out of the serving process, whose cluster primary also
// answers the workers' rate-limit calls; its exit code and last error line say what failed.
import { execFile } from "node:child_process";
import type { HygieneCounts } from "../editorial/hygiene/drop-reasons.js";
import type { Config } from "../config/config.js";
import { buildPoolFlag } from "./v8-pool.js";

export interface ScheduledBuildSummary {
  manifests: number;
  stories: number;
  /** Seconds of the build and of the publish (the child's own timings). */
  buildSeconds: number;
  publishSeconds: number | undefined;
  /** What the hygiene stage read and dropped (absent from an older child's summary). */
  hygiene: HygieneCounts | undefined;
  /** Events held back, nothing to publish (absent from an older child's summary). */
  held: number | undefined;
}

interface BuildJson {
  manifests: number;
  stories: number;
  hygiene?: HygieneCounts;
  held?: number;
  seconds: number;
  published: { seconds: number } | null;
  /** Set when the build succeeded and its publish failed (build-command.ts). */
  publish_failed?: { message: string; seconds: number };
}

/** The build succeeded, its publish failed: the child's summary says so. */
export class ScheduledPublishError extends Error {
  readonly built: ScheduledBuildSummary;

  constructor(message: string, built: ScheduledBuildSummary) {
    super(message);
    this.name = "ScheduledPublishError";
    this.built = built;
  }
}

function parseSummary(stdout: string): BuildJson | undefined {
  try {
    return JSON.parse(stdout) as BuildJson;
  } catch {
    return undefined;
  }
}

function summaryOf(json: BuildJson, publishSeconds: number | undefined): ScheduledBuildSummary {
  return {
    manifests: json.manifests,
    stories: json.stories,
    buildSeconds: json.seconds,
    publishSeconds,
    hygiene: json.hygiene,
    held: json.held,
  };
}

/** The configuration as environment variables, so the child reads the same settings. */
function childEnvironment(config: Config): NodeJS.ProcessEnv {
  return {
    ...process.env,
    SVC_DATA_DIR: config.dataDir,
    SVC_BASE_URL: config.baseUrl,
    ...(config.databaseUrl === undefined ? {} : { DATABASE_URL: config.databaseUrl }),
    SVC_LOG_LEVEL: config.logLevel,
  };
}

function lastLine(text: string): string {
  return text.trim().split("\n").at(-1) ?? "";
}

/** The CLI's error line (`svc: …`), else the last line. */
function errorLine(text: string): string {
  const lines = text.trim().split("\n");
  return lines.findLast((line) => line.startsWith("svc: "))?.slice(5) ?? lastLine(text);
}

/**
 * Node's arguments for the child that builds `cut`: the build's V8 pool flag first where this
 * machine needs one, which spares the child starting itself again to set it (v8-pool.ts).
 */
export function buildArguments(
  script: string,
  cut: Date,
  pool: string | null = buildPoolFlag() ?? null,
): string[] {
  return [...(pool ? [pool] : []), script, "build", "--at", cut.toISOString(), "--json"];
}

/**
 * Builds and publishes the edition of `cut`; rejects with the child's error message, as a
 * ScheduledPublishError when only the publish failed.
 */
export function buildInChildProcess(
  config: Config,
  cut: Date,
  signal?: AbortSignal,
): Promise<ScheduledBuildSummary> {
  const script = process.argv[1];
  if (script === undefined) throw new Error("cannot tell which script runs svc");
  const args = buildArguments(script, cut);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      // Stopping the scheduler stops the build: publishing is atomic, the live edition stays.
      {
        env: childEnvironment(config),
        maxBuffer: 16 * 1024 * 1024,
        killSignal: "SIGTERM",
        ...(signal === undefined ? {} : { signal }),
      },
      (error, stdout, stderr) => {
        const json = parseSummary(stdout);
        if (error !== null) {
          const message = `svc build --at ${cut.toISOString()} failed: ${errorLine(stderr) || error.message}`;
          const failed = json?.publish_failed;
          reject(
            json !== undefined && failed !== undefined
              ? new ScheduledPublishError(message, summaryOf(json, failed.seconds))
              : new Error(message),
          );
          return;
        }
        if (json === undefined) {
          reject(new Error(`svc build printed no summary: ${lastLine(stdout)}`));
          return;
        }
        resolve(summaryOf(json, json.published?.seconds));
      },
    );
  });
}
