import { describe, expect, it } from "vitest";
import { escapeRegExp } from "./escape-regexp.js";

describe("escapeRegExp", () => {
  it("makes a pattern match the text literally, whatever its characters", () => {
    for (const text of ["O’Rourke", "a.b*c+d?", "(x)[y]{z}", "^$|\\", "e-invoice", "C++"]) {
      const pattern = new RegExp(`^${escapeRegExp(text)}$`, "u");
      expect(pattern.test(text)).toBe(true);
      expect(pattern.test(`${text}!`)).toBe(false);
    }
    expect(new RegExp(escapeRegExp("a.c"), "u").test("abc")).toBe(false);
  });
});
