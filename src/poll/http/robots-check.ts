// robots.txt for article pages (RFC 9309): fetched once per origin and kept an hour; a
// robots.txt that is missing (4xx) allows everything, one that fails (5xx, network) allows
// nothing until it can be read (section 2.3.1.3 and 2.3.1.4). Its fetch is a request to the
// host like any other: it waits its turn in the host's gate (host-gate.ts) when given one.
import robotsModule from "robots-parser";
import type { HostGate } from "./host-gate.js";
import { type FetchOptions, safeFetch } from "./safe-fetch.js";

export interface RobotsCheck {
  allowed(url: string): Promise<boolean>;
}

interface RobotsRules {
  isAllowed(url: string, userAgent?: string): boolean | undefined;
}

// robots-parser is CommonJS whose types declare an ES default export: at run time the default
// import is the function itself.
const robotsParser = robotsModule as unknown as (url: string, text: string) => RobotsRules;

type Rules = RobotsRules | "allow-all" | "deny-all";

export function createRobotsCheck(
  options: Omit<FetchOptions, "validators" | "accept"> & {
    ttlMs?: number;
    now?: () => number;
    /** The per-host gate of the pages it guards: robots.txt is paced with them. */
    gate?: HostGate;
  },
): RobotsCheck {
  const { gate, ttlMs = 3_600_000, now = Date.now, ...fetchOptions } = options;
  const cache = new Map<string, { rules: Promise<Rules>; fetchedAt: number }>();
  const load = async (origin: string): Promise<Rules> => {
    const robotsUrl = `${origin}/robots.txt`;
    const fetchRobots = () =>
      safeFetch(robotsUrl, { ...fetchOptions, accept: "text/plain, */*;q=0.5" });
    const result = await (gate ? gate.run(new URL(origin).host, fetchRobots) : fetchRobots());
    if (result.kind === "ok") return robotsParser(robotsUrl, result.body.toString("utf8"));
    if (result.kind === "failed" && result.status !== undefined && result.status < 500) {
      return "allow-all";
    }
    return "deny-all";
  };
  return {
    async allowed(url) {
      let origin: string;
      try {
        origin = new URL(url).origin;
      } catch {
        return false;
      }
      let entry = cache.get(origin);
      if (entry === undefined || now() - entry.fetchedAt > ttlMs) {
        entry = { rules: load(origin), fetchedAt: now() };
        cache.set(origin, entry);
      }
      const rules = await entry.rules;
      if (rules === "allow-all") return true;
      if (rules === "deny-all") return false;
      return rules.isAllowed(url, fetchOptions.policy.userAgent) ?? true;
    },
  };
}
