// Politeness per host: at most `perHost` requests at once to one host, and starts on one host
// at least `delayMs` apart (article pages: one at a time, a second apart).
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
  const release = (host: string, queue: HostQueue) => {
    queue.active -= 1;
    const next = queue.waiting.shift();
    if (next) next();
    else if (queue.active === 0) hosts.delete(host);
  };
  return {
    async run(host, task) {
      let queue = hosts.get(host);
      if (queue === undefined) {
        queue = { active: 0, waiting: [], nextStartMs: 0 };
        hosts.set(host, queue);
      }
      const held = queue;
      if (held.active >= options.perHost) {
        await new Promise<void>((resolve) => held.waiting.push(resolve));
      }
      held.active += 1;
      try {
        if (options.delayMs > 0) {
          const startAt = Math.max(now(), held.nextStartMs);
          held.nextStartMs = startAt + options.delayMs;
          if (startAt > now()) await sleep(startAt - now());
        }
        return await task();
      } finally {
        release(host, held);
      }
    },
  };
}
