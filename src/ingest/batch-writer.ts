// Valid records on their way into the store: gathered into transactions of a batch size (or
// a byte cap), written one at a time and in input order. While a (network) store writes a
// batch, the next one is being read and validated.
import type { InsertOutcome, ManifestToStore, ManifestWriter } from "../store/manifest-store.js";

const MAX_BATCH_BYTES = 32 * 1024 * 1024;

export class BatchWriter {
  #batch: ManifestToStore[] = [];
  #batchBytes = 0;
  #writing: Promise<void> = Promise.resolve();
  readonly #store: ManifestWriter;
  readonly #batchSize: number;
  readonly #onWritten: (written: ManifestToStore[], outcomes: InsertOutcome[]) => void;

  constructor(
    store: ManifestWriter,
    batchSize: number,
    onWritten: (written: ManifestToStore[], outcomes: InsertOutcome[]) => void,
  ) {
    this.#store = store;
    this.#batchSize = batchSize;
    this.#onWritten = onWritten;
  }

  /** Adds a record; a full batch starts its write (after the one being written). */
  async add(record: ManifestToStore): Promise<void> {
    this.#batch.push(record);
    this.#batchBytes += record.json.length;
    if (this.#batch.length >= this.#batchSize || this.#batchBytes >= MAX_BATCH_BYTES) {
      await this.flush();
    }
  }

  /** Starts writing what has been gathered; a store failure surfaces at the next wait. */
  async flush(): Promise<void> {
    if (this.#batch.length === 0) return;
    const written = this.#batch;
    this.#batch = [];
    this.#batchBytes = 0;
    await this.#writing;
    this.#writing = this.#store
      .insertManifests(written)
      .then((outcomes) => this.#onWritten(written, outcomes));
    this.#writing.catch(() => undefined); // surfaced by the next await of `#writing`
  }

  /** Writes everything gathered and waits until it is stored. */
  async settle(): Promise<void> {
    await this.flush();
    await this.#writing;
  }
}
