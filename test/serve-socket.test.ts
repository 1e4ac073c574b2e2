// `svc serve` on a Unix socket (SVC_SOCKET), as nginx on the same machine reaches it: the
// cluster's workers share the socket; calls are counted per the client nginx names in
// X-Forwarded-For; the socket is gone after a clean stop, and a stale one is replaced; a path
// taken by a running server, by another file, or in a missing directory is a clear error;
// nginx (deploy/nginx, `--replica unix:PATH`) proxies to it.
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NGINX_PATH, startDeployNginx } from "./support/deploy-nginx.js";
import { describeWithTools, externalTool } from "./support/external-tools.js";
import { freePort } from "./support/free-port.js";
import { get } from "./support/http-client.js";
import { runSvc, spawnSvc } from "./support/svc-cli.js";

const nginx = externalTool("nginx", NGINX_PATH, { probe: ["-v"], installHint: "nginx" });

let work: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "svc-socket-"));
  expect((await runSvc(["demo"], { SVC_DATA_DIR: work })).code).toBe(0);
  expect((await runSvc(["build"], { SVC_DATA_DIR: work })).code).toBe(0);
}, 120_000);
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

function settings(socket: string, extra: Record<string, string> = {}): Record<string, string> {
  return { SVC_DATA_DIR: work, SVC_SOCKET: socket, SVC_SCHEDULER: "off", ...extra };
}

function serve(env: Record<string, string>) {
  const started = spawnSvc(["serve"], env);
  children.push(started.child);
  return started;
}

function getOverSocket(
  socketPath: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path, headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function ready(socket: string): Promise<void> {
  await expect
    .poll(async () => (await getOverSocket(socket, "/readyz").catch(() => undefined))?.status, {
      timeout: 60_000,
      interval: 200,
    })
    .toBe(200);
}

describe("svc serve on a Unix socket", () => {
  it("serves from two workers, counts calls per X-Forwarded-For, removes the socket at stop", async () => {
    const socket = join(work, "cluster.sock");
    const server = serve(settings(socket, { SVC_SERVE_WORKERS: "2", SVC_RATE_LIMIT: "2" }));
    await ready(socket);
    expect(statSync(socket).mode & 0o777).toBe(0o666);
    expect((await getOverSocket(socket, "/editions/latest.json")).status).toBe(200);
    const ask = (client: string) =>
      getOverSocket(socket, "/ask?query=rain", { "X-Forwarded-For": client });
    const statuses = [];
    for (const client of ["198.51.100.1", "198.51.100.1", "198.51.100.1", "198.51.100.2"]) {
      statuses.push((await ask(client)).status);
    }
    expect(statuses).toEqual([200, 200, 429, 200]);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(existsSync(socket)).toBe(false);
  }, 90_000);

  it("replaces a socket left by a killed server, and refuses one a server answers on", async () => {
    const socket = join(work, "single.sock");
    const first = serve(settings(socket, { SVC_SERVE_WORKERS: "0" }));
    await ready(socket);
    const second = await runSvc(["serve"], settings(socket, { SVC_SERVE_WORKERS: "0" }));
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`svc: SVC_SOCKET ${socket}: another server is listening on it`);
    first.child.kill("SIGKILL");
    await first.exited;
    expect(existsSync(socket)).toBe(true);
    const third = serve(settings(socket, { SVC_SERVE_WORKERS: "0" }));
    await ready(socket);
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
  }, 90_000);

  it("refuses a path that is another file, or in a directory that does not exist", async () => {
    const file = join(work, "not-a-socket");
    writeFileSync(file, "");
    const onFile = await runSvc(["serve"], settings(file, { SVC_SERVE_WORKERS: "0" }));
    expect(onFile.code).toBe(2);
    expect(onFile.stderr).toMatch(/^svc: SVC_SOCKET .*not-a-socket exists and is not a socket$/m);
    const missing = join(work, "no-such-dir", "svc.sock");
    const noDir = await runSvc(["serve"], settings(missing, { SVC_SERVE_WORKERS: "0" }));
    expect(noDir.code).toBe(2);
    expect(noDir.stderr).toMatch(/^svc: cannot listen on SVC_SOCKET .*no-such-dir\/svc\.sock: /m);
    expect(noDir.stderr).toMatch(/^next step: Create the socket's directory/m);
    expect(noDir.stderr).not.toContain("unexpected failure");
  }, 90_000);
});

describeWithTools([nginx], "nginx in front of a replica on a Unix socket", () => {
  it("proxies /ask there, and the replica counts the client nginx names", async () => {
    const socket = join(work, "behind-nginx.sock");
    const replica = serve(settings(socket, { SVC_SERVE_WORKERS: "0", SVC_RATE_LIMIT: "2" }));
    await ready(socket);
    const front = await startDeployNginx({
      prefix: join(work, "nginx"),
      port: await freePort(),
      dataDir: work,
      replicaPorts: [],
      replicaAddresses: [`unix:${socket}`],
    });
    try {
      const statuses = [];
      for (let call = 0; call < 3; call += 1) {
        statuses.push((await get(front.port, "/ask?query=rain")).status);
      }
      // nginx writes its peer (127.0.0.1) in X-Forwarded-For: one client, limit 2.
      expect(statuses).toEqual([200, 200, 429]);
      const other = await getOverSocket(socket, "/ask?query=rain", {
        "X-Forwarded-For": "198.51.100.9",
      });
      expect(other.status).toBe(200);
      expect((await get(front.port, "/editions/latest.json")).status).toBe(200);
    } finally {
      await front.stop();
      replica.child.kill("SIGTERM");
      await replica.exited;
    }
  }, 90_000);
});
