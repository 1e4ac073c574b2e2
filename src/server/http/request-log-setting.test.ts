// SVC_REQUEST_LOG: one line per request unless it is off (the CLI turns `auto` off on a
// terminal: src/cli/log-style.ts); other log lines are kept either way.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { get } from "../../../test/support/http-client.js";
import { startTestServer } from "../../../test/support/test-server.js";
import { createLogger } from "./logger.js";

async function requestLines(setting: string | undefined): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), "svc-request-log-"));
  const running = await startTestServer({
    SVC_DATA_DIR: dataDir,
    ...(setting === undefined ? {} : { SVC_REQUEST_LOG: setting }),
  });
  try {
    await get(running.port, "/healthz");
    await new Promise((resolve) => setTimeout(resolve, 20));
    return running.logs.filter((entry) => entry.path === "/healthz").length;
  } finally {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("request log", () => {
  it("logs a line per request by default and when on, none when off", async () => {
    expect(await requestLines(undefined)).toBe(1);
    expect(await requestLines("on")).toBe(1);
    expect(await requestLines("off")).toBe(0);
  });
});

describe("createLogger", () => {
  it("writes readable lines when pretty, JSON objects otherwise", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    });
    createLogger("info", sink, { pretty: true }).info({ edition: "x" }, "edition loaded");
    createLogger("info", sink).info({ edition: "x" }, "edition loaded");
    const [pretty, json] = lines;
    expect(pretty).toMatch(/INFO.*edition loaded/);
    expect(() => JSON.parse(pretty ?? "") as unknown).toThrow();
    expect(JSON.parse(json ?? "{}")).toMatchObject({
      level: 30,
      msg: "edition loaded",
      edition: "x",
    });
  });
});
