// The cursor secret when none is configured: made once per data directory, kept private,
// the same for every later process; configured secrets win; a directory that cannot keep
// one still gives a secret (this process's own).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CURSOR_SECRET_FILE, cursorSecret } from "./cursor-secret.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "svc-cursor-secret-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("cursorSecret", () => {
  it("makes a random secret in the data directory, mode 0600, and reads the same one again", () => {
    const first = cursorSecret(undefined, dir);
    expect(first.source).toBe("data directory");
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    const path = join(dir, CURSOR_SECRET_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8").trim()).toBe(first.secret);
    expect(cursorSecret(undefined, dir).secret).toBe(first.secret);
    const other = mkdtempSync(join(tmpdir(), "svc-cursor-secret-"));
    expect(cursorSecret(undefined, other).secret).not.toBe(first.secret);
    rmSync(other, { recursive: true, force: true });
  });

  it("uses SVC_CURSOR_SECRET when set, and writes nothing", () => {
    expect(cursorSecret("a configured secret!", dir)).toEqual({
      secret: "a configured secret!",
      source: "environment",
    });
    expect(() => statSync(join(dir, CURSOR_SECRET_FILE))).toThrow();
  });

  it("replaces nothing it cannot read as a secret, and falls back to this process's own", () => {
    writeFileSync(join(dir, CURSOR_SECRET_FILE), "not a secret\n");
    const fallback = cursorSecret(undefined, dir);
    expect(fallback.source).toBe("process");
    expect(fallback.problem).toMatch(/cursor-secret could not be written \(EEXIST\)/);
    expect(readFileSync(join(dir, CURSOR_SECRET_FILE), "utf8")).toBe("not a secret\n");
  });

  it("falls back where no file can be made (a data directory that is not one)", () => {
    const notADirectory = join(dir, "plain-file");
    writeFileSync(notADirectory, "");
    const fallback = cursorSecret(undefined, notADirectory);
    expect(fallback.source).toBe("process");
    expect(fallback.problem).toMatch(/could not be written \((?:EEXIST|ENOTDIR)\)/);
    expect(fallback.secret).toMatch(/^[0-9a-f]{64}$/);
  });
});
