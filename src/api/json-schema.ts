// JSON Schema (2020-12) for every resource, generated from the zod schemas: the same
// definitions validate at run time and are published in openapi.json components.
import { z } from "zod";
import { ManifestSchema } from "../manifests/schema.js";
import { AskAnswerSchema, AskRequestSchema } from "./ask.js";
import { ErrorBodySchema } from "./error-body.js";
import { ReuseTermsSchema } from "./reuse-terms.js";
import { StorySchema, StorySummarySchema } from "./story.js";
import { LatestStoriesSchema, StoryListSchema } from "./story-lists.js";

/** Every resource schema, by the name it has in the spec and in openapi.json. */
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
} as const;

export type JsonSchema = Record<string, unknown>;

/**
 * All resource schemas as JSON Schema 2020-12 components (input view: defaults are not
 * required), every schema with a meta `id` once, referenced as `#/components/schemas/{id}`.
 */
export function componentSchemas(): Record<string, JsonSchema> {
  const result = z.toJSONSchema(z.globalRegistry, {
    target: "draft-2020-12",
    io: "input",
    uri: (id) => `#/components/schemas/${id}`,
  });
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(result.schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema as JsonSchema;
    out[id] = rest;
  }
  return out;
}
