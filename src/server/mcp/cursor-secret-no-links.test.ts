// The cursor secret on a file system without hard links (some network and removable ones):
// the link that publishes it fails with EPERM, and the secret is written in place instead.
import type * as fs from "node:fs";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CURSOR_SECRET_FILE, cursorSecret } from "./cursor-secret.js";

vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof fs>();
  return {
    ...actual,
    linkSync: () => {
      throw Object.assign(new Error("EPERM: operation not permitted, link"), { code: "EPERM" });
    },
  };
});

const dir = mkdtempSync(join(tmpdir(), "svc-cursor-no-links-"));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("cursorSecret without hard links", () => {
  it("writes the secret in place and keeps it in the data directory", () => {
    const made = cursorSecret(undefined, dir);
    expect(made.source).toBe("data directory");
    expect(readFileSync(join(dir, CURSOR_SECRET_FILE), "utf8").trim()).toBe(made.secret);
    expect(readdirSync(dir)).toEqual([CURSOR_SECRET_FILE]);
    expect(cursorSecret(undefined, dir).secret).toBe(made.secret);
  });
});
