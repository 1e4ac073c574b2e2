// svc_about: what the service is and how to use it well: schedule, reuse terms and credit
// line, limits, versions and the addresses of the machine-readable descriptions.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { ASK_LIMITS } from "../../api/ask.js";
import { API_DESCRIPTION_VERSION, API_VERSION } from "../../api/common.js";
import { MCP_PROTOCOL_VERSIONS } from "../../api/mcp-http.js";
import { ReuseTermsSchema } from "../../api/reuse-terms.js";
import { TREE_PATHS } from "../../tree/site-links.js";
import { rateLimitText } from "./limits-text.js";
import type { ToolContext } from "./tool-context.js";
import { cachedSchema, READ_ONLY, toolResult } from "./tool-kit.js";

export const AboutToolOutput = z.object({
  name: z.string(),
  description: z.string(),
  schedule: z.object({
    rebuild_times_utc: z.array(z.string()),
    window_hours: z.int(),
    latest_edition: z.string().nullable().describe("Cut time of the edition served now."),
  }),
  reuse: ReuseTermsSchema,
  credit_line: z.string().describe("The exact credit to show when reusing a story."),
  limits: z.object({
    rate_limit: z.string(),
    calls_per_window: z.int().nullable(),
    window_seconds: z.int().nullable(),
    query_max_length: z.int(),
    days: z.object({ min: z.int(), max: z.int(), default: z.int() }),
    limit: z.object({ min: z.int(), max: z.int(), default: z.int() }),
  }),
  versions: z.object({
    api: z.string(),
    api_description: z.string(),
    mcp_protocol_versions: z.array(z.string()),
    server: z.string(),
  }),
  links: z.record(z.string(), z.string()),
});

const output = cachedSchema(AboutToolOutput);

export function registerAboutTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    "svc_about",
    {
      title: "About this service",
      description:
        "Describes the service: what it publishes, when stories are rebuilt, the reuse terms and exact credit line, the limits, versions, and links to the OpenAPI description, feeds and developer page.",
      outputSchema: output,
      annotations: READ_ONLY,
    },
    async () => {
      const catalog = await context.catalog();
      const { links, deps } = context;
      const reuse = catalog?.reuse ?? {};
      const policy = deps.limiter.policy;
      return toolResult({
        name: context.serviceName,
        description:
          "Keyless, read-only news stories for software agents. Every claim in a story cites Manifest ids; each Manifest is a provenance record linking its original source. Facts are copied word for word; no language model writes or answers anything.",
        schedule: {
          rebuild_times_utc: ["00:00", "12:00"],
          window_hours: 24,
          latest_edition: catalog === undefined ? null : new Date(catalog.cutMs).toISOString(),
        },
        reuse,
        credit_line: reuse.attribution ?? context.serviceName,
        limits: {
          rate_limit: rateLimitText(policy),
          calls_per_window: policy?.quota ?? null,
          window_seconds: policy?.windowSeconds ?? null,
          query_max_length: ASK_LIMITS.queryMaxLength,
          days: { ...ASK_LIMITS.days },
          limit: { ...ASK_LIMITS.limit },
        },
        versions: {
          api: API_VERSION,
          api_description: API_DESCRIPTION_VERSION,
          mcp_protocol_versions: [...MCP_PROTOCOL_VERSIONS],
          server: context.serverVersion,
        },
        links: {
          home: links.home,
          developers: links.developers,
          openapi: links.file(TREE_PATHS.openApi),
          latest: links.file(TREE_PATHS.latest),
          ask: links.ask,
          mcp: links.mcp,
          server_card: links.file(TREE_PATHS.serverCard),
          reuse: links.file(TREE_PATHS.reuse),
          llms_txt: links.file(TREE_PATHS.llmsTxt),
          ...links.feeds,
        },
      });
    },
  );
}
