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
import type { AskErrorCode } from "../../api/error-codes.js";

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

/** What went wrong in a tool call, as `error` of its JSON (docs/mcp.md, "Errors"). */
export type ToolErrorCode =
  | AskErrorCode
  | "invalid_arguments"
  | "invalid_cursor"
  | "invalid_story_address"
  | "not_found"
  | "no_edition";

/**
 * A tool error a model can act on: `isError` with the JSON text `{error, message, next_step}`,
 * the shape of the HTTP API's Error body and, for the same faults, `/ask`'s codes. No
 * `structuredContent`: SDK clients of 2025-06-18 and later check an error's
 * structuredContent against the tool's outputSchema and would throw instead of showing it.
 */
export function toolError(code: ToolErrorCode, message: string, nextStep: string): CallToolResult {
  const body = { error: code, message, next_step: nextStep };
  return { content: [{ type: "text", text: JSON.stringify(body) }], isError: true };
}

function isToolError(value: unknown): value is CallToolResult {
  return typeof value === "object" && value !== null && (value as CallToolResult).isError === true;
}

/** "`limit`: Too big: expected number to be <=50; `query`: …" */
function issuesText(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const path = issue.path.length === 0 ? "arguments" : `\`${issue.path.join(".")}\``;
      return `${path}: ${issue.message}`;
    })
    .join("; ");
}

/**
 * A tool's arguments: the JSON Schema the tool lists (from `schema`), and the check. The SDK
 * is handed a schema that lets every value through, because it reports a failed check as
 * plain text ("Input validation error: …"); `handle` checks with `schema` itself and answers
 * a failure as a tool error of our shape (code `invalid_arguments`), or passes the raw
 * arguments to a checker of the tool's own (`svc_ask` checks them as /ask does).
 */
export function toolArguments<T extends z.ZodType, A = z.output<T>>(
  schema: T,
  nextStep: string,
  check?: (raw: unknown) => A | CallToolResult,
) {
  const listed = cachedSchema(schema);
  const lenient: StandardSchemaWithJSON<z.input<T>, z.output<T>> = {
    "~standard": {
      ...listed["~standard"],
      validate: (value: unknown) => ({ value: value as z.output<T> }),
    },
  };
  const parse = (raw: unknown): A | CallToolResult => {
    if (check !== undefined) return check(raw);
    const result = schema.safeParse(raw ?? {});
    return result.success
      ? (result.data as A)
      : toolError(
          "invalid_arguments",
          `Invalid arguments: ${issuesText(result.error.issues)}.`,
          nextStep,
        );
  };
  return {
    schema: lenient,
    handle:
      <R>(run: (args: A) => R | Promise<R>) =>
      async (raw: unknown): Promise<R | CallToolResult> => {
        const args = parse(raw);
        return isToolError(args) ? args : await run(args);
      },
  };
}
