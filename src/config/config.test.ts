// Configuration: defaults, overrides and clear errors.
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
      loadConfig({ PORT: "abc", SVC_BASE_URL: "ftp://x", DATABASE_URL: "mysql://u:secret@h/db" }),
    );
    expect(error.code).toBe("invalid_config");
    expect(error.message).toContain(
      'PORT (or --port): expected an integer from 1 to 65535, got "abc"',
    );
    expect(error.message).toContain(
      "SVC_BASE_URL (or --base-url): expected an absolute http(s) URL",
    );
    expect(error.message).toContain("DATABASE_URL (or --database-url): expected a postgres://");
    expect(error.message).not.toContain("secret");
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
