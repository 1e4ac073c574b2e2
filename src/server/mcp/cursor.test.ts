import { describe, expect, it } from "vitest";
import { cursorCodec } from "./cursor.js";

const position = {
  updatedMs: Date.parse("2026-11-21T12:00:00Z"),
  key: "2026-11-21/council-budget",
};

describe("svc_since cursors", () => {
  it("read back on any replica of the same deployment", () => {
    const cursor = cursorCodec("https://svc.test", "s3cret").encode(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(cursorCodec("https://svc.test", "s3cret").decode(cursor)).toEqual(position);
  });

  it("are refused when edited, truncated or made by another deployment", () => {
    const codec = cursorCodec("https://svc.test");
    const cursor = codec.encode(position);
    const [payload = "", tag = ""] = cursor.split(".");
    const json = Buffer.from(payload, "base64url").toString().replace("council", "counc1l");
    const edited = `${Buffer.from(json).toString("base64url")}.${tag}`;
    for (const bad of [edited, cursor.slice(0, -1), "", "x.y", `${payload}.${tag}x`]) {
      expect(codec.decode(bad), bad).toHaveProperty("problem");
    }
    expect(cursorCodec("https://other.test").decode(cursor)).toEqual({
      problem: "the cursor was changed or comes from another deployment",
    });
  });
});
