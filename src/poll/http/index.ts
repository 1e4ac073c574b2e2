// Polite and safe HTTP for the poller (docs/poll.md, "Polite and safe fetching").
export { createAgents, type HttpAgents } from "./agents.js";
export { isForbiddenAddress } from "./forbidden-address.js";
export { createHostGate, type HostGate } from "./host-gate.js";
export {
  DEFAULT_FETCH_POLICY,
  type FetchFailureReason,
  type FetchPolicy,
  type FetchResult,
  type Validators,
} from "./policy.js";
export { createRobotsCheck, type RobotsCheck } from "./robots-check.js";
export { type FetchOptions, safeFetch } from "./safe-fetch.js";
