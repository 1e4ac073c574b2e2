// openapi.json states the spec's facts: version, server, security, every path and method,
// content types, headers, errors and limits. (Redocly's lint: openapi-lint.test.ts.)
import { describe, expect, it } from "vitest";
import { dereference, resolveResponse } from "../../test/support/openapi-contract.js";
import { SvcError } from "../errors.js";
import { componentSchemas } from "./json-schema.js";
import { openApiDocument } from "./openapi.js";

const BASE = "https://svc.test";
const options = { baseUrl: BASE, serviceName: "SVC" };
const doc = openApiDocument(options);
const deprecated = openApiDocument({
  ...options,
  deprecation: {
    deprecatedAt: "2026-12-01T00:00:00Z",
    sunsetAt: "2027-03-01T00:00:00Z",
    link: `${BASE}/developers/`,
  },
});

// The document is plain JSON walked by the tests: its shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = Record<string, any>;
const paths = doc.paths as Node;
const response = (path: string, method: string, status: number) =>
  resolveResponse(doc, { path, method, status }) as Node;
const byName = (parameters: unknown): Node =>
  Object.fromEntries(
    (parameters as Node[]).map((parameter) => [String(parameter.name), parameter]),
  );

describe("openapi.json states the spec's facts", () => {
  it("is OpenAPI 3.1.0, description version 2026-10-15, one server, no security", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect((doc.info as Node).version).toBe("2026-10-15");
    expect(doc.servers).toEqual([{ url: BASE }]);
    expect(doc.security).toEqual([]);
    expect(doc.components).not.toHaveProperty("securitySchemes");
  });

  it("drops a trailing slash of the base URL", () => {
    const trailing = openApiDocument({ ...options, baseUrl: `${BASE}/` });
    expect(trailing.servers).toEqual([{ url: BASE }]);
  });

  it("has every path and method of the spec, and the files we add", () => {
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item as Node).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        "GET /editions/latest.json",
        "GET /n/{topic}/index.json",
        "GET /stories/{date}/{slug}/index.json",
        "GET /stories/{date}/{slug}/index.md",
        "GET /roundups/index.json",
        "GET /ask",
        "POST /ask",
        "GET /editions/feed.json",
        "GET /editions/feed.xml",
        "GET /editions/atom.xml",
        "GET /.well-known/reuse.json",
        "GET /mcp",
        "POST /mcp",
        "GET /openapi.json",
        "GET /llms.txt",
        "GET /.well-known/mcp/server-card.json",
        "GET /.well-known/mcp/catalog.json",
        "GET /mcp/server-card",
        "GET /healthz",
        "GET /readyz",
      ].sort(),
    );
  });

  it("gives every operation a unique operationId, a tag, a summary and a description", () => {
    const operations = Object.values(paths).flatMap((item: Node) => Object.values(item) as Node[]);
    const ids = operations.map((operation: Node) => operation.operationId as string);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set((doc.tags as Node[]).map((tag) => tag.name as string));
    for (const operation of operations) {
      expect(operation.summary, operation.operationId).toBeTruthy();
      expect(operation.description, operation.operationId).toBeTruthy();
      expect(tags.has(operation.tags[0]), operation.operationId).toBe(true);
    }
  });

  it("serves each success with its exact content type and schema", () => {
    const expected: Array<[string, string, string[], string | undefined]> = [
      ["/editions/latest.json", "get", ["application/json"], "LatestStories"],
      ["/n/{topic}/index.json", "get", ["application/json"], "StoryList"],
      ["/stories/{date}/{slug}/index.json", "get", ["application/json"], "Story"],
      ["/stories/{date}/{slug}/index.md", "get", ["text/markdown"], undefined],
      ["/roundups/index.json", "get", ["application/json"], "Roundups"],
      ["/editions/feed.json", "get", ["application/feed+json"], "JsonFeed"],
      ["/editions/feed.xml", "get", ["application/rss+xml"], undefined],
      ["/editions/atom.xml", "get", ["application/atom+xml"], undefined],
      ["/.well-known/reuse.json", "get", ["application/json"], "ReuseTerms"],
      ["/openapi.json", "get", ["application/json"], undefined],
      ["/llms.txt", "get", ["text/plain"], undefined],
      [
        "/.well-known/mcp/server-card.json",
        "get",
        ["application/mcp-server-card+json"],
        "ServerCard",
      ],
      ["/mcp/server-card", "get", ["application/mcp-server-card+json"], "ServerCard"],
      ["/.well-known/mcp/catalog.json", "get", ["application/json"], "McpCatalog"],
      ["/ask", "post", ["application/json", "text/event-stream"], "AskAnswer"],
      ["/mcp", "get", ["application/json"], "McpConnectionInfo"],
      ["/mcp", "post", ["application/json", "text/event-stream"], "JsonRpcMessage"],
      ["/healthz", "get", ["application/json"], "Health"],
      ["/readyz", "get", ["application/json"], "Health"],
    ];
    for (const [path, method, types, schema] of expected) {
      const ok = (paths[path] as Node)[method].responses["200"] as Node;
      expect(Object.keys(ok.content), `${method} ${path}`).toEqual(types);
      if (schema !== undefined) {
        expect(ok.content[types[0] as string].schema).toEqual({
          $ref: `#/components/schemas/${schema}`,
        });
      }
    }
    const askGet = response("/ask", "get", 200);
    expect(Object.keys(askGet.content)).toEqual(["application/json", "text/event-stream"]);
    expect(paths["/ask"].get.responses["200"].content["application/json"].schema).toEqual({
      anyOf: [
        { $ref: "#/components/schemas/AskAnswer" },
        { $ref: "#/components/schemas/AskExplanation" },
      ],
    });
    expect(response("/readyz", "get", 503).content["application/json"].schema.required).toEqual([
      "status",
    ]);
  });

  it("describes the path parameters with the spec's patterns and formats", () => {
    const parameters = (path: string) =>
      byName((dereference(doc).paths as Node)[path].get.parameters);
    expect(parameters("/n/{topic}/index.json").topic).toMatchObject({
      in: "path",
      required: true,
      schema: { type: "string", pattern: "^[a-z0-9-]+$" },
    });
    const story = parameters("/stories/{date}/{slug}/index.md");
    expect(story.date).toMatchObject({ in: "path", schema: { type: "string", format: "date" } });
    expect(story.slug).toMatchObject({
      in: "path",
      schema: { type: "string", pattern: "^[a-z0-9-]{3,80}$" },
    });
  });

  it("describes /ask: GET parameters with their bounds, POST with an AskRequest body", () => {
    const resolved = dereference(doc).paths as Node;
    const get = byName(resolved["/ask"].get.parameters);
    expect(Object.keys(get)).toEqual(["query", "q", "stream", "topic", "days", "limit"]);
    expect(get.query.schema).toMatchObject({ type: "string", minLength: 1, maxLength: 500 });
    expect(get.q.schema).toEqual(get.query.schema);
    expect(get.stream.schema).toEqual({ type: "boolean", default: false });
    expect(get.topic.schema).toMatchObject({ pattern: "^[a-z0-9-]+$" });
    expect(get.days.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 30, default: 7 });
    expect(get.limit.schema).toMatchObject({ minimum: 1, maximum: 20, default: 5 });
    const post = paths["/ask"].post as Node;
    expect(post.requestBody.required).toBe(true);
    expect(post.requestBody.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/AskRequest",
    });
  });

  it("lists the 400 codes of /ask, and 413 and 415 for POST bodies", () => {
    const codes = (method: string): string[] =>
      (dereference(doc).paths as Node)["/ask"][method].responses["400"].content["application/json"]
        .schema.properties.error.enum as string[];
    const all = [
      "empty_question",
      "question_too_long",
      "invalid_days",
      "invalid_limit",
      "unknown_topic",
      "invalid_json",
      "invalid_body",
      "invalid_stream",
    ];
    expect(codes("get")).toEqual(all);
    expect(codes("post")).toEqual(all);
    const getExamples = Object.keys(
      paths["/ask"].get.responses["400"].content["application/json"].examples,
    );
    expect(getExamples).not.toContain("invalid_json");
    for (const path of ["/ask", "/mcp"]) {
      expect(response(path, "post", 413).content["application/json"]).toBeDefined();
      expect(response(path, "post", 415).content["application/json"]).toBeDefined();
    }
  });

  it("answers 404 on every file endpoint as JSON (not_found), Markdown or HTML", () => {
    const files = Object.keys(paths).filter(
      (path) => !["/ask", "/mcp", "/healthz", "/readyz"].includes(path),
    );
    expect(files).toHaveLength(14);
    for (const path of files) {
      const notFound = response(path, "get", 404);
      expect(Object.keys(notFound.content), path).toEqual([
        "application/json",
        "text/markdown",
        "text/html",
      ]);
      const body = notFound.content["application/json"].schema;
      expect(body.properties.error).toEqual({ type: "string", const: "not_found" });
      expect(body.required).toEqual(["error", "message", "next_step"]);
    }
  });

  it("answers 429 with retry_after and Retry-After on /ask and /mcp", () => {
    for (const [path, method] of [
      ["/ask", "get"],
      ["/ask", "post"],
      ["/mcp", "post"],
    ] as const) {
      const refused = response(path, method, 429);
      expect(refused.headers["Retry-After"]).toMatchObject({
        required: true,
        schema: { type: "integer" },
      });
      expect(refused.headers).toHaveProperty("RateLimit-Policy");
      const body = refused.content["application/json"].schema;
      expect(body.required).toEqual(["error", "message", "retry_after"]);
    }
  });

  it("puts the rate-limit headers (draft-11 syntax) on /ask replies", () => {
    for (const status of [200, 400, 429]) {
      const headers = response("/ask", "get", status).headers;
      expect(headers["RateLimit-Policy"].example).toBe('"default";q=60;w=60');
      expect(headers.RateLimit.example).toMatch(/^"default";r=\d+;t=\d+$/);
    }
  });

  it("puts SVC-API-Version on JSON replies and caching headers on static files", () => {
    const latest = response("/editions/latest.json", "get", 200).headers;
    expect(Object.keys(latest)).toEqual([
      "SVC-API-Version",
      "ETag",
      "Last-Modified",
      "Cache-Control",
    ]);
    expect(latest["SVC-API-Version"].schema).toEqual({ type: "string", const: "1" });
    const markdown = response("/stories/{date}/{slug}/index.md", "get", 200).headers;
    expect(Object.keys(markdown)).toEqual(["ETag", "Last-Modified", "Cache-Control"]);
    expect(response("/ask", "post", 200).headers).toHaveProperty("SVC-API-Version");
    expect(response("/editions/latest.json", "get", 304).content).toBeUndefined();
  });

  it("announces Deprecation and Sunset only when configured", () => {
    expect(Object.keys((doc.components as Node).headers as Node)).not.toContain("Deprecation");
    expect(JSON.stringify(doc.paths).includes("deprecated")).toBe(false);
    const headers = (deprecated.components as Node).headers as Node;
    expect(headers.Deprecation.example).toBe("@1796083200");
    expect(headers.Sunset.example).toBe("Mon, 01 Mar 2027 00:00:00 GMT");
    expect(headers.Link.example).toBe(`<${BASE}/developers/>; rel="deprecation"`);
    const latest = resolveResponse(deprecated, {
      path: "/editions/latest.json",
      method: "get",
      status: 404,
    }) as Node;
    expect(Object.keys(latest.headers)).toContain("Sunset");
    const operation = (deprecated.paths as Node)["/ask"].post as Node;
    expect(operation.deprecated).toBe(true);
    expect(Object.keys(operation.responses["200"].headers)).toContain("Deprecation");
    expect((deprecated.paths as Node)["/healthz"].get.deprecated).toBeUndefined();
  });

  it("takes every body schema from the zod schemas, unchanged", () => {
    expect((doc.components as Node).schemas).toEqual(componentSchemas());
  });

  it("has no $ref that points nowhere", () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const pointer = (JSON.parse(`{${ref}}`) as { $ref: string }).$ref;
      const target = pointer
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (node as Node | undefined)?.[key.replace(/~1/g, "/")], doc);
      expect(target, pointer).toBeDefined();
    }
  });

  it("is the same for the same options, byte for byte", () => {
    expect(JSON.stringify(openApiDocument(options))).toBe(JSON.stringify(doc));
  });

  it("refuses bad options, naming each", () => {
    let error: unknown;
    try {
      openApiDocument({ baseUrl: "ftp://x", serviceName: " " });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SvcError);
    expect((error as SvcError).message).toContain("baseUrl: expected an absolute http(s) URL");
    expect((error as SvcError).message).toContain("serviceName:");
  });
});
