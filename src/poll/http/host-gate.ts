// Politeness per host: at most `perHost` requests at once to one host, and starts on one host
// at least `delayMs` apart (article pages: one at a time, a second apart), also when the
// requests come one after another rather than together.
import { setTimeout as sleep } from "node:timers/promises";

export interface HostGate {
  run<T>(host: string, task: () => Promise<T>): Promise<T>;
}

interface HostQueue {
  active: number;
  waiting: Array<() => void>;
  nextStartMs: number;
}

export function createHostGate(options: {
  perHost: number;
  delayMs: number;
  now?: () => number;
}): HostGate {
  const now = options.now ?? Date.now;
  const hosts = new Map<string, HostQueue>();
  const queueOf = (host: string): HostQueue => {
    let queue = hosts.get(host);
    if (queue === undefined) {
      queue = { active: 0, waiting: [], nextStartMs: 0 };
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
          if (startAt > now()) await sleep(startAt - now());
        }
        return await task();
      } finally {
        release(queue);
      }
    },
  };
}
