// The node:cluster primary's half of the shared call budget: it keeps the sliding windows of
// every worker's cluster store (cluster-window.ts) in its memory and answers them over IPC.
import { serveClusterWindows } from "./cluster-window.js";

/** Call once in the primary before forking workers that use the `cluster` store; again is harmless. */
export function startRateLimitPrimary(): void {
  serveClusterWindows();
}
