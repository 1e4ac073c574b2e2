// Keep-alive HTTP agents for the poller, with the guarded lookup: a poll of many feeds on a
// few hosts reuses connections.
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { guardedLookup } from "./guarded-lookup.js";
import type { FetchPolicy } from "./policy.js";

export interface HttpAgents {
  http: HttpAgent;
  https: HttpsAgent;
  /** Whether their lookup lets private addresses through (safeFetch uses them only to match). */
  readonly allowPrivate: boolean;
  close(): void;
}

export function createAgents(policy: Pick<FetchPolicy, "allowPrivate">): HttpAgents {
  const lookup = guardedLookup(policy.allowPrivate);
  const options = { keepAlive: true, maxSockets: 8, maxFreeSockets: 4, lookup, timeout: 30_000 };
  const http = new HttpAgent(options);
  const https = new HttpsAgent(options);
  return {
    http,
    https,
    allowPrivate: policy.allowPrivate,
    close: () => {
      http.destroy();
      https.destroy();
    },
  };
}
