// The worker side of worker-pool.ts: answers each batch with the function's output, or with
// the error message (never crashes the pool).
import { parentPort } from "node:worker_threads";

export function serveWorker<Input, Output>(run: (input: Input) => Output): void {
  parentPort?.on("message", (message: { id: number; input: Input }) => {
    try {
      parentPort?.postMessage({ id: message.id, output: run(message.input) });
    } catch (error) {
      parentPort?.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
}
