// Validation and canonical form of Manifests: what decides stored, duplicate or refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { manifestInput } from "../../test/support/manifests.js";
import { normalizeManifest, sha256Hex } from "./normalize.js";
import { formatProblem } from "./problems.js";
import { isDomainName, isRealInstant } from "./schema.js";

function reasons(input: unknown): string[] {
  const result = normalizeManifest(input);
  return result.ok ? [] : result.problems.map(formatProblem);
}

describe("normalizeManifest", () => {
  it("accepts a valid Manifest and keeps unknown fields", () => {
    const result = normalizeManifest(manifestInput({ section: "metro" }));
    expect(result.ok).toBe(true);
    if (result.ok)
      expect((result.prepared.manifest as Record<string, unknown>).section).toBe("metro");
  });

  it("computes content_sha256 when it is left out, and refuses one that does not match", () => {
    const input = manifestInput();
    delete input.content_sha256;
    const result = normalizeManifest(input);
    expect(result.ok && result.prepared.manifest.content_sha256).toBe(
      sha256Hex(input.text as string),
    );
    expect(reasons(manifestInput({ content_sha256: "0".repeat(64) }))).toEqual([
      `content_sha256: expected the SHA-256 of text (${sha256Hex(input.text as string)}), got "${"0".repeat(64)}"`,
    ]);
  });

  it("gives the same canonical text whatever the key order, so re-sent records are duplicates", () => {
    const base = manifestInput({
      extra: { b: 1, a: [2] },
      publisher: { domain: "news.example", name: "N" },
    });
    const keys = Object.keys(base);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length }),
        (order) => {
          const shuffled = Object.fromEntries(order.map((key) => [key, base[key]]));
          const first = normalizeManifest(base);
          const second = normalizeManifest(shuffled);
          return first.ok && second.ok && first.prepared.json === second.prepared.json;
        },
      ),
    );
  });

  it("orders known fields as the schema does, then extra fields sorted", () => {
    const result = normalizeManifest({ zeta: 1, ...manifestInput(), alpha: 2 });
    expect(result.ok && Object.keys(JSON.parse(result.prepared.json))).toEqual([
      "id",
      "url",
      "publisher",
      "title",
      "text",
      "published_at",
      "captured_at",
      "topic",
      "tags",
      "language",
      "content_sha256",
      "provider",
      "alpha",
      "zeta",
    ]);
  });

  it("names the field, what was expected and what came", () => {
    expect(reasons(manifestInput({ publisher: { name: "X", domain: "http://x" } }))).toEqual([
      'publisher.domain: expected a domain name such as example.org, got "http://x"',
    ]);
    expect(reasons(manifestInput({ id: undefined }))[0]).toBe(
      "id: expected the Manifest id (a string), got nothing (the field is missing)",
    );
    expect(reasons(manifestInput({ tags: ["ok", 5] }))[0]).toBe(
      "tags[1]: expected a tag (a string), got number 5",
    );
    expect(reasons(42)).toEqual(["expected a JSON object (a Manifest), got number 42"]);
    expect(reasons([1])).toEqual(["expected a JSON object (a Manifest), got an array of 1 items"]);
  });

  it("refuses source URLs without a real host", () => {
    for (const url of ["http://x", "https:///a", "http://localhost/a", "mailto:a@b.example"]) {
      expect(reasons(manifestInput({ url })), url).toEqual([
        `url: expected an absolute http(s) URL of the original source, got "${url}"`,
      ]);
    }
    for (const url of ["http://127.0.0.1/a", "https://[::1]/x", "https://bücher.example/ä?q=1#f"]) {
      expect(reasons(manifestInput({ url })), url).toEqual([]);
    }
  });

  it("lists every problem of a record, not just the first", () => {
    expect(
      reasons(
        manifestInput({ url: "ftp://x.example/a", language: "english!", topic: "Bad Topic" }),
      ),
    ).toHaveLength(3);
  });

  it("refuses unpaired surrogates with the path of the string, and accepts paired ones", () => {
    expect(reasons(manifestInput({ title: "broken \ud800 title" }))).toEqual([
      "title: expected well-formed Unicode text, got an unpaired UTF-16 surrogate (\\uD800-\\uDFFF)",
    ]);
    expect(reasons(manifestInput({ extra: { deep: ["\udfff"] } }))[0]).toMatch(
      /^extra\.deep\[0\]: /,
    );
    expect(reasons(manifestInput({ title: "emoji 😀 and a literal \\ud800 escape" }))).toEqual([]);
  });
});

describe("field rules", () => {
  it("knows real instants from impossible ones", () => {
    for (const good of [
      "2026-11-21T09:30:00Z",
      "2028-02-29T00:00:00+05:30",
      "2026-11-21T09:30:00.123456Z",
      "2026-12-31T23:59:59-12:00",
    ]) {
      expect(isRealInstant(good), good).toBe(true);
    }
    for (const bad of [
      "2026-02-29T00:00:00Z",
      "2026-04-31T00:00:00Z",
      "2026-11-21T24:00:00Z",
      "2026-11-21",
      "2026-11-21T09:30:00",
      "yesterday",
      "2026-13-01T00:00:00Z",
      "2026-11-21T09:60:00Z",
    ]) {
      expect(isRealInstant(bad), bad).toBe(false);
    }
  });

  it("knows domain names, including international ones", () => {
    for (const good of ["example.org", "news.example", "bücher.example", "a-b.c-d.example"])
      expect(isDomainName(good), good).toBe(true);
    for (const bad of [
      "http://x",
      "localhost",
      "x.example/path",
      "-bad.example",
      "a..b",
      "exa mple.org",
      "",
    ]) {
      expect(isDomainName(bad), bad).toBe(false);
    }
  });
});
