// Validation off the main thread: parsing and checking a record costs about as much as
// storing it, so worker threads validate the next batches while the main thread writes.
import { inlinePool, type Pool, workerPool } from "../workers/worker-pool.js";
import { type RecordText, type ValidatedRecord, validateRecords } from "./validate-records.js";

export { defaultWorkerCount } from "./validation-workers.js";

export type Validator = Pool<RecordText[], ValidatedRecord[]>;

export function createValidator(workers: number): Validator {
  if (workers <= 0) return inlinePool(validateRecords);
  const entry = new URL(
    import.meta.url.endsWith(".ts") ? "./validate-worker.ts" : "./validate-worker.js",
    import.meta.url,
  );
  return workerPool(entry, workers);
}
