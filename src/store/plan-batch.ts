// The part of a batch insert that is the same for every backend: a record is compared with
// the first record of the same id in its batch before the store is asked about it.
import type { InsertOutcome, ManifestToStore } from "./manifest-store.js";

export interface BatchPlan {
  /** The first record of each id, to insert. */
  unique: ManifestToStore[];
  /** For every input record, the index in `unique` of the record with its id. */
  firstIndex: number[];
}

export function planBatch(batch: readonly ManifestToStore[]): BatchPlan {
  const unique: ManifestToStore[] = [];
  const indexById = new Map<string, number>();
  const firstIndex = batch.map((record) => {
    const id = record.manifest.id;
    const known = indexById.get(id);
    if (known !== undefined) return known;
    indexById.set(id, unique.length);
    unique.push(record);
    return unique.length - 1;
  });
  return { unique, firstIndex };
}

/**
 * Outcomes for the whole batch, given the outcome of each unique record. A later copy of an
 * id in the same batch is a duplicate of its first copy, or a conflict with what was stored.
 */
export function outcomesForBatch(
  batch: readonly ManifestToStore[],
  plan: BatchPlan,
  uniqueOutcomes: readonly InsertOutcome[],
): {
  outcomes: InsertOutcome[];
  conflicts: Array<{ record: ManifestToStore; storedSha256: string }>;
} {
  const outcomes: InsertOutcome[] = [];
  const conflicts: Array<{ record: ManifestToStore; storedSha256: string }> = [];
  batch.forEach((record, position) => {
    const index = plan.firstIndex[position] as number;
    const first = plan.unique[index] as ManifestToStore;
    const id = record.manifest.id;
    if (first === record) {
      const outcome = uniqueOutcomes[index] as InsertOutcome;
      outcomes.push(outcome);
      if (outcome.status === "conflict")
        conflicts.push({ record, storedSha256: outcome.storedSha256 });
      return;
    }
    const firstOutcome = uniqueOutcomes[index] as InsertOutcome;
    const storedSha256 =
      firstOutcome.status === "conflict" ? firstOutcome.storedSha256 : first.sha256;
    if (record.sha256 === storedSha256) {
      outcomes.push({ id, status: "duplicate" });
    } else {
      outcomes.push({ id, status: "conflict", storedSha256 });
      conflicts.push({ record, storedSha256 });
    }
  });
  return { outcomes, conflicts };
}
