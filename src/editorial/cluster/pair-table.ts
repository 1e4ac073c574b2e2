// An open-addressing hash table from a pair of non-negative int32 keys to an int32 value, in
// typed arrays: the agglomeration looks pairs of clusters up millions of times, and a Map
// keyed by a × n + b would allocate a heap number per key beyond 2^31.

export class PairTable {
  private firsts: Int32Array;
  private seconds: Int32Array;
  private values: Int32Array;
  private count = 0;

  constructor(capacity = 1024) {
    const size = 1 << Math.ceil(Math.log2(Math.max(16, 2 * capacity)));
    this.firsts = new Int32Array(size).fill(-1);
    this.seconds = new Int32Array(size);
    this.values = new Int32Array(size);
  }

  /** The value stored for (a, b), or -1. */
  get(a: number, b: number): number {
    const mask = this.firsts.length - 1;
    for (let slot = this.slotOf(a, b); ; slot = (slot + 1) & mask) {
      const first = this.firsts[slot]!;
      if (first === -1) return -1;
      if (first === a && this.seconds[slot] === b) return this.values[slot]!;
    }
  }

  set(a: number, b: number, value: number): void {
    if (2 * (this.count + 1) > this.firsts.length) this.grow();
    const mask = this.firsts.length - 1;
    for (let slot = this.slotOf(a, b); ; slot = (slot + 1) & mask) {
      const first = this.firsts[slot]!;
      if (first === -1) {
        this.firsts[slot] = a;
        this.seconds[slot] = b;
        this.values[slot] = value;
        this.count++;
        return;
      }
      if (first === a && this.seconds[slot] === b) {
        this.values[slot] = value;
        return;
      }
    }
  }

  private slotOf(a: number, b: number): number {
    let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77);
    h ^= h >>> 15;
    return Math.imul(h, 0x2c1b3c6d) & (this.firsts.length - 1);
  }

  private grow(): void {
    const { firsts, seconds, values } = this;
    this.firsts = new Int32Array(2 * firsts.length).fill(-1);
    this.seconds = new Int32Array(2 * firsts.length);
    this.values = new Int32Array(2 * firsts.length);
    this.count = 0;
    for (let slot = 0; slot < firsts.length; slot++) {
      if (firsts[slot] !== -1) this.set(firsts[slot]!, seconds[slot]!, values[slot]!);
    }
  }
}
