// The MCP server card must satisfy the draft's own JSON Schema (a copy in test/fixtures/), not
// only our zod mirror of it, and carry what a client needs to connect to /mcp.
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { ServerCardSchema } from "../api/mcp-server-card.js";
import { SvcError } from "../errors.js";
import { defaultServerName, mcpCatalog, serverCard, serverCardText } from "./server-card.js";

const draftSchema = JSON.parse(
  readFileSync(new URL("../../test/fixtures/mcp-server-card.schema.json", import.meta.url), "utf8"),
) as Record<string, unknown>;

function draftValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile({ ...draftSchema, $ref: "#/$defs/ServerCard" });
}

const options = { baseUrl: "https://news.example.org/", serviceName: "SVC", version: "0.1.0" };

describe("serverCard", () => {
  it("passes the draft extension's JSON Schema", () => {
    const validate = draftValidator();
    const cards = [
      serverCard(options),
      serverCard({ ...options, repositoryUrl: "https://github.com/example/svc" }),
      serverCard({ ...options, baseUrl: "http://localhost:8080", serviceName: "My News!" }),
      serverCard({ ...options, baseUrl: "http://127.0.0.1:8080" }),
    ];
    for (const card of cards) expect(validate(card), JSON.stringify(validate.errors)).toBe(true);
  });

  it("says how to connect: Streamable HTTP at /mcp, both protocol versions", () => {
    expect(serverCard(options)).toEqual({
      $schema: "https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json",
      name: "org.example.news/svc",
      version: "0.1.0",
      description:
        "News stories for software agents; every claim cites its sources. Read-only tools.",
      title: "SVC",
      websiteUrl: "https://news.example.org",
      remotes: [
        {
          type: "streamable-http",
          url: "https://news.example.org/mcp",
          supportedProtocolVersions: [
            "2024-11-05",
            "2025-03-26",
            "2025-06-18",
            "2025-11-25",
            "2026-07-28",
          ],
        },
      ],
    });
  });

  it("names the server in reverse-DNS form with one slash", () => {
    expect(defaultServerName("https://news.example.org", "SVC")).toBe("org.example.news/svc");
    expect(defaultServerName("http://localhost:8080", "My News!")).toBe("localhost/my-news");
    expect(defaultServerName("http://[::1]:8080", "svc")).toBe("--1/svc");
    expect(serverCard({ ...options, name: "org.example/news" }).name).toBe("org.example/news");
  });

  it("takes package.json's version by default and fits a long service name in the title", () => {
    const card = serverCard({ baseUrl: options.baseUrl, serviceName: "N".repeat(150) });
    expect(card.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(card.title).toHaveLength(100);
    expect(draftValidator()(card)).toBe(true);
  });

  it("refuses bad options, naming each", () => {
    let error: unknown;
    try {
      serverCard({ ...options, baseUrl: "mailto:x", name: "no-slash", description: "" });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SvcError);
    const message = (error as SvcError).message;
    for (const field of ["baseUrl", "name", "description"]) expect(message).toContain(`${field}:`);
  });

  it("is the same bytes for the same options", () => {
    expect(serverCardText(serverCard(options))).toBe(serverCardText(serverCard(options)));
    expect(serverCardText(serverCard(options)).endsWith("}\n")).toBe(true);
  });
});

describe("mcpCatalog", () => {
  it("lists this server's card at <MCP endpoint>/server-card, named urn:air:{host}:{name}", () => {
    const baseUrl = "https://news.example.org";
    const card = serverCard({ baseUrl, serviceName: "SVC" });
    expect(mcpCatalog(card, baseUrl, "SVC")).toEqual({
      specVersion: "draft",
      entries: [
        {
          identifier: "urn:air:news.example.org:svc",
          displayName: "SVC",
          type: "application/mcp-server-card+json",
          url: "https://news.example.org/mcp/server-card",
        },
      ],
    });
    const local = serverCard({ baseUrl: "http://127.0.0.1:8080", serviceName: "SVC" });
    expect(mcpCatalog(local, "http://127.0.0.1:8080", "SVC").entries[0]?.identifier).toBe(
      "urn:air:127.0.0.1:svc",
    );
  });
});

describe("ServerCardSchema (zod) agrees with the draft's JSON Schema", () => {
  const base = serverCard(options);
  const examples: Array<[string, unknown]> = [
    ["ours", base],
    ["minimal", { $schema: base.$schema, name: "a.b/c", version: "1", description: "x" }],
    ["bad name", { ...base, name: "no slash here" }],
    ["two slashes", { ...base, name: "a/b/c" }],
    ["long description", { ...base, description: "x".repeat(101) }],
    ["missing version", { ...base, version: undefined }],
    ["other schema version", { ...base, $schema: base.$schema.replace("/v1/", "/v2/") }],
    ["bad remote type", { ...base, remotes: [{ type: "stdio", url: "https://x.example/mcp" }] }],
    ["relative remote url", { ...base, remotes: [{ type: "streamable-http", url: "/mcp" }] }],
  ];
  for (const [name, example] of examples) {
    it(name, () => {
      const value = JSON.parse(JSON.stringify(example)) as unknown;
      expect(ServerCardSchema.safeParse(value).success).toBe(draftValidator()(value));
    });
  }
});
