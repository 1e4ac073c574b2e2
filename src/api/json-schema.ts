// JSON Schema (2020-12) for every resource, generated from the zod schemas: the same
// definitions validate at run time and are published in openapi.json components.
import { z } from "zod";
import { ManifestSchema } from "../manifests/schema.js";
import { AskAnswerSchema, AskRequestSchema } from "./ask.js";
import { AskExplanationSchema } from "./ask-explanation.js";
import {
  AskErrorSchema,
  ErrorBodySchema,
  NotFoundErrorSchema,
  RateLimitedErrorSchema,
} from "./error-body.js";
import { HealthSchema } from "./health.js";
import { JsonFeedSchema } from "./json-feed.js";
import { JsonRpcMessageSchema, McpConnectionInfoSchema } from "./mcp-http.js";
import { McpCatalogSchema, ServerCardSchema } from "./mcp-server-card.js";
import { ReuseTermsSchema } from "./reuse-terms.js";
import { RoundupsSchema } from "./roundups.js";
import { StorySchema, StorySummarySchema } from "./story.js";
import { LatestStoriesSchema, StoryListSchema } from "./story-lists.js";

/**
 * Every body schema, by the name it has in openapi.json: the resources of the spec, then the
 * bodies the spec leaves "not shown" that we define (docs/api.md).
 */
export const RESOURCE_SCHEMAS = {
  Manifest: ManifestSchema,
  StorySummary: StorySummarySchema,
  StoryList: StoryListSchema,
  LatestStories: LatestStoriesSchema,
  Story: StorySchema,
  ReuseTerms: ReuseTermsSchema,
  AskRequest: AskRequestSchema,
  AskAnswer: AskAnswerSchema,
  Error: ErrorBodySchema,
  AskError: AskErrorSchema,
  NotFoundError: NotFoundErrorSchema,
  RateLimitedError: RateLimitedErrorSchema,
  AskExplanation: AskExplanationSchema,
  Roundups: RoundupsSchema,
  JsonFeed: JsonFeedSchema,
  McpConnectionInfo: McpConnectionInfoSchema,
  JsonRpcMessage: JsonRpcMessageSchema,
  ServerCard: ServerCardSchema,
  McpCatalog: McpCatalogSchema,
  Health: HealthSchema,
} as const;

export type ResourceName = keyof typeof RESOURCE_SCHEMAS;
export type JsonSchema = Record<string, unknown>;

const COMPONENT_REF = "#/components/schemas/";

/**
 * All resource schemas as JSON Schema 2020-12 components (input view: defaults are not
 * required), every schema with a meta `id` once, referenced as `#/components/schemas/{id}`.
 * Only the resources and what they reference, sorted by name, so that the output does not
 * depend on which other modules happen to be loaded.
 */
export function componentSchemas(): Record<string, JsonSchema> {
  const result = z.toJSONSchema(z.globalRegistry, {
    target: "draft-2020-12",
    io: "input",
    uri: (id) => `${COMPONENT_REF}${id}`,
  });
  const all: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(result.schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema as JsonSchema;
    all[id] = rest;
  }
  const wanted = new Set<string>();
  const visit = (name: string) => {
    if (wanted.has(name)) return;
    const schema = all[name];
    if (schema === undefined) throw new Error(`component schema ${name} is not registered`);
    wanted.add(name);
    for (const ref of referencedComponents(schema)) visit(ref);
  };
  for (const name of Object.keys(RESOURCE_SCHEMAS)) visit(name);
  return Object.fromEntries([...wanted].sort().map((name) => [name, all[name] as JsonSchema]));
}

function referencedComponents(schema: unknown): string[] {
  const refs: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string" && value.startsWith(COMPONENT_REF)) {
          refs.push(value.slice(COMPONENT_REF.length));
        } else walk(value);
      }
    }
  };
  walk(schema);
  return refs;
}

/** One field's JSON Schema (e.g. a parameter), with no `$schema` keyword. */
export function fieldJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
  }) as JsonSchema;
  return rest;
}
