// A small pool of worker threads running one module's pure function on batches of work.
// Results come back per batch; callers keep input order by awaiting batches in order.
// Used by ingest (validation) and the builder (story composition) to use every core.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

export interface Pool<Input, Output> {
  run(input: Input): Promise<Output>;
  /** Batches worth keeping in flight so that no worker waits. */
  readonly parallelism: number;
  close(): Promise<void>;
}

/** One worker per core beyond `reserved`, at most 4. */
export function workerCount(reserved: number): number {
  return Math.max(0, Math.min(4, availableParallelism() - reserved));
}

/**
 * Starts a worker for `moduleUrl` (the `.js` build, or the `.ts` source under tests and tsx,
 * where the worker first loads tsx: worker threads do not inherit the parent's loader).
 */
function startWorker(moduleUrl: URL, youngGenerationMb: number): Worker {
  const resourceLimits = { maxYoungGenerationSizeMb: youngGenerationMb };
  if (!moduleUrl.pathname.endsWith(".ts")) return new Worker(moduleUrl, { resourceLimits });
  const tsx = import.meta.resolve("tsx/esm/api");
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl.href)}); });`;
  return new Worker(code, { eval: true, resourceLimits });
}

interface Waiting<Output> {
  resolve: (output: Output) => void;
  reject: (error: Error) => void;
}

/** A pool of `size` workers running `moduleUrl` (see serveWorker). */
export function workerPool<Input, Output>(
  moduleUrl: URL,
  size: number,
  youngGenerationMb = 32,
): Pool<Input, Output> {
  const waiting = new Map<number, Waiting<Output> & { worker: number }>();
  /** Batches sent to each worker and not answered yet. */
  const busy = new Array<number>(size).fill(0);
  let nextId = 0;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of waiting.values()) waiter.reject(error);
    waiting.clear();
  };
  const workers = Array.from({ length: size }, () => {
    const worker = startWorker(moduleUrl, youngGenerationMb);
    worker.on("message", (message: { id: number; output?: Output; error?: string }) => {
      const waiter = waiting.get(message.id);
      waiting.delete(message.id);
      if (waiter) busy[waiter.worker]! -= 1;
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.output as Output);
    });
    worker.on("error", fail);
    worker.on("exit", (code) => {
      if (code !== 0 && waiting.size > 0)
        fail(new Error(`a worker thread stopped with exit code ${code}`));
    });
    return worker;
  });
  return {
    parallelism: size * 4,
    run(input) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      // The least busy worker (the first on ties): batches of unequal cost stay balanced.
      const worker = busy.indexOf(Math.min(...busy));
      busy[worker]! += 1;
      return new Promise<Output>((resolve, reject) => {
        waiting.set(id, { resolve, reject, worker });
        workers[worker]?.postMessage({ id, input });
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/** The same interface, run on the calling thread (for small jobs and single cores). */
export function inlinePool<Input, Output>(run: (input: Input) => Output): Pool<Input, Output> {
  return { parallelism: 1, run: async (input) => run(input), close: async () => {} };
}
