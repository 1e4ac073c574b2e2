// What building a search index costs, for the query benchmark: its time, and what it adds to
// the heap and typed arrays (after a full collection) and to RSS.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const collectGarbage = (() => {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

/** Bytes in use after a full collection: the JavaScript heap and typed arrays. */
function memoryInUse(): number {
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

export interface Built<T> {
  index: T;
  seconds: number;
  heapBytes: number;
  rssBytes: number;
}

/** Builds an index, with its time and what it adds to heap and typed arrays, and to RSS. */
export function measureBuild<T>(build: () => T): Built<T> {
  const usedBefore = memoryInUse();
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const index = build();
  const seconds = (performance.now() - started) / 1000;
  const heapBytes = memoryInUse() - usedBefore;
  return { index, seconds, heapBytes, rssBytes: process.memoryUsage().rss - rssBefore };
}
