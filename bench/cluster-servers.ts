// The servers of the cluster benchmark, all on one published tree: two `svc serve` replicas
// (default workers, no rate limit, no schedule, nginx trusted for X-Forwarded-For) and a
// third on a Unix socket, nginx with the deploy configuration in front of one replica, in
// front of both, and in front of the socket replica, and nginx
// serving the tree with a minimal configuration (the same main section: only the server
// block differs).
import type { ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type RunningNginx,
  renderNginxConfig,
  startDeployNginx,
  startNginxOn,
} from "../test/support/deploy-nginx.js";
import { freePort, startSvc, waitFor } from "./http-load.js";

export interface ClusterServers {
  replicas: ChildProcess[];
  replicaPorts: number[];
  /** The deploy configuration, one replica behind it. */
  deployOne: RunningNginx;
  /** The deploy configuration, both replicas behind it. */
  deployTwo: RunningNginx;
  /** A third replica, listening on a Unix socket (SVC_SOCKET) instead of a port. */
  socketReplica: ChildProcess;
  /** The deploy configuration, the socket replica behind it. */
  deploySocket: RunningNginx;
  /** nginx serving the tree directly: root, try_files, media types. */
  minimal: RunningNginx;
  stop(): Promise<void>;
}

/** deploy/nginx's nginx.conf around a minimal server block instead of svc.conf. */
function writeMinimalConfig(prefix: string, port: number, dataDir: string): string {
  const main = renderNginxConfig({ prefix, port, dataDir, replicaPorts: [9] });
  const server = `server {
    listen 127.0.0.1:${port};
    root ${dataDir}/public;
    types { application/json json; text/markdown md; text/html html; text/plain txt; }
    default_type application/octet-stream;
    location / { try_files $uri =404; }
}
`;
  writeFileSync(join(prefix, "minimal.conf"), server);
  const text = readFileSync(main, "utf8").replace(
    /include \S+\/svc\.conf;/,
    `include ${join(prefix, "minimal.conf")};`,
  );
  if (!text.includes("minimal.conf")) throw new Error(`${main}: no include of svc.conf`);
  writeFileSync(main, text);
  return main;
}

export async function startClusterServers(work: string, dataDir: string): Promise<ClusterServers> {
  const started: Array<{ stop(): Promise<void> }> = [];
  const stop = async () => {
    for (const server of started.splice(0).reverse()) await server.stop();
  };
  try {
    const replicaPorts = [await freePort(), await freePort()];
    const replicas = replicaPorts.map((port) =>
      startSvc(dataDir, port, { SVC_TRUSTED_PROXIES: "loopback" }),
    );
    const socket = join(work, "replica.sock");
    const socketReplica = startSvc(dataDir, await freePort(), { SVC_SOCKET: socket });
    for (const replica of [...replicas, socketReplica]) {
      const exited = new Promise<void>((resolve) => replica.once("exit", () => resolve()));
      started.push({
        stop: async () => {
          if (replica.exitCode === null) replica.kill("SIGTERM");
          await exited;
        },
      });
    }
    const deployOne = await startDeployNginx({
      prefix: join(work, "nginx-one"),
      port: await freePort(),
      dataDir,
      replicaPorts: replicaPorts.slice(0, 1),
    });
    started.push(deployOne);
    const deployTwo = await startDeployNginx({
      prefix: join(work, "nginx-two"),
      port: await freePort(),
      dataDir,
      replicaPorts,
    });
    started.push(deployTwo);
    const deploySocket = await startDeployNginx({
      prefix: join(work, "nginx-socket"),
      port: await freePort(),
      dataDir,
      replicaPorts: [],
      replicaAddresses: [`unix:${socket}`],
    });
    started.push(deploySocket);
    const minimalPort = await freePort();
    const minimal = await startNginxOn(
      writeMinimalConfig(join(work, "nginx-minimal"), minimalPort, dataDir),
      minimalPort,
    );
    started.push(minimal);
    for (const port of replicaPorts) await waitFor(`http://127.0.0.1:${port}/readyz`, 180_000);
    await waitFor(`http://127.0.0.1:${deploySocket.port}/readyz`, 180_000);
    return {
      replicas,
      replicaPorts,
      deployOne,
      deployTwo,
      socketReplica,
      deploySocket,
      minimal,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
