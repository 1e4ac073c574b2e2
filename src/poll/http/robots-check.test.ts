import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FETCH_POLICY } from "./policy.js";
import { createHostGate } from "./host-gate.js";
import { createRobotsCheck } from "./robots-check.js";

let robotsStatus = 200;
let robotsFetches = 0;
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/robots.txt") {
      robotsFetches += 1;
      if (robotsStatus !== 200) return res.writeHead(robotsStatus).end();
      return res.end(
        "User-agent: *\nDisallow: /private/\n\nUser-agent: SVC-poll\nDisallow: /no-svc/\n",
      );
    }
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const options = {
  policy: {
    ...DEFAULT_FETCH_POLICY,
    allowPrivate: true,
    userAgent: "SVC-poll/1.0 (+http://x)",
    timeoutMs: 2_000,
  },
};
const check = () => createRobotsCheck(options);

describe("createRobotsCheck", () => {
  it("follows the rules for our agent and fetches robots.txt once per origin", async () => {
    robotsStatus = 200;
    robotsFetches = 0;
    const robots = check();
    expect(await robots.allowed(`${origin}/articles/1`)).toBe(true);
    expect(await robots.allowed(`${origin}/no-svc/1`)).toBe(false);
    expect(await robots.allowed(`${origin}/private/1`)).toBe(true);
    expect(robotsFetches).toBe(1);
  });

  it("waits its turn in the host's gate, like the pages it guards", async () => {
    robotsStatus = 200;
    robotsFetches = 0;
    const gated: string[] = [];
    const gate = createHostGate({ perHost: 1, delayMs: 0 });
    const robots = createRobotsCheck({
      ...options,
      gate: {
        run: (host, task) => {
          gated.push(host);
          return gate.run(host, task);
        },
      },
    });
    expect(await robots.allowed(`${origin}/articles/1`)).toBe(true);
    expect(await robots.allowed(`${origin}/articles/2`)).toBe(true);
    expect(gated).toEqual([new URL(origin).host]);
    expect(robotsFetches).toBe(1);
  });

  it("allows all when robots.txt is missing, and nothing when it fails", async () => {
    robotsStatus = 404;
    expect(await check().allowed(`${origin}/private/1`)).toBe(true);
    robotsStatus = 500;
    expect(await check().allowed(`${origin}/articles/1`)).toBe(false);
  });
});
