// B-cubed precision, recall and F1 of a clustering against true labels (Bagga & Baldwin 1998;
// Amigó et al. 2009): the measure that rewards keeping an event whole and pure, per document.

export interface BCubedScore {
  precision: number;
  recall: number;
  f1: number;
}

/**
 * Scores `groups` against `labels` (document id → true event). Each document's precision is the
 * share of its group that has its label, its recall the share of its label's documents that are
 * in its group; both are averaged over documents and F1 is their harmonic mean. Grouped ids
 * without a label are ignored; a labelled id missing from every group lowers the recall of the
 * others. An empty evaluation scores 1.
 */
export function bcubed(
  groups: readonly (readonly string[])[],
  labels: ReadonlyMap<string, string>,
): BCubedScore {
  let [precisionSum, recallSum, documents] = [0, 0, 0];
  for (const sum of eventSums(groups, labels).values()) {
    precisionSum += sum.precision;
    recallSum += sum.recall;
    documents += sum.documents;
  }
  if (documents === 0) return { precision: 1, recall: 1, f1: 1 };
  return f1Of(precisionSum / documents, recallSum / documents);
}

/** The sums of one true event's documents' B-cubed precision and recall, and their number. */
export interface EventSums {
  precision: number;
  recall: number;
  documents: number;
}

/** Per true event (label), the sums its grouped documents contribute to `bcubed`. */
export function eventSums(
  groups: readonly (readonly string[])[],
  labels: ReadonlyMap<string, string>,
): Map<string, EventSums> {
  const labelSizes = new Map<string, number>();
  for (const label of labels.values()) labelSizes.set(label, (labelSizes.get(label) ?? 0) + 1);
  const sums = new Map<string, EventSums>();
  for (const label of labelSizes.keys()) sums.set(label, { precision: 0, recall: 0, documents: 0 });
  for (const group of groups) {
    const inGroup = new Map<string, number>();
    let labelled = 0;
    for (const id of group) {
      const label = labels.get(id);
      if (label === undefined) continue;
      inGroup.set(label, (inGroup.get(label) ?? 0) + 1);
      labelled++;
    }
    for (const [label, count] of inGroup) {
      // `count` documents share this label here; each sees the same precision and recall.
      const sum = sums.get(label)!;
      sum.precision += count * (count / labelled);
      sum.recall += count * (count / labelSizes.get(label)!);
      sum.documents += count;
    }
  }
  return sums;
}

/** Precision, recall and their harmonic mean. */
export function f1Of(precision: number, recall: number): BCubedScore {
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}
