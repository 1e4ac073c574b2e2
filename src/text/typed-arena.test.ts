// Arrays cut from an arena are zeroed, never share an element, and read as their own arrays.
import { describe, expect, it } from "vitest";
import { TypedArena } from "./typed-arena.js";

describe("TypedArena", () => {
  it("cuts zeroed arrays that never overlap, across blocks", () => {
    const arena = new TypedArena((length) => new Int32Array(length));
    const taken = Array.from({ length: 5_000 }, (_, index) => arena.take(1 + (index % 37)));
    taken.forEach((array, index) => {
      expect(array.every((value) => value === 0)).toBe(true);
      array.fill(index + 1);
    });
    // Had two arrays shared an element, the later fill would show in the earlier one.
    taken.forEach((array, index) => expect(array.every((value) => value === index + 1)).toBe(true));
  });

  it("gives a long array a buffer of its own", () => {
    const arena = new TypedArena((length) => new Float64Array(length));
    const long = arena.take(100_000);
    expect(long.length).toBe(100_000);
    expect(long.byteOffset).toBe(0);
    expect(long.buffer.byteLength).toBe(800_000);
  });

  it("copies the start of a source", () => {
    const arena = new TypedArena((length) => new Int32Array(length));
    const source = Int32Array.from([4, 5, 6, 7]);
    expect([...arena.copy(source, 2)]).toEqual([4, 5]);
    expect([...arena.copy(source)]).toEqual([4, 5, 6, 7]);
    expect(arena.copy(source, 0).length).toBe(0);
  });
});
