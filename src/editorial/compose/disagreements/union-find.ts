// Disjoint sets over 0..size-1, the smaller root kept as the representative (deterministic).
import { intArena } from "../../../text/typed-arena.js";

export class UnionFind {
  private readonly parent: Int32Array;

  constructor(size: number) {
    this.parent = intArena.take(size);
    for (let index = 0; index < size; index++) this.parent[index] = index;
  }

  find(item: number): number {
    let root = item;
    while (this.parent[root] !== root) root = this.parent[root] as number;
    for (let at = item; this.parent[at] !== root;) {
      const next = this.parent[at] as number;
      this.parent[at] = root;
      at = next;
    }
    return root;
  }

  union(a: number, b: number): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra < rb) this.parent[rb] = ra;
    else if (rb < ra) this.parent[ra] = rb;
  }
}
