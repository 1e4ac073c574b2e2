// How many threads validate by default: apart from the pool (validation-pool.ts), so that
// `svc ingest --help` shows the default without loading the validator and its schema.
import { workerCount } from "../workers/worker-pool.js";

/** One worker per spare core (the main thread reads and writes), at most 4. */
export function defaultWorkerCount(): number {
  return workerCount(1);
}
