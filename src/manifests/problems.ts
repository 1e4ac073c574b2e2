// Precise, human-readable reasons why a record is not a valid Manifest:
// `publisher.domain: expected a domain name such as example.org, got "http://x"`.
import type { z } from "zod";

export interface Problem {
  /** Dotted field path (`publisher.domain`, `tags[2]`), or "" for the record as a whole. */
  path: string;
  /** What was expected. */
  message: string;
  /** A short rendering of what came instead, when there was a value. */
  got?: string;
}

const MAX_SHOWN = 80;

/** Renders a value briefly: strings quoted and cut, objects by kind, absent as "nothing". */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing (the field is missing)";
  if (value === null) return "null";
  if (typeof value === "string") {
    const shown = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value;
    return `${JSON.stringify(shown)}${value.length > MAX_SHOWN ? ` (${value.length} characters)` : ""}`;
  }
  if (Array.isArray(value)) return `an array of ${value.length} items`;
  if (typeof value === "object") return "an object";
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return `${typeof value} ${value}`;
  }
  return typeof value;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** One Problem per zod issue, with the offending value read back from the input. */
export function problemsFromZod(error: z.ZodError, input: unknown): Problem[] {
  return error.issues.map((issue) => {
    const value = valueAt(input, issue.path);
    return { path: formatPath(issue.path), message: issue.message, got: describeValue(value) };
  });
}

/** `publisher.domain: expected …, got "x"`; the path is left out for whole-record problems. */
export function formatProblem(problem: Problem): string {
  const where = problem.path === "" ? "" : `${problem.path}: `;
  const got = problem.got === undefined ? "" : `, got ${problem.got}`;
  return `${where}${problem.message}${got}`;
}
