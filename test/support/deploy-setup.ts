// The multi-machine setup of docs/deploy.md on one machine: PostgreSQL holds the Manifests
// and the story archive (a schema of its own per run), `svc demo` + `svc build` publish into
// a data directory, two `svc serve` replicas read it and share Redis for the rate limit (a key
// prefix of their own per run), and nginx with the deploy configuration is in front.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { packageRoot } from "../../src/config/package-root.js";
import { PostgresManifestStore } from "../../src/store/postgres/postgres-store.js";
import { type RunningNginx, startDeployNginx } from "./deploy-nginx.js";
import { type LoggedProcess, startReplica } from "./deploy-processes.js";
import { reservePort } from "./free-port.js";
import { uniqueSchemaName } from "./stores.js";
import { runSvc } from "./svc-cli.js";

export interface DeploymentOptions {
  databaseUrl: string;
  redisUrl: string;
}

export interface Deployment {
  /** A temporary directory removed by close(): the data directory, nginx's prefix, … */
  workDir: string;
  dataDir: string;
  nginx: RunningNginx;
  replicas: LoggedProcess[];
  /** nginx's address: SVC_BASE_URL of the build and the replicas. */
  baseUrl: string;
  /** What `svc build` and friends need to work on this deployment's store and tree. */
  cliEnv: Record<string, string>;
  /** Environment of a replica of this deployment (Redis, key prefix). */
  replicaEnv: Record<string, string>;
  /** Stops `process` (SIGKILL) in close(). */
  adopt(process: LoggedProcess): void;
  /** Stops every process, drops the schema and the Redis keys, removes the files. */
  close(): Promise<void>;
}

/** deploy/sync-tree.sh: copies the published editions of `from` to the data dir `to`. */
export async function syncTree(from: string, to: string): Promise<void> {
  const script = join(packageRoot(), "deploy", "sync-tree.sh");
  await promisify(execFile)(script, [from, to]);
}

/** Runs `svc ARGS`; throws with its output unless it exits 0. */
export async function runSvcOrThrow(args: string[], env: Record<string, string>): Promise<string> {
  const run = await runSvc(args, env);
  if (run.code !== 0) {
    throw new Error(`svc ${args.join(" ")} exited ${run.code}:\n${run.stdout}\n${run.stderr}`);
  }
  return run.stdout;
}

async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const store = await PostgresManifestStore.open({ connectionString: databaseUrl, schema });
  await store.dropSchema();
  await store.close();
}

async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const { Redis } = await import("ioredis");
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}

export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const work = mkdtempSync(join(tmpdir(), "svc-deploy-"));
  const dataDir = join(work, "data");
  const schema = uniqueSchemaName("svc_deploy");
  const keyPrefix = `svc-deploy-test:${process.pid}-${randomBytes(4).toString("hex")}:`;
  const cleanups: Array<() => Promise<void>> = [
    async () => rmSync(work, { recursive: true, force: true }),
    () => deleteRedisKeys(options.redisUrl, keyPrefix),
    () => dropSchema(options.databaseUrl, schema),
  ];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => console.error("deploy cleanup:", error));
    }
  };
  try {
    // Held until each server starts: the build and two replicas take a while.
    const [nginxHold, ...replicaHolds] = [
      await reservePort(),
      await reservePort(),
      await reservePort(),
    ];
    for (const hold of [nginxHold, ...replicaHolds]) cleanups.push(hold.release);
    const nginxPort = nginxHold.port;
    const replicaPorts = replicaHolds.map((hold) => hold.port);
    const baseUrl = `http://127.0.0.1:${nginxPort}`;
    const cliEnv = {
      SVC_DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      SVC_DATABASE_SCHEMA: schema,
      SVC_BASE_URL: baseUrl,
    };
    await runSvcOrThrow(["demo"], cliEnv);
    await runSvcOrThrow(["build"], cliEnv);
    const replicaEnv = { REDIS_URL: options.redisUrl, SVC_REDIS_KEY_PREFIX: keyPrefix };
    const replicas: LoggedProcess[] = [];
    for (const [index, port] of replicaPorts.entries()) {
      const name = `replica ${index + 1}`;
      await replicaHolds[index]!.release();
      const replica = await startReplica({ name, port, dataDir, baseUrl, env: replicaEnv });
      replicas.push(replica);
      cleanups.push(() => replica.stop("SIGKILL"));
    }
    await nginxHold.release();
    const nginx = await startDeployNginx({
      prefix: join(work, "nginx"),
      port: nginxPort,
      dataDir,
      replicaPorts,
    });
    cleanups.push(() => nginx.stop());
    const adopt = (process: LoggedProcess) => cleanups.push(() => process.stop("SIGKILL"));
    return { workDir: work, dataDir, nginx, replicas, baseUrl, cliEnv, replicaEnv, adopt, close };
  } catch (error) {
    await close();
    throw error;
  }
}
