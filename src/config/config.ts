// Configuration from environment variables and command-line flags, validated once at start.
// Only this module and src/cli read process.env; everything else receives a Config.
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { z } from "zod";
import { SvcError } from "../errors.js";
import { describeValue } from "../manifests/problems.js";
import { SCHEMA_NAME_PATTERN } from "../store/postgres/schema-name.js";
import { DAY_MS } from "../time/cut-time.js";
import { packageRoot } from "./package-root.js";

/** Flags that override the environment (the names of the CLI's global options). */
export interface ConfigOverrides {
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  baseUrl?: string | undefined;
  port?: string | undefined;
}

const MAX_SOCKET_PATH_BYTES = 107;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

function integerSetting(min: number, max: number, fallback: number) {
  const error = `expected an integer from ${min} to ${max}`;
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error })
      .int({ error })
      .min(min, { error })
      .max(max, { error })
      .default(fallback),
  );
}

/** Named ranges the rate limiter accepts (src/server/rate-limit/client-address.ts). */
const NAMED_PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IPv4/IPv6 address, a CIDR block such as 10.0.0.0/8 or fd00::/8, or a named range. */
function isAddressOrBlock(value: string): boolean {
  if (NAMED_PROXY_RANGES.has(value)) return true;
  const [address = "", prefix, extra] = value.split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

const trustedProxiesSetting = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== ""),
    )
    .refine((items) => items.every(isAddressOrBlock), {
      error:
        "expected a comma-separated list of IP addresses, CIDR blocks (10.0.0.0/8) or loopback, linklocal, uniquelocal",
    }),
);

const instantSetting = z.preprocess(
  blankToUndefined,
  z.iso
    .datetime({ offset: true, error: "expected an RFC 3339 time such as 2027-01-31T00:00:00Z" })
    .optional(),
);

const EnvSchema = z.object({
  SVC_DATA_DIR: z.preprocess(blankToUndefined, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .url({
        protocol: /^postgres(ql)?$/,
        error: "expected a postgres:// or postgresql:// connection URL",
      })
      .optional(),
  ),
  SVC_DATABASE_SCHEMA: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(SCHEMA_NAME_PATTERN, {
        error: "expected a lowercase identifier (a-z, 0-9, _), at most 63 characters",
      })
      .default("public"),
  ),
  SVC_BASE_URL: z.preprocess(
    blankToUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: "expected an absolute http(s) URL such as https://news.example.org",
      })
      .refine((value) => !/[?#]/.test(value), {
        error: "expected a base URL without a query or fragment",
      })
      .optional(),
  ),
  PORT: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "expected an integer from 1 to 65535" })
      .int({ error: "expected an integer from 1 to 65535" })
      .min(1, { error: "expected an integer from 1 to 65535" })
      .max(65535, { error: "expected an integer from 1 to 65535" })
      .default(8080),
  ),
  SVC_SOCKET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((path) => resolve(path))
      // sun_path holds 108 bytes, the terminating NUL included.
      .refine((path) => Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES, {
        error: `expected a path of at most ${MAX_SOCKET_PATH_BYTES} bytes once made absolute (the limit of a Unix socket's name)`,
      })
      .optional(),
  ),
  SVC_NEWSROOMS_FILE: z.preprocess(blankToUndefined, z.string().optional()),
  SVC_SERVICE_NAME: z.preprocess(blankToUndefined, z.string().max(200).default("SVC")),
  SVC_PROVIDER_NAME: z.preprocess(
    blankToUndefined,
    // True of any deployment: each Manifest names its publisher. The demo says it is fictional
    // in its own notices (src/demo/demo-ids.ts), so an operator's real news never carries it.
    z.string().max(200).default("the publishers named in each Manifest"),
  ),
  SVC_LIST_WINDOW_DAYS: integerSetting(1, 365, 7),
  SVC_ARCHIVE_DAYS: integerSetting(0, 36500, 365),
  SVC_KEEP_TREES: integerSetting(1, 100, 3),
  SVC_LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  SVC_LOG_FORMAT: z.preprocess(
    blankToUndefined,
    z.enum(["json", "pretty", "auto"], { error: 'expected "json", "pretty" or "auto"' }).default("auto"),
  ),
  SVC_REQUEST_LOG: z.preprocess(
    blankToUndefined,
    z.enum(["on", "off", "auto"], { error: 'expected "on", "off" or "auto"' }).default("auto"),
  ),
  SVC_SERVE_WORKERS: integerSetting(0, 64, availableParallelism()),
  SVC_REQUEST_TIMEOUT: integerSetting(1, 300, 10),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^rediss?$/, error: "expected a redis:// or rediss:// connection URL" })
      .optional(),
  ),
  SVC_REDIS_KEY_PREFIX: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, {
        error: "expected 1 to 64 letters, digits or : _ . -",
      })
      .default("svc:rate:"),
  ),
  SVC_SCHEDULER: z.preprocess(
    blankToUndefined,
    z.enum(["on", "off"], { error: 'expected "on" or "off"' }).default("on"),
  ),
  SVC_TRUSTED_PROXIES: trustedProxiesSetting,
  SVC_METRICS_FROM: trustedProxiesSetting,
  SVC_RATE_LIMIT: integerSetting(0, 1_000_000, 60),
  SVC_DEPRECATION_AT: instantSetting,
  SVC_SUNSET_AT: instantSetting,
  SVC_DEPRECATION_LINK: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" }).optional(),
  ),
  SVC_POLL_SUBSCRIPTIONS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((path) => resolve(path))
      .optional(),
  ),
  SVC_POLL_ALLOW_PRIVATE: z.preprocess(
    blankToUndefined,
    z.enum(["on", "off"], { error: 'expected "on" or "off"' }).default("off"),
  ),
  SVC_POLL_CONCURRENCY: integerSetting(1, 256, 8),
  SVC_POLL_USER_AGENT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(300, { error: "expected at most 300 characters" })
      .regex(/^[\x20-\x7e]+$/, { error: "expected printable ASCII (an HTTP header value)" })
      .optional(),
  ),
  SVC_CURSOR_SECRET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .min(16, { error: "expected at least 16 characters" })
      .max(1024, { error: "expected at most 1024 characters" })
      .optional(),
  ),
});

/**
 * The configuration every stage receives, made from the validated environment: its type
 * (Config) is inferred from here, so a setting is declared once.
 */
const ConfigSchema = EnvSchema.transform((values, context) => {
  const deprecationAt = optionalDate(values.SVC_DEPRECATION_AT);
  const sunsetAt = optionalDate(values.SVC_SUNSET_AT);
  const sunsetProblem = checkSunset(deprecationAt, sunsetAt);
  if (sunsetProblem !== undefined) {
    context.issues.push({
      code: "custom",
      path: ["SVC_SUNSET_AT"],
      message: sunsetProblem,
      input: values.SVC_SUNSET_AT,
    });
    return z.NEVER;
  }
  const baseUrl = (values.SVC_BASE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, "");
  return Object.freeze({
    /** Holds the SQLite file, the published tree and rejects files. */
    dataDir: resolve(values.SVC_DATA_DIR),
    /** PostgreSQL connection string; SQLite under dataDir when absent. */
    databaseUrl: values.DATABASE_URL,
    databaseSchema: values.SVC_DATABASE_SCHEMA,
    /** Public base address of the service; every published URL starts with it. */
    baseUrl,
    port: values.PORT,
    /**
     * `svc serve` listens on this Unix socket (an absolute path) instead of PORT: for nginx on
     * the same machine (no port to open). Its peers are trusted like proxies.
     */
    socket: values.SVC_SOCKET,
    newsroomsFile: resolve(
      values.SVC_NEWSROOMS_FILE ?? join(packageRoot(), "config", "newsrooms.json"),
    ),
    /** The service's name in the reuse credit line. */
    serviceName: values.SVC_SERVICE_NAME,
    /** The provenance provider's name in the reuse credit line. */
    providerName: values.SVC_PROVIDER_NAME,
    logLevel: values.SVC_LOG_LEVEL,
    /** `json` lines, `pretty` readable lines, or `auto`: pretty on a terminal (src/cli decides). */
    logFormat: values.SVC_LOG_FORMAT,
    /** One log line per request: `on`, `off`, or `auto`: off on a terminal, on otherwise. */
    requestLog: values.SVC_REQUEST_LOG,
    /** Days of stories in topic indexes and feeds. */
    listWindowDays: values.SVC_LIST_WINDOW_DAYS,
    /** Days story files stay published after their last edition; 0 keeps them forever. */
    archiveDays: values.SVC_ARCHIVE_DAYS,
    /** Published trees kept on disk, the live one included (for rollback and slow readers). */
    keepTrees: values.SVC_KEEP_TREES,
    /** `svc serve` worker processes (node:cluster); 0 serves from the one process. */
    serveWorkers: values.SVC_SERVE_WORKERS,
    /** Seconds a request may take to arrive in full (headers and body) before a 408. */
    requestTimeoutSeconds: values.SVC_REQUEST_TIMEOUT,
    /** Redis for the shared rate-limit store; the limiter keeps counts in memory when absent. */
    redisUrl: values.REDIS_URL,
    /** Prefix of the rate-limit keys in Redis (deployments or test runs sharing one Redis differ). */
    redisKeyPrefix: values.SVC_REDIS_KEY_PREFIX,
    /** `svc serve` builds and publishes at 00:00 and 12:00 UTC itself (docs/operations.md). */
    scheduler: values.SVC_SCHEDULER === "on",
    /** Proxies whose `X-Forwarded-For` is believed: IP addresses or CIDR blocks. */
    trustedProxies: Object.freeze(values.SVC_TRUSTED_PROXIES),
    /** Client addresses (after trusted proxies) that may read /metrics; loopback by default. */
    metricsFrom: Object.freeze(
      values.SVC_METRICS_FROM.length === 0 ? ["loopback"] : values.SVC_METRICS_FROM,
    ),
    /** `/ask` and MCP tool calls allowed per client IP per 60 s; 0 turns the limit off. */
    rateLimit: values.SVC_RATE_LIMIT,
    /** When set, every reply carries `Deprecation` (RFC 9745). */
    deprecationAt,
    /** When set, every reply carries `Sunset` (RFC 8594). */
    sunsetAt,
    /** Where the deprecation is explained: `Link: <…>; rel="deprecation"` (and `rel="sunset"`). */
    deprecationLink: values.SVC_DEPRECATION_LINK,
    /**
     * Mixed into the key that signs svc_since cursors: set the same value on every replica, and
     * change it to invalidate every cursor handed out. None: the key comes from the base URL.
     */
    cursorSecret: values.SVC_CURSOR_SECRET,
    /** The feeds `svc poll` polls (docs/poll.md); `svc serve` and `svc scheduler` poll them too when set. */
    pollSubscriptions: values.SVC_POLL_SUBSCRIPTIONS,
    /** Let the poller fetch from private, loopback and link-local addresses (intranets, tests). */
    pollAllowPrivate: values.SVC_POLL_ALLOW_PRIVATE === "on",
    /** Feeds polled at once. */
    pollConcurrency: values.SVC_POLL_CONCURRENCY,
    /** The poller's User-Agent; default names SVC, its version and the base URL. */
    pollUserAgent: values.SVC_POLL_USER_AGENT,
  });
});

/** The validated configuration (frozen). */
export type Config = z.output<typeof ConfigSchema>;

/** Settings whose values may hold passwords: never shown in messages. */
const SECRET_SETTINGS = new Set(["DATABASE_URL", "REDIS_URL", "SVC_CURSOR_SECRET"]);

const FLAG_FOR: Record<string, string> = {
  SVC_DATA_DIR: "--data-dir",
  DATABASE_URL: "--database-url",
  SVC_BASE_URL: "--base-url",
  PORT: "--port",
};

/** Reads and validates the configuration; throws one SvcError listing every problem. */
export function loadConfig(
  env: Record<string, string | undefined>,
  overrides: ConfigOverrides = {},
): Config {
  const input: Record<string, string | undefined> = {
    ...env,
    ...(overrides.dataDir !== undefined ? { SVC_DATA_DIR: overrides.dataDir } : {}),
    ...(overrides.databaseUrl !== undefined ? { DATABASE_URL: overrides.databaseUrl } : {}),
    ...(overrides.baseUrl !== undefined ? { SVC_BASE_URL: overrides.baseUrl } : {}),
    ...(overrides.port !== undefined ? { PORT: overrides.port } : {}),
  };
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const flag = FLAG_FOR[name] ? ` (or ${FLAG_FOR[name]})` : "";
      const shown = SECRET_SETTINGS.has(name)
        ? "a value not shown here (it may hold a password)"
        : describeValue(input[name]);
      return `${name}${flag}: ${issue.message}, got ${shown}`;
    });
    throw new SvcError(
      "invalid_config",
      `invalid configuration: ${reasons.join("; ")}`,
      "fix the environment variable or flag named above; docs/configuration.md lists every setting",
    );
  }
  return parsed.data;
}

/** The spec ("Versioning"): a breaking change is announced at least 90 days before it ships. */
export const MIN_DEPRECATION_NOTICE_DAYS = 90;

/** Why a sunset does not follow the deprecation policy, or undefined when it does. */
function checkSunset(deprecationAt: Date | undefined, sunsetAt: Date | undefined): string | undefined {
  if (sunsetAt === undefined) return undefined;
  if (deprecationAt === undefined) {
    return "expected SVC_DEPRECATION_AT too (a sunset is announced by a deprecation first)";
  }
  const noticeDays = (sunsetAt.getTime() - deprecationAt.getTime()) / DAY_MS;
  if (noticeDays < MIN_DEPRECATION_NOTICE_DAYS) {
    return `expected a time at least ${MIN_DEPRECATION_NOTICE_DAYS} days after SVC_DEPRECATION_AT (the spec's notice period), it is ${(Math.floor(noticeDays * 10) / 10).toFixed(1)} days`;
  }
  return undefined;
}

function optionalDate(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}
