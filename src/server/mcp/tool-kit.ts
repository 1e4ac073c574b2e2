// What every MCP tool shares: read-only annotations, results that carry the same JSON as
// structuredContent and as text, tool errors as results with `isError: true` (MCP
// "Tools" → "Error Handling"), and zod schemas whose JSON Schema is computed once per process
// rather than once per request (the SDK builds a server for every request).
// https://modelcontextprotocol.io/specification/2025-11-25/server/tools
import type {
  CallToolResult,
  StandardSchemaWithJSON,
  ToolAnnotations,
} from "@modelcontextprotocol/server";
import type { z } from "zod";

/** Every tool only reads published stories: same answer for the same edition, no outside world. */
export const READ_ONLY: ToolAnnotations = Object.freeze({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});

/**
 * A JSON Schema without its `$schema` line. MCP 2025-11-25 reads a schema without one as
 * 2020-12 (what zod writes), so nothing changes for current clients; clients of 2025-06-18
 * (SDK 1.17's Ajv, draft-07) cannot compile a schema that names 2020-12 and then skip
 * checking our outputs.
 */
function withoutDialect(json: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = json;
  return rest;
}

/**
 * `schema` as a Standard Schema whose JSON Schema is converted on first use and then reused:
 * validation stays zod's, so one schema is still the one source of truth. With
 * `rememberValid`, an object that passed once passes again without a check (for outputs that
 * are immutable objects, such as the catalog's stories).
 */
export function cachedSchema<T extends z.ZodType>(
  schema: T,
  options: { rememberValid?: boolean } = {},
): StandardSchemaWithJSON<z.input<T>, z.output<T>> {
  const standard = schema["~standard"];
  // An output object the catalog hands out again and again (a whole story) is checked once.
  const valid = options.rememberValid === true ? new WeakSet<object>() : undefined;
  const validate = (value: unknown) => {
    if (valid !== undefined && typeof value === "object" && value !== null && valid.has(value)) {
      return { value: value as z.output<T> };
    }
    const result = standard.validate(value);
    if (valid !== undefined && !(result instanceof Promise) && result.issues === undefined) {
      valid.add(value as object);
    }
    return result;
  };
  const converted = new Map<string, Record<string, unknown>>();
  const convert =
    (io: "input" | "output") =>
    (options: { readonly target: string }): Record<string, unknown> => {
      const key = `${io} ${options.target}`;
      let json = converted.get(key);
      if (json === undefined) {
        json = withoutDialect(standard.jsonSchema[io](options));
        converted.set(key, json);
      }
      return json;
    };
  return {
    "~standard": {
      version: 1,
      vendor: "zod",
      validate,
      jsonSchema: { input: convert("input"), output: convert("output") },
    },
  };
}

/** A successful result: the value as structuredContent and, for older clients, as JSON text. */
export function toolResult(value: Record<string, unknown>, text?: string): CallToolResult {
  return {
    content: [{ type: "text", text: text ?? JSON.stringify(value) }],
    structuredContent: value,
  };
}

/** A tool error a model can act on: what went wrong and what to do next. */
export function toolError(message: string, nextStep?: string): CallToolResult {
  const body = nextStep === undefined ? { message } : { message, next_step: nextStep };
  return { content: [{ type: "text", text: JSON.stringify(body) }], isError: true };
}
