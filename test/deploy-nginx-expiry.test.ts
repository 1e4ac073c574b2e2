// The deploy nginx configuration's own decisions on the files it serves from disk, without
// replicas (SQLite and Debian's nginx only): Cache-Control is 60 s while the latest cut's tree
// does not exist yet, and once it does, fresh until the next cut to the second, Expires naming
// that cut; a method other than GET or HEAD on a published path never gets the file, and a
// missing file is never nginx's own 404: both go to a replica (here none: the JSON 503).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { EDITION_INTERVAL_MS, latestCut, nextCut } from "../src/time/cut-time.js";
import { headerText } from "./support/deploy-compare.js";
import { NGINX_PATH, type RunningNginx, startDeployNginx } from "./support/deploy-nginx.js";
import { runSvcOrThrow } from "./support/deploy-setup.js";
import { describeWithTools, externalTool } from "./support/external-tools.js";
import { freePort } from "./support/free-port.js";
import { get } from "./support/http-client.js";

const nginxTool = externalTool("nginx", NGINX_PATH, { probe: ["-v"], installHint: "nginx" });

function maxAge(cacheControl: string | undefined): number {
  return Number(/max-age=(\d+)/.exec(cacheControl ?? "")?.[1] ?? Number.NaN);
}

describeWithTools([nginxTool], "deploy nginx: expiry and methods on published files", () => {
  let work: string;
  let nginx: RunningNginx | undefined;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "svc-nginx-expiry-"));
    await runSvcOrThrow(["demo"], { SVC_DATA_DIR: work });
    // The edition of the cut before the latest: the latest cut's is "being built".
    const previous = new Date(latestCut(new Date()).getTime() - EDITION_INTERVAL_MS);
    await runSvcOrThrow(["build", "--at", previous.toISOString()], { SVC_DATA_DIR: work });
    nginx = await startDeployNginx({
      prefix: join(work, "nginx"),
      port: await freePort(),
      dataDir: work,
      // Nothing listens there: what nginx hands to a replica gets its 503.
      replicaPorts: [await freePort()],
    });
  }, 120_000);
  afterAll(async () => {
    await nginx?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it("sends 60 s until the latest cut's tree exists, then fresh until the next cut", async () => {
    const port = nginx!.port;
    const pending = await get(port, "/editions/latest.json");
    expect(pending.status).toBe(200);
    expect(maxAge(headerText(pending, "cache-control"))).toBe(60);

    await runSvcOrThrow(["build"], { SVC_DATA_DIR: work });
    // The "tree exists" answer is kept for a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const before = Date.now();
    const live = await get(port, "/editions/latest.json");
    const after = Date.now();
    expect(live.status).toBe(200);
    const next = nextCut(new Date(before));
    expect(nextCut(new Date(after)).getTime()).toBe(next.getTime());
    expect(headerText(live, "expires")).toBe(next.toUTCString());
    const age = maxAge(headerText(live, "cache-control"));
    expect(age).toBeGreaterThanOrEqual(Math.floor((next.getTime() - after) / 1000) - 1);
    expect(age).toBeLessThanOrEqual(Math.ceil((next.getTime() - before) / 1000));
  });

  it("never serves a published file to another method than GET or HEAD", async () => {
    const port = nginx!.port;
    expect((await get(port, "/editions/latest.json", { method: "HEAD" })).status).toBe(200);
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) {
      const reply = await get(port, "/editions/latest.json", { method });
      expect(reply.status, method).toBe(503);
      expect(JSON.parse(reply.body.toString()), method).toMatchObject({ error: "unavailable" });
    }
  });

  it("answers a missing file with the JSON 503 when no replica is there to answer its 404", async () => {
    const reply = await get(nginx!.port, "/stories/2001-01-01/no-such-story/index.json");
    expect(reply.status).toBe(503);
    expect(headerText(reply, "retry-after")).toBe("5");
    expect(JSON.parse(reply.body.toString())).toMatchObject({ error: "unavailable" });
  });

  // The test helpers' own checks (test/support/deploy-nginx.ts), which the deploy test's
  // diagnosis of a refused connection rests on.
  it("does not pass another server on its port for a started nginx", async () => {
    const squatter = createServer((_request, response) => response.end("{}"));
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    const port = (squatter.address() as AddressInfo).port;
    try {
      const start = startDeployNginx({
        prefix: join(work, "nginx-squatted"),
        port,
        dataDir: work,
        replicaPorts: [await freePort()],
      });
      await expect(start).rejects.toThrow(/answers, but not as nginx|nginx exited at start/);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it("says how nginx went when something stops it", async () => {
    const second = await startDeployNginx({
      prefix: join(work, "nginx-stopped"),
      port: await freePort(),
      dataDir: work,
      replicaPorts: [await freePort()],
    });
    expect(second.exitReport()).toBeUndefined();
    process.kill(second.process.pid!, "SIGTERM");
    await second.stop();
    // nginx logs who sent the signal (a notice; the test nginx logs notices on stderr).
    expect(second.exitReport()).toMatch(
      new RegExp(`nginx exited[^]*signal 15 \\(SIGTERM\\) received from ${process.pid}`),
    );
  });
});
