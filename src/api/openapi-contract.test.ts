// The contract helper other tests use to check published files and /ask replies against
// openapi.json: it must accept what the document allows, refuse what it does not, and say why.
import { describe, expect, it } from "vitest";
import {
  dereference,
  matchPath,
  resolveResponse,
  validateBody,
  validateComponent,
} from "../../test/support/openapi-contract.js";
import { openApiDocument } from "./openapi.js";

const doc = openApiDocument({ baseUrl: "https://svc.test", serviceName: "SVC" });

const summary = {
  slug: "harbour-bridge-shut",
  url: "https://svc.test/stories/2026-11-21/harbour-bridge-shut/",
  headline: "Harbour Bridge shut after cracks found",
  published_at: "2026-11-21T12:00:00Z",
};
const latest = { stories: [summary], generated_at: "2026-11-21T12:00:00Z" };
const answer = {
  _meta: { response_type: "answer", version: "0.54", uses_llm: false, api_version: "1" },
  query: "bridge",
  results: [
    {
      url: summary.url,
      name: summary.headline,
      description: "Engineers closed the bridge.",
      datePublished: "2026-11-21T12:00:00Z",
      manifest_ids: ["m-1"],
    },
  ],
};
const json = (path: string, status: number, method = "get") => ({
  path,
  method,
  status,
  contentType: "application/json",
});

describe("validateBody", () => {
  it("accepts bodies the document allows", () => {
    expect(validateBody(doc, json("/editions/latest.json", 200), latest)).toEqual([]);
    expect(validateBody(doc, json("/ask", 200), answer)).toEqual([]);
    expect(validateBody(doc, json("/ask", 200, "post"), { ...answer, no_match: false })).toEqual(
      [],
    );
    const explanation = {
      _meta: { response_type: "explanation", api_version: "1" },
      message: "Ask a question.",
      usage: [{ method: "GET", example: "https://svc.test/ask?query=bridge" }],
    };
    expect(validateBody(doc, json("/ask", 200), explanation)).toEqual([]);
  });

  it("matches concrete paths to the document's templates", () => {
    expect(matchPath(doc, "/stories/2026-11-21/harbour-bridge-shut/index.json")).toBe(
      "/stories/{date}/{slug}/index.json",
    );
    expect(matchPath(doc, "/n/world/index.json")).toBe("/n/{topic}/index.json");
    const story = { ...summary, sections: [], cited_manifest_ids: [] };
    expect(
      validateBody(doc, json("/stories/2026-11-21/harbour-bridge-shut/index.json", 200), story),
    ).toEqual([]);
  });

  it("ignores content-type parameters and accepts text bodies as strings", () => {
    const target = {
      ...json("/editions/latest.json", 200),
      contentType: "application/json; charset=utf-8",
    };
    expect(validateBody(doc, target, latest)).toEqual([]);
    const markdown = {
      path: "/stories/2026-11-21/harbour-bridge-shut/index.md",
      method: "GET",
      status: 200,
      contentType: "text/markdown; charset=utf-8",
    };
    expect(validateBody(doc, markdown, "# Harbour Bridge shut\n")).toEqual([]);
    expect(validateBody(doc, markdown, 42)).toEqual([
      "GET /stories/2026-11-21/harbour-bridge-shut/index.md 200 text/markdown: (body): must be string",
    ]);
  });

  it("says where and why a body is refused", () => {
    expect(validateBody(doc, json("/editions/latest.json", 200), { stories: [] })).toEqual([
      "GET /editions/latest.json 200 application/json: (body): must have required property 'generated_at'",
    ]);
    const badAnswer = { ...answer, _meta: { ...answer._meta, uses_llm: "no" } };
    expect(validateBody(doc, json("/ask", 200, "post"), badAnswer)).toEqual([
      "POST /ask 200 application/json: /_meta/uses_llm: must be boolean",
    ]);
    const errors = validateBody(doc, json("/ask", 400), { error: "oops", message: "x" });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("/error: must be equal to one of the allowed values");
    expect(errors[0]).toContain("empty_question");
  });

  it("checks error bodies: 404 not_found, 429 with retry_after", () => {
    const notFound = { error: "not_found", message: "No such file.", next_step: "See /llms.txt." };
    expect(validateBody(doc, json("/n/nope/index.json", 404), notFound)).toEqual([]);
    expect(
      validateBody(doc, json("/n/nope/index.json", 404), { ...notFound, error: "missing" }),
    ).not.toEqual([]);
    const refused = { error: "rate_limited", message: "Too many calls.", retry_after: 30 };
    expect(validateBody(doc, json("/ask", 429, "post"), refused)).toEqual([]);
    expect(validateBody(doc, json("/ask", 429), { error: "rate_limited", message: "x" })).toEqual([
      "GET /ask 429 application/json: (body): must have required property 'retry_after'",
    ]);
  });

  it("refuses what the document does not describe", () => {
    expect(validateBody(doc, json("/nowhere.json", 200), {})).toEqual([
      "GET /nowhere.json 200: no such path in openapi.json",
    ]);
    expect(validateBody(doc, json("/editions/latest.json", 200, "delete"), {})).toEqual([
      "DELETE /editions/latest.json 200: no such operation in openapi.json",
    ]);
    expect(validateBody(doc, json("/editions/latest.json", 500), {})).toEqual([
      "GET /editions/latest.json 500: not a documented status (documented: 200, 304, 404)",
    ]);
    const xml = { ...json("/editions/latest.json", 200), contentType: "application/xml" };
    expect(validateBody(doc, xml, "<x/>")).toEqual([
      "GET /editions/latest.json 200 application/xml: content type not documented (documented: application/json)",
    ]);
  });
});

describe("validateComponent", () => {
  it("validates against a named component schema", () => {
    expect(validateComponent(doc, "StorySummary", summary)).toEqual([]);
    expect(validateComponent(doc, "StorySummary", { ...summary, url: "relative" })).toEqual([
      'StorySummary: /url: must match format "uri"',
    ]);
    expect(validateComponent(doc, "Nope", {})).toEqual([
      "Nope: no such component schema in openapi.json",
    ]);
  });
});

describe("resolveResponse and dereference", () => {
  it("follow $refs to the response, its headers and its schemas", () => {
    const refused = resolveResponse(doc, { path: "/ask", method: "post", status: 429 });
    expect(refused?.headers).toMatchObject({ "Retry-After": { required: true } });
    expect(JSON.stringify(refused)).not.toContain("$ref");
    expect(JSON.stringify(dereference(doc))).not.toContain("$ref");
  });
});
