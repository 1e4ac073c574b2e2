// `npm run bench -- cluster`: what the multi-machine setup (docs/deploy.md) costs, in one run
// over the ask benchmark's published 30-day archive (150,000 facts): static reads through
// nginx with the deploy configuration vs nginx serving the tree with a minimal one (target: at
// least 0.95x), and /ask answers per second for one replica direct, one replica through nginx
// and two replicas through nginx, and one replica on a Unix socket (SVC_SOCKET) through
// nginx, all on the machine's shared cores; then one replica direct
// and through nginx again with nginx (and wrk) on cores the replica does not use, as in a
// fleet: there nginx may cost at most 15%. The rate limit is off.
// wrk (2 threads) takes turns between the servers compared, rounds of SECONDS each, as this
// shared machine's speed drifts; besides requests per second it reports the servers' CPU
// microseconds per request, which drift far less.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { latestCut } from "../src/time/cut-time.js";
import { NGINX_PATH } from "../test/support/deploy-nginx.js";
import { questionScript, saveArchive } from "./ask-bench.js";
import { startClusterServers } from "./cluster-servers.js";
import { missingTools, WRK, waitFor, wrk } from "./http-load.js";
import { cpuMsOf, pinProcesses } from "./process-cpu.js";
import { generateArchive } from "./generate-archive.js";
import { generateQuestions } from "./generate-questions.js";
import { runCli } from "./run-cli.js";

const SECONDS = Number(process.env.SVC_BENCH_CLUSTER_SECONDS ?? 5);
const ROUNDS = Number(process.env.SVC_BENCH_CLUSTER_ROUNDS ?? 5);
const STATIC_TARGET = 0.95;
const NGINX_COST_LIMIT = 0.15;

interface Server {
  label: string;
  url: string;
  connections: number;
  script?: string;
  /** Processes whose CPU a request costs, by role (e.g. replicas, nginx). */
  pids: Record<string, number[]>;
  /** Cores wrk runs on (a taskset list); all when unset. */
  cpus?: string;
}

interface Measured {
  rate: number;
  p99Ms: number;
  /** CPU microseconds per request, by role. */
  cpuUs: Record<string, number>;
}

/** Each server's mean, and the rates of each round (servers in turn, seconds apart). */
interface Compared {
  means: Measured[];
  rounds: number[][];
}

/**
 * The median over the rounds of `a`'s rate divided by `b`'s: a round's two runs are seconds
 * apart, so the machine's drift (other work on the shared cores) mostly cancels out.
 */
function rateRatio(compared: Compared, a: number, b: number): number {
  const ratios = compared.rounds
    .map((rates) => (rates[a] ?? 0) / (rates[b] ?? 1))
    .sort((x, y) => x - y);
  const middle = Math.floor(ratios.length / 2);
  return ratios.length % 2 === 1
    ? (ratios[middle] ?? 0)
    : ((ratios[middle - 1] ?? 0) + (ratios[middle] ?? 0)) / 2;
}

function measureOnce(server: Server, seconds: number): Measured {
  const before = Object.entries(server.pids).map(([role, pids]) => [role, cpuMsOf(pids)] as const);
  const { rate, p99Ms } = wrk(server.url, {
    seconds,
    connections: server.connections,
    ...(server.script === undefined ? {} : { script: server.script }),
    ...(server.cpus === undefined ? {} : { cpus: server.cpus }),
  });
  const cpuUs: Record<string, number> = {};
  for (const [role, ms] of before) {
    cpuUs[role] = ((cpuMsOf(server.pids[role] ?? []) - ms) * 1000) / (rate * seconds);
  }
  return { rate, p99Ms, cpuUs };
}

/** Warms each server up, then ROUNDS rounds in turn. */
function compare(servers: readonly Server[]): Compared {
  for (const server of servers) measureOnce(server, 2);
  const runs = servers.map(() => [] as Measured[]);
  const rounds: number[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push(
      servers.map((server, index) => {
        const measured = measureOnce(server, SECONDS);
        runs[index]?.push(measured);
        return measured.rate;
      }),
    );
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const means = runs.map((measured) => ({
    rate: mean(measured.map((run) => run.rate)),
    p99Ms: mean(measured.map((run) => run.p99Ms)),
    cpuUs: Object.fromEntries(
      Object.keys(measured[0]?.cpuUs ?? {}).map((role) => [
        role,
        mean(measured.map((run) => run.cpuUs[role] ?? 0)),
      ]),
    ),
  }));
  return { means, rounds };
}

const perSecond = (rate: number) => Math.round(rate).toLocaleString("en-US");
const cpuText = (cpuUs: Record<string, number>) =>
  Object.entries(cpuUs)
    .map(([role, us]) => `${role} ${us.toFixed(1)} us`)
    .join(" + ");

/**
 * `direct` and `throughNginx` again with the replica on the last core and nginx and wrk on
 * the others: the layout of a fleet, where nginx does not take CPU from the replicas. The
 * processes get every core back afterwards. Undefined on a single core.
 */
function compareOnOwnCores(
  direct: Server,
  throughNginx: Server,
  replicaPids: readonly number[],
  nginxPids: readonly number[],
): { compared: Compared; replicaCores: string; frontCores: string } | undefined {
  const cores = availableParallelism();
  if (cores < 2) return undefined;
  const replicaCores = String(cores - 1);
  const frontCores = cores === 2 ? "0" : `0-${cores - 2}`;
  pinProcesses(replicaPids, replicaCores);
  pinProcesses(nginxPids, frontCores);
  try {
    const compared = compare([
      { ...direct, cpus: frontCores },
      { ...throughNginx, cpus: frontCores },
    ]);
    return { compared, replicaCores, frontCores };
  } finally {
    pinProcesses([...replicaPids, ...nginxPids], `0-${cores - 1}`);
  }
}

export async function benchCluster(): Promise<void> {
  const missing = missingTools([NGINX_PATH, WRK]);
  if (missing !== undefined) {
    if (process.env.SVC_REQUIRE_TOOLS === "1") throw new Error(`cluster benchmark ${missing}`);
    console.log(`skipped: cluster benchmark ${missing} (Debian packages nginx, wrk)`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), "svc-bench-cluster-"));
  const dataDir = join(work, "data");
  const cut = latestCut(new Date());
  const archive = generateArchive(150_000, 11, new Date(cut.getTime() + 60_000));
  await saveArchive(dataDir, archive);
  await runCli(["publish", "--at", cut.toISOString()], { SVC_DATA_DIR: dataDir });
  const servers = await startClusterServers(work, dataDir);
  try {
    const { deployOne, deployTwo, deploySocket, socketReplica, minimal, replicas, replicaPorts } =
      servers;
    const nginxPids = (nginx: typeof minimal) => ({ nginx: [nginx.process.pid ?? 0] });
    const replicaPids = replicas.map((replica) => replica.pid ?? 0);
    const url = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
    const latest = JSON.parse(
      (await waitFor(url(minimal.port, "/editions/latest.json"))).toString(),
    ) as {
      stories: Array<{ url: string }>;
    };
    const storyPath = `${new URL(latest.stories[0]?.url ?? "http://x/").pathname}index.json`;
    const files: Array<[string, string]> = [
      ["story JSON", storyPath],
      ["latest.json", "/editions/latest.json"],
    ];
    for (const [name, path] of files) {
      const viaDeploy = await waitFor(url(deployOne.port, path));
      if (!viaDeploy.equals(await waitFor(url(minimal.port, path)))) {
        throw new Error(`${path}: the two nginx configurations serve different bytes`);
      }
      const compared = compare([
        {
          label: "deploy",
          url: url(deployOne.port, path),
          connections: 64,
          pids: nginxPids(deployOne),
        },
        {
          label: "minimal",
          url: url(minimal.port, path),
          connections: 64,
          pids: nginxPids(minimal),
        },
      ]);
      const [deploy, direct] = compared.means as [Measured, Measured];
      const ratio = rateRatio(compared, 0, 1);
      console.log(
        `cluster static ${name} (${(viaDeploy.length / 1024).toFixed(1)} KB), wrk 64 connections, ${ROUNDS} alternating rounds of ${SECONDS} s: nginx with the deploy configuration ${perSecond(deploy.rate)} req/s (${cpuText(deploy.cpuUs)} per request), with a minimal one ${perSecond(direct.rate)} req/s (${cpuText(direct.cpuUs)}) = ${ratio.toFixed(2)}x the requests/s (median of the rounds; target ${STATIC_TARGET}x) ${ratio >= STATIC_TARGET ? "OK" : "MISSED"}, ${((deploy.cpuUs.nginx ?? 0) / (direct.cpuUs.nginx ?? 1)).toFixed(2)}x the CPU per request`,
      );
    }
    const script = join(work, "questions.lua");
    questionScript(script, generateQuestions(archive, 500));
    const ask = (port: number, pids: Record<string, number[]>, label: string): Server => ({
      label,
      url: url(port, "/ask"),
      connections: 16,
      script,
      pids,
    });
    const askDirect = ask(replicaPorts[0] ?? 0, { replica: replicaPids.slice(0, 1) }, "direct");
    const askThroughNginx = ask(
      deployOne.port,
      { replica: replicaPids.slice(0, 1), ...nginxPids(deployOne) },
      "one",
    );
    const compared = compare([
      askDirect,
      askThroughNginx,
      ask(deployTwo.port, { replicas: replicaPids, ...nginxPids(deployTwo) }, "two"),
      ask(
        deploySocket.port,
        { replica: [socketReplica.pid ?? 0], ...nginxPids(deploySocket) },
        "socket",
      ),
    ]);
    const [direct, one, two, overSocket] = compared.means as [
      Measured,
      Measured,
      Measured,
      Measured,
    ];
    const sharedCost = 1 - rateRatio(compared, 1, 0);
    const line = (measured: Measured) =>
      `${perSecond(measured.rate)} answers/s, p99 ${measured.p99Ms.toFixed(2)} ms (${cpuText(measured.cpuUs)} CPU per answer)`;
    console.log(
      `cluster /ask on shared cores, wrk 16 connections, 500 questions over ${archive.facts.toLocaleString("en-US")} facts, ${ROUNDS} alternating rounds of ${SECONDS} s, each replica with its default workers, wrk, nginx and the replicas on all ${availableParallelism()} cores: one replica direct ${line(direct)}; one replica through nginx ${line(one)} = nginx costs ${(sharedCost * 100).toFixed(0)}% (median of the rounds; every microsecond nginx spends is taken from the replica here); two replicas through nginx ${line(two)} = ${rateRatio(compared, 2, 0).toFixed(2)}x one direct; one replica on a Unix socket (SVC_SOCKET) through nginx ${line(overSocket)} = nginx costs ${((1 - rateRatio(compared, 3, 0)) * 100).toFixed(0)}%, ${rateRatio(compared, 3, 1).toFixed(2)}x the answers over TCP`,
    );
    const pinned = compareOnOwnCores(askDirect, askThroughNginx, replicaPids.slice(0, 1), [
      deployOne.process.pid ?? 0,
    ]);
    if (pinned === undefined) {
      console.log("cluster /ask with nginx on cores of its own: skipped (needs 2 cores or more)");
    } else {
      const [pinnedDirect, pinnedOne] = pinned.compared.means as [Measured, Measured];
      const cost = 1 - rateRatio(pinned.compared, 1, 0);
      console.log(
        `cluster /ask with nginx on cores of its own (as in a fleet: the replica on core ${pinned.replicaCores}, nginx and wrk on core ${pinned.frontCores}), ${ROUNDS} alternating rounds of ${SECONDS} s: one replica direct ${line(pinnedDirect)}; one replica through nginx ${line(pinnedOne)} = nginx costs ${(cost * 100).toFixed(0)}% (median of the rounds; limit ${NGINX_COST_LIMIT * 100}%) ${cost <= NGINX_COST_LIMIT ? "OK" : "MISSED"}`,
      );
    }
  } finally {
    await servers.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
