// The published JSON Schemas come from the same zod schemas the code validates with: they
// must compile under a JSON Schema 2020-12 validator no one here wrote, and agree with zod.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { manifest } from "../../test/support/manifests.js";
import { componentSchemas, RESOURCE_SCHEMAS } from "./json-schema.js";

const schemas = componentSchemas();

function validatorFor(name: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const document = { $id: "https://svc.test/components", components: { schemas } };
  ajv.addSchema(document);
  return ajv.getSchema(`https://svc.test/components#/components/schemas/${name}`);
}

const summary = {
  slug: "harbour-bridge-shut",
  url: "https://svc.example/stories/2026-11-21/harbour-bridge-shut/",
  json: "https://svc.example/stories/2026-11-21/harbour-bridge-shut/index.json",
  markdown: "https://svc.example/stories/2026-11-21/harbour-bridge-shut/index.md",
  headline: "Harbour Bridge shut after cracks found",
  dek: "Engineers closed the bridge on Friday.",
  beat: null,
  published_at: "2026-11-21T12:00:00Z",
  trust: "corroborated",
  source_count: 3,
  cited_manifest_ids: ["m-1", "m-2"],
  extra_field: "allowed",
};

const VALID: Record<string, unknown> = {
  Manifest: manifest(),
  StorySummary: summary,
  StoryList: {
    stories: [summary],
    id: "world",
    title: null,
    generated_at: "2026-11-21T12:00:00Z",
    story_count: 1,
  },
  LatestStories: {
    stories: [summary],
    generated_at: "2026-11-21T12:00:00Z",
    published_last_24h: [summary],
    newsrooms: [
      {
        id: "world",
        title: "World",
        url: "https://svc.example/n/world/",
        json: "https://svc.example/n/world/index.json",
        description: "World news.",
      },
    ],
    feeds: { json: "https://svc.example/editions/feed.json" },
  },
  Story: {
    ...summary,
    sections: [
      {
        heading: "What we know",
        paragraphs: [{ text: "Engineers closed the bridge.", manifest_ids: ["m-1"] }],
      },
    ],
    key_facts: [{ text: "Engineers closed the bridge.", manifest_ids: ["m-1", "m-2"] }],
    unresolved: ["Source A says 10 days; source B says 14 days."],
    manifests: [manifest()],
    reuse: {
      attribution: "Credit: SVC with Example Provenance",
      license_url: "https://svc.example/license",
    },
  },
  ReuseTerms: {
    version: "1",
    summary: "Reuse allowed.",
    machine_url: "https://svc.example/.well-known/reuse.json",
  },
  AskRequest: {
    query: "what happened to the bridge?",
    prefer: { streaming: false },
    topic: "world",
    days: 7,
    limit: 5,
  },
  AskAnswer: {
    _meta: {
      response_type: "answer",
      version: "0.54",
      protocol: "nlweb",
      uses_llm: false,
      api_version: "1",
    },
    query: "bridge",
    results: [
      {
        "@type": "Fact",
        url: summary.url,
        name: summary.headline,
        description: "Engineers closed the bridge.",
        datePublished: "2026-11-21T12:00:00Z",
        manifest_ids: ["m-1"],
      },
    ],
    no_match: false,
  },
  Error: {
    error: "not_found",
    message: "No such file.",
    next_step: "See /llms.txt.",
    retry_after: 3,
  },
  AskError: { error: "empty_question", message: "The question is empty." },
  NotFoundError: {
    error: "not_found",
    message: "No file at /n/nope/index.json.",
    next_step: "See /editions/latest.json.",
  },
  RateLimitedError: { error: "rate_limited", message: "Too many calls.", retry_after: 12 },
  AskExplanation: {
    _meta: { response_type: "explanation", api_version: "1", uses_llm: false },
    message: "Ask a question in plain language.",
    usage: [{ method: "GET", example: "https://svc.example/ask?query=bridge" }],
    parameters: { query: "The question, 1 to 500 characters." },
  },
  Roundups: {
    generated_at: "2026-11-21T12:00:00.000Z",
    edition: "2026-11-21T12:00:00.000Z",
    roundups: [
      {
        id: "transport",
        title: "Transport",
        beat: "transport",
        story_count: 1,
        topics: ["world"],
        stories: [
          {
            slug: summary.slug,
            url: summary.url,
            json: summary.json,
            headline: summary.headline,
            topic: "world",
            published_at: summary.published_at,
          },
        ],
      },
    ],
  },
  JsonFeed: {
    version: "https://jsonfeed.org/version/1.1",
    title: "SVC",
    items: [{ id: summary.url, url: summary.url, content_text: "Engineers closed the bridge." }],
  },
  McpConnectionInfo: {
    message: "POST JSON-RPC messages to the endpoint.",
    endpoint: "https://svc.example/mcp",
    transport: "streamable-http",
    protocol_versions: ["2025-11-25", "2026-07-28"],
    tools: [{ name: "svc_ask", description: "Ask first." }],
  },
  JsonRpcMessage: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
  ServerCard: {
    $schema: "https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json",
    name: "example.svc/svc",
    version: "0.1.0",
    description: "News stories for agents.",
    remotes: [{ type: "streamable-http", url: "https://svc.example/mcp" }],
  },
  McpCatalog: {
    specVersion: "draft",
    entries: [
      {
        identifier: "urn:air:svc.example:svc",
        displayName: "SVC",
        type: "application/mcp-server-card+json",
        url: "https://svc.example/mcp/server-card",
      },
    ],
  },
  Health: { status: "ok" },
};

const INVALID: Record<string, unknown[]> = {
  Manifest: [
    { ...manifest(), url: "not a url" },
    { ...manifest(), published_at: "2026-02-30T10:00:00Z" },
    { ...manifest(), id: undefined },
  ],
  StorySummary: [
    { ...summary, url: "relative/path" },
    { ...summary, slug: undefined },
    { ...summary, source_count: 1.5 },
  ],
  StoryList: [{ stories: "none" }, {}],
  LatestStories: [{ stories: [] }, { stories: [], generated_at: "yesterday" }],
  Story: [{ ...summary }, { ...summary, sections: [], cited_manifest_ids: [1] }],
  ReuseTerms: [{ license_url: "nope" }],
  AskRequest: [
    { query: "" },
    { query: "x".repeat(501) },
    { query: "q", days: 31 },
    { query: "q", limit: 0 },
    { query: "q", topic: "Bad Topic" },
  ],
  AskAnswer: [
    { _meta: { response_type: "answer" }, query: "q", results: [] },
    { query: "q", results: [] },
  ],
  Error: [{ error: "x" }, { message: "x" }, { error: "x", message: "y", retry_after: -1 }],
  AskError: [{ error: "not_found", message: "x" }],
  NotFoundError: [
    { error: "empty_question", message: "x", next_step: "y" },
    { error: "not_found", message: "x" },
  ],
  RateLimitedError: [{ error: "rate_limited", message: "x" }],
  AskExplanation: [
    { message: "x", usage: [] },
    { _meta: { response_type: "answer", api_version: "1" }, message: "x", usage: [] },
  ],
  Roundups: [
    { generated_at: "2026-11-21T12:00:00Z", roundups: [] },
    { generated_at: "2026-11-21T12:00:00Z", edition: "e", roundups: [{ id: "x" }] },
  ],
  JsonFeed: [
    { version: "https://jsonfeed.org/version/1", title: "x", items: [] },
    { version: "https://jsonfeed.org/version/1.1", title: "x", items: [{}] },
  ],
  McpConnectionInfo: [{ message: "x", endpoint: "/mcp", transport: "streamable-http" }],
  JsonRpcMessage: [{ jsonrpc: "1.0", method: "x" }, { method: "x" }],
  ServerCard: [
    {
      $schema: "https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json",
      name: "no-slash",
      version: "1",
      description: "x",
    },
    {
      $schema: "https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json",
      name: "a.b/c",
      version: "1",
      description: "x".repeat(101),
    },
  ],
  McpCatalog: [
    { entries: [] },
    {
      specVersion: "draft",
      entries: [{ identifier: "svc", displayName: "SVC", type: "application/json", url: "x" }],
    },
  ],
  Health: [{}, { status: 1 }],
};

describe("resource schemas", () => {
  it("publish a JSON Schema component for every resource of the spec", () => {
    for (const name of Object.keys(RESOURCE_SCHEMAS)) expect(schemas[name], name).toBeDefined();
  });

  it("accept additional properties on every object, as the spec says", () => {
    for (const name of Object.keys(RESOURCE_SCHEMAS)) {
      expect(schemas[name]?.additionalProperties, name).toEqual({});
    }
  });

  for (const [name, schema] of Object.entries(RESOURCE_SCHEMAS)) {
    it(`${name}: Ajv (2020-12) and zod accept a valid example`, () => {
      const validate = validatorFor(name);
      expect(validate?.(VALID[name]), JSON.stringify(validate?.errors)).toBe(true);
      expect(schema.safeParse(VALID[name]).success).toBe(true);
    });

    it(`${name}: Ajv and zod both refuse invalid examples`, () => {
      const validate = validatorFor(name);
      for (const bad of INVALID[name] ?? []) {
        expect(validate?.(bad), `ajv accepted ${JSON.stringify(bad).slice(0, 120)}`).toBe(false);
        expect(
          schema.safeParse(bad).success,
          `zod accepted ${JSON.stringify(bad).slice(0, 120)}`,
        ).toBe(false);
      }
    });
  }

  it("describes the bounds of AskRequest exactly as the spec", () => {
    const ask = schemas.AskRequest as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(ask.required).toEqual(["query"]);
    expect(ask.properties.query).toMatchObject({ minLength: 1, maxLength: 500 });
    expect(ask.properties.days).toMatchObject({ minimum: 1, maximum: 30, default: 7 });
    expect(ask.properties.limit).toMatchObject({ minimum: 1, maximum: 20, default: 5 });
  });
});
