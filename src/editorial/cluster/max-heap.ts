// A binary max-heap of numeric keys with a payload index, in growable typed arrays: the
// agglomeration's queue of candidate merges, which can hold millions of entries.

/** Pops the largest key first; equal keys pop in ascending payload order (deterministic). */
export class MaxHeap {
  private keys = new Float64Array(1024);
  private payloads = new Int32Array(1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Removes every entry (keeps the memory). */
  clear(): void {
    this.count = 0;
  }

  /** The largest key, or -Infinity when empty. */
  peekKey(): number {
    return this.count > 0 ? this.keys[0]! : Number.NEGATIVE_INFINITY;
  }

  push(key: number, payload: number): void {
    if (this.count === this.keys.length) this.grow();
    let index = this.count++;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.above(key, payload, this.keys[parent]!, this.payloads[parent]!)) break;
      this.keys[index] = this.keys[parent]!;
      this.payloads[index] = this.payloads[parent]!;
      index = parent;
    }
    this.keys[index] = key;
    this.payloads[index] = payload;
  }

  /** Removes the top entry and returns its payload (-1 when empty). */
  pop(): number {
    if (this.count === 0) return -1;
    const top = this.payloads[0]!;
    const key = this.keys[--this.count]!;
    const payload = this.payloads[this.count]!;
    let index = 0;
    for (;;) {
      let child = 2 * index + 1;
      if (child >= this.count) break;
      const right = child + 1;
      if (
        right < this.count &&
        this.above(
          this.keys[right]!,
          this.payloads[right]!,
          this.keys[child]!,
          this.payloads[child]!,
        )
      ) {
        child = right;
      }
      if (!this.above(this.keys[child]!, this.payloads[child]!, key, payload)) break;
      this.keys[index] = this.keys[child]!;
      this.payloads[index] = this.payloads[child]!;
      index = child;
    }
    this.keys[index] = key;
    this.payloads[index] = payload;
    return top;
  }

  private above(key: number, payload: number, otherKey: number, otherPayload: number): boolean {
    return key > otherKey || (key === otherKey && payload < otherPayload);
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    this.keys = keys;
    const payloads = new Int32Array(this.payloads.length * 2);
    payloads.set(this.payloads);
    this.payloads = payloads;
  }
}
