// The part of a batch insert that is the same for every backend: a record is compared with
// the first record of the same id in its batch before the store is asked about it.
import { sha256Hex } from "../manifests/normalize.js";
import type { InsertOutcome, ManifestToStore } from "./manifest-store.js";

export interface BatchPlan {
  /** The first record of each id, to insert. */
  unique: ManifestToStore[];
  /** For every input record, the index in `unique` of the record with its id. */
  firstIndex: number[];
}

export interface ConflictToRecord {
  record: ManifestToStore;
  storedSha256: string;
  incomingSha256: string;
}

export function planBatch(batch: readonly ManifestToStore[]): BatchPlan {
  const unique: ManifestToStore[] = [];
  const indexById = new Map<string, number>();
  const firstIndex = batch.map((record) => {
    const known = indexById.get(record.id);
    if (known !== undefined) return known;
    indexById.set(record.id, unique.length);
    unique.push(record);
    return unique.length - 1;
  });
  return { unique, firstIndex };
}

/** The outcome for a record whose id was already stored as `storedJson`. */
export function compareWithStored(record: ManifestToStore, storedJson: string): InsertOutcome {
  if (storedJson === record.json) return { id: record.id, status: "duplicate" };
  return {
    id: record.id,
    status: "conflict",
    storedSha256: sha256Hex(storedJson),
    incomingSha256: sha256Hex(record.json),
  };
}

/**
 * Outcomes for the whole batch, given the outcome of each unique record. A later copy of an
 * id in the same batch is a duplicate of what is stored after its first copy, or a conflict.
 */
export function outcomesForBatch(
  batch: readonly ManifestToStore[],
  plan: BatchPlan,
  uniqueOutcomes: readonly InsertOutcome[],
  storedJsonOf: (uniqueIndex: number) => string,
): { outcomes: InsertOutcome[]; conflicts: ConflictToRecord[] } {
  const outcomes: InsertOutcome[] = [];
  const conflicts: ConflictToRecord[] = [];
  batch.forEach((record, position) => {
    const index = plan.firstIndex[position] as number;
    const outcome =
      plan.unique[index] === record
        ? (uniqueOutcomes[index] as InsertOutcome)
        : compareWithStored(record, storedJsonOf(index));
    outcomes.push(outcome);
    if (outcome.status === "conflict") {
      conflicts.push({
        record,
        storedSha256: outcome.storedSha256,
        incomingSha256: outcome.incomingSha256,
      });
    }
  });
  return { outcomes, conflicts };
}
