// Configuration: defaults, overrides and clear errors.
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SvcError } from "../errors.js";
import { loadConfig } from "./config.js";
import { loadNewsroomsFile, resolveNewsrooms, titleFromSlug } from "./newsrooms.js";
import { packageRoot } from "./package-root.js";

function errorOf(fn: () => unknown): SvcError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SvcError) return error;
    throw error;
  }
  throw new Error("expected an SvcError");
}

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      dataDir: resolve("./data"),
      databaseUrl: undefined,
      databaseSchema: "public",
      baseUrl: "http://localhost:8080",
      port: 8080,
      logLevel: "info",
      newsroomsFile: join(packageRoot(), "config", "newsrooms.json"),
    });
    // The credit line must be true of real news too: it names no demo (issue 19's note).
    expect(config.providerName).toBe("the publishers named in each Manifest");
    expect(config.providerName).not.toMatch(/demo|fictional/i);
  });

  it("takes flags over the environment and drops a trailing slash of the base URL", () => {
    const config = loadConfig(
      { PORT: "9000", SVC_BASE_URL: "https://news.example.org/" },
      { port: "9100", dataDir: "/tmp/x" },
    );
    expect(config.port).toBe(9100);
    expect(config.dataDir).toBe("/tmp/x");
    expect(config.baseUrl).toBe("https://news.example.org");
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: " " }).port).toBe(8080);
  });

  it("names every bad setting, with its flag and what it got", () => {
    const error = errorOf(() =>
      loadConfig({ PORT: "abc", SVC_BASE_URL: "ftp://x", DATABASE_URL: "mysql://u:s3cr3t@h/db" }),
    );
    expect(error.code).toBe("invalid_config");
    expect(error.message).toContain(
      'PORT (or --port): expected an integer from 1 to 65535, got "abc"',
    );
    expect(error.message).toContain(
      "SVC_BASE_URL (or --base-url): expected an absolute http(s) URL",
    );
    expect(error.message).toContain("DATABASE_URL (or --database-url): expected a postgres://");
    expect(error.message).not.toContain("s3cr3t");
    expect(error.nextStep).toContain("docs/configuration.md");
  });

  it("reads the publishing windows, and refuses values out of their range", () => {
    const config = loadConfig({ SVC_LIST_WINDOW_DAYS: "14", SVC_ARCHIVE_DAYS: "0" });
    expect([config.listWindowDays, config.archiveDays, config.keepTrees]).toEqual([14, 0, 3]);
    const error = errorOf(() => loadConfig({ SVC_LIST_WINDOW_DAYS: "0", SVC_KEEP_TREES: "1.5" }));
    expect(error.message).toContain(
      'SVC_LIST_WINDOW_DAYS: expected an integer from 1 to 365, got "0"',
    );
    expect(error.message).toContain('SVC_KEEP_TREES: expected an integer from 1 to 100, got "1.5"');
  });

  it("refuses ports out of range and schema names that are not plain identifiers", () => {
    expect(errorOf(() => loadConfig({ PORT: "70000" })).message).toContain("PORT");
    expect(errorOf(() => loadConfig({ SVC_DATABASE_SCHEMA: "x; DROP" })).message).toContain(
      "SVC_DATABASE_SCHEMA",
    );
  });
});

describe("loadConfig: server settings", () => {
  it("has defaults for the server", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      serveWorkers: availableParallelism(),
      redisUrl: undefined,
      trustedProxies: [],
      rateLimit: 60,
      deprecationAt: undefined,
      sunsetAt: undefined,
      deprecationLink: undefined,
      cursorSecret: undefined,
      redisKeyPrefix: "svc:rate:",
      scheduler: true,
    });
  });

  it("reads workers, Redis, trusted proxies, the rate limit and the deprecation", () => {
    const config = loadConfig({
      SVC_SERVE_WORKERS: "0",
      REDIS_URL: "redis://:pw@cache:6379/0",
      SVC_TRUSTED_PROXIES: " 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1,loopback",
      SVC_RATE_LIMIT: "0",
      SVC_DEPRECATION_AT: "2027-01-01T00:00:00Z",
      SVC_SUNSET_AT: "2027-04-02T00:00:00+02:00",
      SVC_DEPRECATION_LINK: "https://news.example.org/developers/v2",
      SVC_CURSOR_SECRET: "a secret of some length",
      SVC_REDIS_KEY_PREFIX: "svc:prod:rate:",
      SVC_SCHEDULER: "off",
    });
    expect(config.serveWorkers).toBe(0);
    expect(config.redisUrl).toBe("redis://:pw@cache:6379/0");
    expect(config.trustedProxies).toEqual(["10.0.0.0/8", "192.168.1.7", "fd00::/8", "::1", "loopback"]);
    expect(config.rateLimit).toBe(0);
    expect(config.deprecationAt?.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(config.sunsetAt?.toISOString()).toBe("2027-04-01T22:00:00.000Z");
    expect(config.deprecationLink).toBe("https://news.example.org/developers/v2");
    expect(config.cursorSecret).toBe("a secret of some length");
    expect(config.redisKeyPrefix).toBe("svc:prod:rate:");
    expect(config.scheduler).toBe(false);
  });

  it("names every bad server setting and never shows a Redis password", () => {
    const error = errorOf(() =>
      loadConfig({
        SVC_SERVE_WORKERS: "-1",
        REDIS_URL: "http://:hunter2@cache",
        SVC_TRUSTED_PROXIES: "10.0.0.0/33,proxy.example",
        SVC_RATE_LIMIT: "many",
        SVC_DEPRECATION_AT: "next year",
        SVC_DEPRECATION_LINK: "javascript:alert(1)",
        SVC_CURSOR_SECRET: "hunter3",
        SVC_REDIS_KEY_PREFIX: "has spaces",
        SVC_SCHEDULER: "sometimes",
      }),
    );
    expect(error.message).toContain('SVC_SERVE_WORKERS: expected an integer from 0 to 64, got "-1"');
    expect(error.message).toContain("REDIS_URL: expected a redis:// or rediss:// connection URL");
    expect(error.message).toContain("SVC_TRUSTED_PROXIES: expected a comma-separated list");
    expect(error.message).toContain("SVC_RATE_LIMIT: expected an integer from 0 to 1000000");
    expect(error.message).toContain("SVC_DEPRECATION_AT: expected an RFC 3339 time");
    expect(error.message).toContain("SVC_DEPRECATION_LINK: expected an absolute http(s) URL");
    expect(error.message).toContain("SVC_CURSOR_SECRET: expected at least 16 characters");
    expect(error.message).toContain("SVC_REDIS_KEY_PREFIX: expected 1 to 64 letters");
    expect(error.message).toContain('SVC_SCHEDULER: expected "on" or "off"');
    expect(error.message).not.toContain("hunter2");
    expect(error.message).not.toContain("hunter3");
  });

  it("refuses a sunset before the deprecation", () => {
    const error = errorOf(() =>
      loadConfig({
        SVC_DEPRECATION_AT: "2027-01-01T00:00:00Z",
        SVC_SUNSET_AT: "2026-12-01T00:00:00Z",
      }),
    );
    expect(error.message).toContain(
      "SVC_SUNSET_AT: expected a time at least 90 days after SVC_DEPRECATION_AT",
    );
  });

  it("refuses a sunset announced less than 90 days ahead, or without a deprecation", () => {
    const short = errorOf(() =>
      loadConfig({
        SVC_DEPRECATION_AT: "2027-01-01T00:00:00Z",
        SVC_SUNSET_AT: "2027-03-31T23:59:59Z",
      }),
    );
    expect(short.message).toContain("at least 90 days after SVC_DEPRECATION_AT");
    expect(short.message).toContain("it is 89.9 days");
    expect(
      loadConfig({ SVC_DEPRECATION_AT: "2027-01-01T00:00:00Z", SVC_SUNSET_AT: "2027-04-01T00:00:00Z" })
        .sunsetAt?.toISOString(),
    ).toBe("2027-04-01T00:00:00.000Z");
    const alone = errorOf(() => loadConfig({ SVC_SUNSET_AT: "2027-04-01T00:00:00Z" }));
    expect(alone.message).toContain("SVC_SUNSET_AT: expected SVC_DEPRECATION_AT too");
  });
});

describe("newsrooms", () => {
  it("loads the bundled newsrooms file", () => {
    const newsrooms = loadNewsroomsFile(join(packageRoot(), "config", "newsrooms.json"));
    expect(newsrooms.length).toBeGreaterThanOrEqual(6);
    for (const newsroom of newsrooms) expect(newsroom.id).toMatch(/^[a-z0-9-]+$/);
  });

  it("turns a topic seen only in Manifests into a newsroom titled from its slug", () => {
    const configured = [
      { id: "world", title: "World", description: "World news.", configured: true },
    ];
    expect(resolveNewsrooms(configured, ["world", "climate-tech"])).toEqual([
      configured[0],
      {
        id: "climate-tech",
        title: "Climate tech",
        description: "Stories about climate tech.",
        configured: false,
      },
    ]);
    expect(titleFromSlug("ai")).toBe("Ai");
  });

  it("explains a broken newsrooms file", () => {
    expect(errorOf(() => loadNewsroomsFile("/nonexistent/newsrooms.json")).message).toContain(
      "cannot read the newsrooms file",
    );
  });
});
