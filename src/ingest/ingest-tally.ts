// What an ingest run counts as it goes: records read, stored, duplicates, rejected and
// conflicts, the first conflicts and rejects as examples, and the topics it brought in.
import type { InsertOutcome, ManifestConflict, ManifestToStore } from "../store/manifest-store.js";
import type { Reject } from "./rejects-file.js";

export interface IngestCounts {
  /** Records read (good and bad). */
  read: number;
  stored: number;
  duplicates: number;
  rejected: number;
  conflicts: number;
}

export type ConflictExample = Pick<
  ManifestConflict,
  "id" | "source" | "storedSha256" | "incomingSha256"
>;

export interface RejectExample {
  source: string;
  reasons: string[];
}

const MAX_CONFLICT_EXAMPLES = 20;
const MAX_REJECT_EXAMPLES = 5;

export class IngestTally {
  readonly counts: IngestCounts = { read: 0, stored: 0, duplicates: 0, rejected: 0, conflicts: 0 };
  /** Topics of stored records that were not known before the run: new newsrooms. */
  readonly newTopics = new Set<string>();
  readonly conflictExamples: ConflictExample[] = [];
  readonly rejectExamples: RejectExample[] = [];
  readonly #knownTopics: ReadonlySet<string>;

  /** `knownTopics`: the configured topics and those in the store before the run. */
  constructor(knownTopics: ReadonlySet<string>) {
    this.#knownTopics = knownTopics;
  }

  /** Counts what the store did with a written batch (one outcome per record, in order). */
  addOutcomes(written: readonly ManifestToStore[], outcomes: readonly InsertOutcome[]): void {
    outcomes.forEach((outcome, index) => {
      const record = written[index] as ManifestToStore;
      if (outcome.status === "stored") {
        this.counts.stored += 1;
        if (!this.#knownTopics.has(record.topic)) this.newTopics.add(record.topic);
      } else if (outcome.status === "duplicate") {
        this.counts.duplicates += 1;
      } else {
        this.counts.conflicts += 1;
        if (this.conflictExamples.length < MAX_CONFLICT_EXAMPLES) {
          const { storedSha256, incomingSha256 } = outcome;
          this.conflictExamples.push({
            id: outcome.id,
            source: record.source,
            storedSha256,
            incomingSha256,
          });
        }
      }
    });
  }

  /** Keeps the first rejects (records and unreadable inputs) as examples. */
  addRejectExample(reject: Reject): void {
    if (this.rejectExamples.length < MAX_REJECT_EXAMPLES) {
      this.rejectExamples.push({ source: reject.source, reasons: reject.reasons });
    }
  }
}
