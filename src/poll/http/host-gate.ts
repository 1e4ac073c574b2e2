// Politeness per host: at most `perHost` requests at once to one host, and starts on one host
// at least `delayMs` apart (article pages: one at a time, a second apart), also when the
// requests come one after another rather than together. The spacing is measured from the
// moment a task really started: a timer that fires late under load moves the next start too.
import { setTimeout as sleep } from "node:timers/promises";

export interface HostGate {
  run<T>(host: string, task: () => Promise<T>): Promise<T>;
}

interface HostQueue {
  active: number;
  waiting: Array<() => void>;
  nextStartMs: number;
  lastStartMs: number;
}

export function createHostGate(options: {
  perHost: number;
  delayMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<unknown>;
}): HostGate {
  const now = options.now ?? Date.now;
  const pause = options.sleep ?? sleep;
  const hosts = new Map<string, HostQueue>();
  const queueOf = (host: string): HostQueue => {
    let queue = hosts.get(host);
    if (queue === undefined) {
      queue = { active: 0, waiting: [], nextStartMs: 0, lastStartMs: -Infinity };
      hosts.set(host, queue);
    }
    return queue;
  };
  // Forget idle hosts whose delay has passed, so the map stays as small as the busy hosts.
  const forgetIdle = () => {
    for (const [host, queue] of hosts) {
      if (queue.active === 0 && queue.waiting.length === 0 && queue.nextStartMs <= now()) {
        hosts.delete(host);
      }
    }
  };
  const release = (queue: HostQueue) => {
    queue.active -= 1;
    queue.waiting.shift()?.();
  };
  return {
    async run(host, task) {
      forgetIdle();
      const queue = queueOf(host);
      if (queue.active >= options.perHost) {
        await new Promise<void>((resolve) => queue.waiting.push(resolve));
      }
      queue.active += 1;
      try {
        if (options.delayMs > 0) {
          const startAt = Math.max(now(), queue.nextStartMs);
          queue.nextStartMs = startAt + options.delayMs;
          // A reservation keeps concurrent callers in order; the loop keeps the real gap.
          const waitMs = () => Math.max(startAt, queue.lastStartMs + options.delayMs) - now();
          for (let wait = waitMs(); wait > 0; wait = waitMs()) await pause(wait);
          queue.lastStartMs = now();
          queue.nextStartMs = Math.max(queue.nextStartMs, queue.lastStartMs + options.delayMs);
        }
        return await task();
      } finally {
        release(queue);
      }
    },
  };
}
