// The exact sliding window shared by the workers of a node:cluster: the primary keeps the
// sliding logs (sliding-log.ts) and each worker asks it over the cluster's IPC channel. The
// primary does nothing else on that channel, so one address's flood is answered in turn with
// everyone else's calls rather than ahead of them.
import cluster from "node:cluster";
import type { CallCount } from "./call-limiter.js";
import { SlidingLog } from "./sliding-log.js";

const CHANNEL = "svc:sliding-window";

interface WindowRequest {
  channel: typeof CHANNEL;
  id: number;
  key: string;
  points: number;
  windowMs: number;
}

interface WindowAnswer {
  channel: typeof CHANNEL;
  id: number;
  count: CallCount;
}

function isRequest(message: unknown): message is WindowRequest {
  return (message as { channel?: unknown } | null)?.channel === CHANNEL;
}

let serving = false;

/** In the primary: answers the workers' windows. Call before forking; calling again is harmless. */
export function serveClusterWindows(now: () => number = Date.now): void {
  if (!cluster.isPrimary || serving) return;
  serving = true;
  const logs = new Map<string, SlidingLog>();
  cluster.on("message", (worker, message: unknown) => {
    if (!isRequest(message)) return;
    const policy = `${message.points}/${message.windowMs}`;
    let log = logs.get(policy);
    if (log === undefined) {
      log = new SlidingLog(message.points, message.windowMs);
      logs.set(policy, log);
    }
    const answer: WindowAnswer = {
      channel: CHANNEL,
      id: message.id,
      count: log.take(message.key, now()),
    };
    if (worker.isConnected()) worker.send(answer);
  });
}

/** In a worker: a `take` answered by the primary, failing after `timeoutMs` without an answer. */
export function clusterSlidingWindow(points: number, windowMs: number, timeoutMs: number) {
  const send = process.send?.bind(process);
  if (send === undefined || !cluster.isWorker) {
    throw new Error("the cluster window needs a node:cluster worker");
  }
  const pending = new Map<number, { resolve: (count: CallCount) => void; timer: NodeJS.Timeout }>();
  process.on("message", (message: unknown) => {
    if ((message as { channel?: unknown } | null)?.channel !== CHANNEL) return;
    const { id, count } = message as WindowAnswer;
    const waiting = pending.get(id);
    if (waiting === undefined) return;
    pending.delete(id);
    clearTimeout(waiting.timer);
    waiting.resolve(count);
  });
  let nextId = 0;
  return (key: string): Promise<CallCount> =>
    new Promise<CallCount>((resolve, reject) => {
      const id = (nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER);
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`the cluster primary did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(id, { resolve, timer });
      const request: WindowRequest = { channel: CHANNEL, id, key, points, windowMs };
      try {
        send(request);
      } catch (error) {
        clearTimeout(timer);
        pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
}
