// The worker side of worker-pool.ts: answers each batch with the function's output (awaited
// when it is a promise), or with the error message (never crashes the pool).
import { parentPort } from "node:worker_threads";

export function serveWorker<Input, Output>(run: (input: Input) => Output | Promise<Output>): void {
  parentPort?.on("message", (message: { id: number; input: Input }) => {
    const answer = async () => {
      try {
        parentPort?.postMessage({ id: message.id, output: await run(message.input) });
      } catch (error) {
        parentPort?.postMessage({
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    };
    void answer();
  });
}
