// robots.txt for article pages (RFC 9309): fetched once per origin and kept an hour; a
// robots.txt that is missing (4xx) allows everything, one that fails (5xx, network) allows
// nothing until it can be read (section 2.3.1.3 and 2.3.1.4).
import robotsModule from "robots-parser";
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
  options: Omit<FetchOptions, "validators" | "accept"> & { ttlMs?: number; now?: () => number },
): RobotsCheck {
  const ttlMs = options.ttlMs ?? 3_600_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { rules: Promise<Rules>; fetchedAt: number }>();
  const load = async (origin: string): Promise<Rules> => {
    const robotsUrl = `${origin}/robots.txt`;
    const result = await safeFetch(robotsUrl, { ...options, accept: "text/plain, */*;q=0.5" });
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
      return rules.isAllowed(url, options.policy.userAgent) ?? true;
    },
  };
}
