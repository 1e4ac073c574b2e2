// Reads a /metrics reply with prom2javascript (a parser none of us wrote: it throws on a line it
// cannot parse and on a histogram whose +Inf bucket differs from its count) and looks samples
// up by name and labels.
import {
  getMetricsFromIterator,
  type PromData,
  type PromHistogramData,
  type PromMetrics,
} from "prom2javascript";

export interface Exposition {
  metrics: PromMetrics;
  type(name: string): string | undefined;
  /** The value of the counter or gauge sample with exactly these labels. */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /** Every counter or gauge sample of `name` with its labels. */
  samples(name: string): PromData[];
  histogram(name: string, labels: Record<string, string>): PromHistogramData | undefined;
}

function sameLabels(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * A NaN sample (prom-client writes `Nan`: the event-loop lag before its first sample) is valid
 * for Prometheus, whose float parsing ignores case, but prom2javascript reads no NaN at all:
 * such lines are left out. No SVC metric is ever NaN.
 */
const NAN_SAMPLE = / nan$/i;

export async function readExposition(text: string): Promise<Exposition> {
  const lines = text.split("\n").filter((line) => !NAN_SAMPLE.test(line));
  const metrics = await getMetricsFromIterator(lines[Symbol.iterator]());
  const samples = (name: string) => (metrics[name]?.data ?? []) as PromData[];
  return {
    metrics,
    type: (name) => metrics[name]?.type,
    value: (name, labels = {}) =>
      samples(name).find((sample) => sameLabels(sample.labels, labels))?.value,
    samples,
    histogram: (name, labels) =>
      ((metrics[name]?.data ?? []) as PromHistogramData[]).find((sample) =>
        sameLabels(sample.labels, labels),
      ),
  };
}
