// The rejects file: one JSON line per refused record, with the original record (or the start
// of its bytes, when they were not JSON) and every reason. Created on the first reject only.

import { once } from "node:events";
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { dirname, join } from "node:path";

/** A rejects file name that sorts by time and is safe on every file system. */
export function defaultRejectsPath(
  dataDir: string,
  now: Date,
  command: "ingest" | "poll" = "ingest",
): string {
  return join(dataDir, "rejects", `${command}-${now.toISOString().replace(/[:.]/g, "-")}.jsonl`);
}

export interface Reject {
  source: string;
  line: number;
  reasons: string[];
  /** The parsed record, when it was JSON. */
  record?: unknown;
  /** The record's text (or its first bytes), when it was not JSON. */
  raw?: string;
}

export interface RejectSink {
  write(reject: Reject): Promise<void>;
  close(): Promise<void>;
  /** The file written to, once something was written. */
  readonly path: string | undefined;
}

export class RejectsFile implements RejectSink {
  #stream: WriteStream | undefined;
  readonly #target: string;

  constructor(target: string) {
    this.#target = target;
  }

  get path(): string | undefined {
    return this.#stream ? this.#target : undefined;
  }

  async write(reject: Reject): Promise<void> {
    if (!this.#stream) {
      mkdirSync(dirname(this.#target), { recursive: true });
      this.#stream = createWriteStream(this.#target, { flags: "a" });
    }
    if (!this.#stream.write(`${JSON.stringify(reject)}\n`)) await once(this.#stream, "drain");
  }

  async close(): Promise<void> {
    const stream = this.#stream;
    if (!stream) return;
    await new Promise<void>((resolve, reject) =>
      stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
}

/** Keeps rejects in memory: for tests and for callers that report them another way. */
export class MemoryRejects implements RejectSink {
  readonly rejects: Reject[] = [];
  readonly path = undefined;
  async write(reject: Reject): Promise<void> {
    this.rejects.push(reject);
  }
  async close(): Promise<void> {}
}
