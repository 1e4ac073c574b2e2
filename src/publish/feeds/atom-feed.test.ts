// The Atom feed: valid against RFC 4287's own RELAX NG schema (Appendix B, converted by trang,
// checked by xmllint), and carrying what the service promises (links, dates, categories).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAtomFeed } from "feedsmith";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  editionInput,
  emptyEditionInput,
  hostileEdition,
} from "../../../test/fixtures/feeds/feed-fixtures.js";
import { describeWithTools, externalTool } from "../../../test/support/external-tools.js";
import { renderAtomFeed } from "./atom-feed.js";

const FIXTURES = new URL("../../../test/fixtures/", import.meta.url);

const trang = externalTool("trang", "/usr/bin/trang", { installHint: "trang" });
const xmllint = externalTool("xmllint", "/usr/bin/xmllint", { installHint: "libxml2-utils" });

describeWithTools([trang, xmllint], "Atom feed against the RFC 4287 RELAX NG schema", () => {
  let dir = "";
  let rng = "";

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "svc-atom-rng-"));
    rng = join(dir, "atom.rng");
    const rnc = fileURLToPath(new URL("atom.rnc", FIXTURES));
    const run = spawnSync(trang.path, ["-I", "rnc", "-O", "rng", rnc, rng], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`trang could not convert atom.rnc: ${run.stderr}`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function validate(xml: string) {
    const args = ["--noout", "--relaxng", rng, "-"];
    const run = spawnSync(xmllint.path, args, { input: xml, encoding: "utf8" });
    return { valid: run.status === 0, report: run.stderr };
  }

  it.each([
    ["an edition", editionInput],
    ["an edition without stories", emptyEditionInput],
    ["hostile text", () => hostileEdition().input],
  ])("is valid for %s", (_name, input) => {
    const result = validate(renderAtomFeed(input()));
    expect(result.report).toBe("- validates\n");
    expect(result.valid).toBe(true);
  });

  it("rejects an Atom document that breaks the schema (the check can fail)", () => {
    const valid = renderAtomFeed(editionInput());
    const noEntryId = valid.replace(/<id>https:\/\/svc\.example\/stories\/[^<]*<\/id>/, "");
    expect(noEntryId).not.toBe(valid);
    expect(validate(noEntryId).valid).toBe(false);
    const badDate = valid.replace(/<updated>[^<]*<\/updated>/, "<updated>yesterday</updated>");
    expect(validate(badDate)).toMatchObject({
      valid: false,
      report: expect.stringMatching(/updated/),
    });
  });

  it("rejects XML that is not well formed, such as a control character", () => {
    const valid = renderAtomFeed(editionInput());
    const broken = valid.replace("Harbour Bridge", "Harbour\u0001Bridge");
    expect(validate(broken).valid).toBe(false);
  });
});

describe("renderAtomFeed", () => {
  it("has the feed's id, title, self link, author and the edition's cut as updated", () => {
    const feed = parseAtomFeed(renderAtomFeed(editionInput()));
    expect(feed.id).toBe("https://svc.example/editions/atom.xml");
    expect(feed.title).toEqual({ value: "SVC", type: "text" });
    expect(feed.updated).toBe("2026-11-21T12:00:00.000Z");
    expect(feed.authors).toEqual([{ name: "SVC", uri: "https://svc.example" }]);
    expect(feed.links).toEqual([
      { href: "https://svc.example/editions/atom.xml", rel: "self", type: "application/atom+xml" },
      { href: "https://svc.example", rel: "alternate" },
      {
        href: "https://svc.example/editions/feed.json",
        rel: "alternate",
        type: "application/feed+json",
      },
      {
        href: "https://svc.example/editions/feed.xml",
        rel: "alternate",
        type: "application/rss+xml",
      },
    ]);
  });

  it("links each entry to the story page, its JSON and its Markdown, in story order", () => {
    const feed = parseAtomFeed(renderAtomFeed(editionInput()));
    expect(feed.entries?.map((entry) => entry.id)).toEqual(
      editionInput().stories.map((story) => story.url),
    );
    const page = "https://svc.example/stories/2026-11-21/harbour-bridge-shut/";
    expect(feed.entries?.[0]).toEqual({
      id: page,
      title: { value: "Harbour Bridge shut after cracks found", type: "text" },
      summary: { value: "Engineers closed the bridge on Friday.", type: "text" },
      published: "2026-11-21T09:30:00.000Z",
      updated: "2026-11-21T11:45:00.000Z",
      links: [
        { href: page, rel: "alternate" },
        { href: `${page}index.json`, rel: "alternate", type: "application/json" },
        { href: `${page}index.md`, rel: "alternate", type: "text/markdown" },
      ],
      categories: [
        { term: "cities", scheme: "https://svc.example/n/" },
        { term: "infrastructure", scheme: "https://svc.example/roundups/" },
      ],
    });
  });

  it("uses published_at as updated when a story has no updated_at", () => {
    const entry = parseAtomFeed(renderAtomFeed(editionInput())).entries?.[1];
    expect(entry?.updated).toBe("2026-11-21T08:15:00.000Z");
    expect(entry?.published).toBe("2026-11-21T08:15:00.000Z");
    expect(entry?.summary).toBeUndefined();
  });

  it("writes the same bytes for the same input", () => {
    const input = editionInput();
    expect(renderAtomFeed(structuredClone(input))).toBe(renderAtomFeed(input));
  });
});
