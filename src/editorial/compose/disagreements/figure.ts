// A figure as read from a sentence: what it measures, its value and where it lies.

export type FigureKind = "count" | "money" | "percent" | "date" | "time" | "clock";

export interface Figure {
  kind: FigureKind;
  /** What is counted (the stem of its noun), the currency, or the kind itself. */
  unit: string;
  /** Dates are month × 100 + day, times of day minutes after midnight, clocks seconds. */
  value: number;
  /** Tokens of the figure: [first, last]. */
  first: number;
  last: number;
  /** Character offsets of the figure in the sentence (NFKC). */
  start: number;
  end: number;
}

export interface ReadOptions {
  /** BCP 47 language of the sentence: English words name units, others are stemmed apart. */
  language: string;
}
