// Validation off the main thread: parsing and checking a record costs about as much as
// storing it, so worker threads validate the next batches while the main thread writes.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { type RecordText, type ValidatedRecord, validateRecords } from "./validate-records.js";

export interface Validator {
  validate(records: RecordText[]): Promise<ValidatedRecord[]>;
  /** Batches that may be in flight at once before the caller waits. */
  readonly parallelism: number;
  close(): Promise<void>;
}

/** One worker per spare core, at most 4; 0 on a single core (validate inline). */
export function defaultWorkerCount(): number {
  return Math.min(4, availableParallelism() - 1);
}

export function inlineValidator(): Validator {
  return {
    parallelism: 1,
    validate: async (records) => validateRecords(records),
    close: async () => {},
  };
}

function startWorker(): Worker {
  // A larger young generation: validation makes many short-lived objects.
  const resourceLimits = { maxYoungGenerationSizeMb: 48 };
  if (!import.meta.url.endsWith(".ts")) {
    return new Worker(new URL("./validate-worker.js", import.meta.url), { resourceLimits });
  }
  // Running from TypeScript sources (tests, tsx): the worker loads tsx (a dev dependency)
  // before the worker module, as worker threads do not inherit the parent's loader.
  const tsx = import.meta.resolve("tsx/esm/api");
  const entry = new URL("./validate-worker.ts", import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, resourceLimits });
}

interface Pending {
  resolve: (results: ValidatedRecord[]) => void;
  reject: (error: Error) => void;
}

export function workerValidator(size: number): Validator {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  const workers = Array.from({ length: size }, () => {
    const worker = startWorker();
    worker.on("message", (message: { id: number; results: ValidatedRecord[] }) => {
      pending.get(message.id)?.resolve(message.results);
      pending.delete(message.id);
    });
    worker.on("error", (error) => fail(error));
    worker.on("exit", (code) => {
      if (code !== 0 && pending.size > 0)
        fail(new Error(`a validation worker stopped with exit code ${code}`));
    });
    return worker;
  });
  return {
    // Enough queued batches that workers keep busy while the main thread writes a batch.
    parallelism: size * 4,
    validate(records) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise<ValidatedRecord[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        workers[id % workers.length]?.postMessage({ id, records });
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

export function createValidator(workers: number): Validator {
  return workers > 0 ? workerValidator(workers) : inlineValidator();
}
