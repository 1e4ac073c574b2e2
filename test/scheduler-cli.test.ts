// The rebuild schedule and the builder lock, as operators run them: `svc scheduler` catches up
// a missed cut and retries a failing build; `svc build` refuses to run beside another builder
// (exit code 5); PostgreSQL going away during a build fails it cleanly, the live edition stays
// and the next build succeeds.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { latestCut } from "../src/time/cut-time.js";
import { advisoryKey } from "../src/schedule/builder-lock.js";
import { freePort } from "./support/free-port.js";
import { get } from "./support/http-client.js";
import { TEST_DATABASE_URL, uniqueSchemaName } from "./support/stores.js";
import { runSvc, spawnSvc } from "./support/svc-cli.js";

const OLD_CUT = new Date(latestCut(new Date()).getTime() - 24 * 3_600_000).toISOString();
const dirs: string[] = [];
const children: ChildProcess[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "svc-scheduler-"));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function liveCut(dir: string): number {
  const text = readFileSync(join(dir, "public", "editions", "latest.json"), "utf8");
  return Date.parse((JSON.parse(text) as { generated_at: string }).generated_at);
}

/** Starts `svc scheduler`; collects its log lines. */
function startScheduler(env: Record<string, string>, args: string[] = []) {
  return startProcess(["scheduler", ...args], env);
}

function startProcess(args: string[], env: Record<string, string>) {
  const started = spawnSvc(args, env);
  children.push(started.child);
  return started;
}

async function publishedAt(env: Record<string, string>, cut: string): Promise<void> {
  expect((await runSvc(["demo", "--at", cut], env)).code).toBe(0);
  const built = await runSvc(["build", "--at", cut], env);
  expect(built.code, built.stderr).toBe(0);
}

describe("svc scheduler", () => {
  it("builds the missed cut at start, then stops cleanly on SIGTERM", async () => {
    const env = { SVC_DATA_DIR: dataDir(), SVC_LOG_LEVEL: "info" };
    await publishedAt(env, OLD_CUT);
    const metricsPort = await freePort();
    const scheduler = startScheduler(env, ["--metrics-port", String(metricsPort)]);
    await expect
      .poll(scheduler.log, { timeout: 60_000, interval: 200 })
      .toContain("scheduled build published");
    expect(liveCut(env.SVC_DATA_DIR)).toBe(latestCut(new Date()).getTime());
    // Its metrics: one successful build and one publish, with their durations.
    const metrics = (await get(metricsPort, "/metrics")).body.toString();
    expect(metrics).toMatch(/^svc_build_duration_seconds_count\{outcome="ok"\} 1$/m);
    expect(metrics).toMatch(/^svc_publish_duration_seconds_count\{outcome="ok"\} 1$/m);
    expect(metrics).toMatch(/^svc_build_consecutive_failures 0$/m);
    const status = JSON.parse((await runSvc(["status", "--json"], env)).stdout) as {
      behind: boolean;
      live: { cut: string };
    };
    expect(status.behind).toBe(false);
    scheduler.child.kill("SIGTERM");
    expect(await scheduler.exited).toBe(0);
    expect(scheduler.log()).toContain("scheduler stopped");
  }, 90_000);

  it("logs a failing build with its reason, keeps the live edition and plans a retry", async () => {
    const env = { SVC_DATA_DIR: dataDir(), SVC_LOG_LEVEL: "info" };
    await publishedAt(env, OLD_CUT);
    const before = liveCut(env.SVC_DATA_DIR);
    // A store that cannot be reached: every build fails.
    const scheduler = startScheduler({ ...env, DATABASE_URL: "postgres://svc@127.0.0.1:9/none" });
    await expect
      .poll(scheduler.log, { timeout: 60_000, interval: 200 })
      .toContain("build retry planned");
    const failed = scheduler
      .log()
      .split("\n")
      .find((line) => line.includes("scheduled build failed"));
    expect(JSON.parse(failed ?? "{}")).toMatchObject({
      level: 50,
      error: expect.stringMatching(/ECONNREFUSED|connect/),
    });
    expect(liveCut(env.SVC_DATA_DIR)).toBe(before);
    scheduler.child.kill("SIGTERM");
    expect(await scheduler.exited).toBe(0);
  }, 90_000);
});

describe("a publish that fails after a good build", () => {
  it("says what to fix, and the scheduler counts a good build and a failed publish", async () => {
    const env = { SVC_DATA_DIR: dataDir(), SVC_LOG_LEVEL: "info" };
    await publishedAt(env, OLD_CUT);
    const before = liveCut(env.SVC_DATA_DIR);
    // A file where the archive directory belongs: the build works, its publish cannot.
    rmSync(join(env.SVC_DATA_DIR, "archive"), { recursive: true });
    writeFileSync(join(env.SVC_DATA_DIR, "archive"), "");
    const built = await runSvc(["build", "--json"], env);
    expect(built.code).toBe(1);
    expect(built.stderr).toMatch(/^svc: cannot write the new tree under SVC_DATA_DIR .*archive/m);
    expect(built.stderr).toMatch(/^next step: Make sure archive\/ and trees\/ there are/m);
    expect(built.stderr).not.toMatch(/unexpected failure|\n\s+at /);
    expect(JSON.parse(built.stdout)).toMatchObject({
      stories: expect.any(Number),
      published: null,
      publish_failed: { message: expect.stringContaining("archive") },
    });

    const metricsPort = await freePort();
    const scheduler = startScheduler(env, ["--metrics-port", String(metricsPort)]);
    await expect
      .poll(scheduler.log, { timeout: 60_000, interval: 200 })
      .toContain("build retry planned");
    const metrics = (await get(metricsPort, "/metrics")).body.toString();
    expect(metrics).toMatch(/^svc_build_duration_seconds_count\{outcome="ok"\} 1$/m);
    expect(metrics).toMatch(/^svc_build_duration_seconds_count\{outcome="failed"\} 0$/m);
    expect(metrics).toMatch(/^svc_publish_duration_seconds_count\{outcome="failed"\} 1$/m);
    expect(metrics).toMatch(/^svc_publish_consecutive_failures 1$/m);
    expect(liveCut(env.SVC_DATA_DIR)).toBe(before);
    scheduler.child.kill("SIGTERM");
    expect(await scheduler.exited).toBe(0);
  }, 90_000);
});

/** Starts `svc serve` with `args`; resolves once it answers /readyz. */
async function startServe(env: Record<string, string>, args: string[]) {
  const port = await freePort();
  const server = startProcess(["serve", ...args], { ...env, PORT: String(port) });
  await expect
    .poll(async () => (await get(port, "/readyz").catch(() => undefined))?.status, {
      timeout: 60_000,
      interval: 200,
    })
    .toBe(200);
  return { ...server, port };
}

async function servedCut(port: number): Promise<number> {
  const reply = await get(port, "/editions/latest.json");
  return Date.parse((JSON.parse(reply.body.toString()) as { generated_at: string }).generated_at);
}

describe("svc serve and the schedule", () => {
  it("builds the missed cut itself, in the cluster primary, and serves it", async () => {
    const env = { SVC_DATA_DIR: dataDir(), SVC_LOG_LEVEL: "info", SVC_SERVE_WORKERS: "2" };
    await publishedAt(env, OLD_CUT);
    const server = await startServe(env, []);
    await expect
      .poll(() => servedCut(server.port), { timeout: 60_000, interval: 200 })
      .toBe(latestCut(new Date()).getTime());
    await expect
      .poll(server.log, { timeout: 30_000, interval: 200 })
      .toContain("scheduled build published");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);

  it("builds nothing with --no-scheduler", async () => {
    const env = { SVC_DATA_DIR: dataDir(), SVC_LOG_LEVEL: "info", SVC_SERVE_WORKERS: "0" };
    await publishedAt(env, OLD_CUT);
    const server = await startServe(env, ["--no-scheduler"]);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await servedCut(server.port)).toBe(Date.parse(OLD_CUT));
    expect(server.log()).not.toContain("scheduled build");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);
});

describe("the builder lock", () => {
  it("refuses a second builder on SQLite with exit code 5", async () => {
    const env = { SVC_DATA_DIR: dataDir() };
    await publishedAt(env, OLD_CUT);
    // This test process stands for a running builder.
    writeFileSync(join(env.SVC_DATA_DIR, ".build.lock"), `${process.pid}\n`);
    const refused = await runSvc(["build"], env);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain(`another builder is building (pid ${process.pid})`);
    rmSync(join(env.SVC_DATA_DIR, ".build.lock"));
    expect((await runSvc(["build"], env)).code).toBe(0);
  }, 60_000);
});

describe.skipIf(TEST_DATABASE_URL === undefined)("builds on PostgreSQL", () => {
  const schema = uniqueSchemaName("svc_sched");
  const application = `svc-build-${schema}`;
  const url = () => {
    const parsed = new URL(TEST_DATABASE_URL as string);
    parsed.searchParams.set("application_name", application);
    return parsed.toString();
  };
  const env = () => ({
    SVC_DATA_DIR: dirs[0] ?? dataDir(),
    DATABASE_URL: url(),
    SVC_DATABASE_SCHEMA: schema,
  });
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });

  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  });

  it("holds one builder at a time across machines (advisory lock)", async () => {
    await admin.connect();
    dirs.unshift(dataDir());
    await publishedAt(env(), OLD_CUT);
    await admin.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [advisoryKey(schema)]);
    try {
      const refused = await runSvc(["build"], env());
      expect(refused.code).toBe(5);
      expect(refused.stderr).toContain(`build lock of schema ${schema}`);
    } finally {
      await admin.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [
        advisoryKey(schema),
      ]);
    }
  }, 60_000);

  it("fails a build cleanly when PostgreSQL goes away, keeps the live edition, builds next time", async () => {
    const before = liveCut(env().SVC_DATA_DIR);
    const build = runSvc(["build"], env());
    // PostgreSQL "goes down" for this builder: every connection it opens is cut.
    let done = false;
    void build.then(() => (done = true));
    const deadline = Date.now() + 20_000;
    let cut = 0;
    while (!done && Date.now() < deadline) {
      const result = await admin.query<{ ok: boolean }>(
        "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1",
        [application],
      );
      cut += result.rowCount ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const failed = await build;
    expect(cut).toBeGreaterThan(0);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^svc: .*(terminat|Connection)/im);
    expect(liveCut(env().SVC_DATA_DIR)).toBe(before);
    const again = await runSvc(["build"], env());
    expect(again.code, again.stderr).toBe(0);
    expect(liveCut(env().SVC_DATA_DIR)).toBe(latestCut(new Date()).getTime());
  }, 60_000);
});
