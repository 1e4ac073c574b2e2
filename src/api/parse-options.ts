// Validates the options of a document builder (openapi.json, the MCP server card) before
// anything is rendered, and says what is wrong with every bad option at once.
import { z } from "zod";
import { SvcError } from "../errors.js";
import { formatPath } from "../manifests/problems.js";

/** The public base address: absolute http(s), no query or fragment; a trailing `/` is dropped. */
export const BaseUrlOption = z
  .url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" })
  .refine((value) => !/[?#]/.test(value), { error: "expected no query or fragment" })
  .transform((value) => value.replace(/\/+$/, ""));

/** Parses `options` with `schema`; throws one SvcError listing every problem with its path. */
export function parseOptions<T extends z.ZodType>(
  schema: T,
  options: unknown,
  context: string,
): z.output<T> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${formatPath(issue.path) || "(options)"}: ${issue.message}`,
  );
  throw new SvcError(
    "invalid_argument",
    `${context}: invalid options: ${problems.join("; ")}`,
    "Fix the options listed; see docs/api.md.",
  );
}
