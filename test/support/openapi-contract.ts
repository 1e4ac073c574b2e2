// Contract checks against openapi.json: find the response a request should get (following
// $refs), and validate a body or a component with Ajv's JSON Schema 2020-12 validator, the
// one that handles OpenAPI 3.1 schemas (LIBRARIES.md, "OpenAPI"). Errors come back as
// readable lines, e.g. `GET /ask 200 application/json: /_meta/uses_llm: must be boolean`.
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export type OpenApiDocument = Record<string, unknown>;
type Node = Record<string, unknown>;

export interface ResponseTarget {
  /** A path template of the document (`/n/{topic}/index.json`) or a concrete path. */
  path: string;
  method: string;
  status: number | string;
  /** Parameters such as `; charset=utf-8` are ignored. */
  contentType: string;
}

const validators = new WeakMap<OpenApiDocument, { ajv: Ajv2020; id: string }>();
let documents = 0;

function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

function atPointer(doc: OpenApiDocument, pointer: string): unknown {
  if (!pointer.startsWith("#/")) throw new Error(`only local $refs are supported, got ${pointer}`);
  let node: unknown = doc;
  for (const segment of pointer.slice(2).split("/").map(unescapePointer)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Node)[segment];
  }
  return node;
}

/** Follows `$ref` chains from `pointer`; returns the final object and where it lives. */
function follow(
  doc: OpenApiDocument,
  pointer: string,
): { node: Node; pointer: string } | undefined {
  const seen = new Set<string>();
  let current = pointer;
  for (;;) {
    const node = atPointer(doc, current);
    if (node === null || typeof node !== "object") return undefined;
    const next = (node as Node).$ref;
    if (typeof next !== "string") return { node: node as Node, pointer: current };
    if (seen.has(next)) throw new Error(`circular $ref at ${next}`);
    seen.add(next);
    current = next;
  }
}

/** `node` with every local `$ref` (into `root`) replaced by what it points to. */
function inline(root: OpenApiDocument, node: unknown, active: ReadonlySet<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(root, item, active));
  if (node === null || typeof node !== "object") return node;
  const target = (node as Node).$ref;
  if (typeof target === "string" && target.startsWith("#/")) {
    if (active.has(target)) return node;
    return inline(root, atPointer(root, target), new Set([...active, target]));
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, inline(root, value, active)]),
  );
}

/**
 * A copy of the document with every local `$ref` replaced by what it points to. A schema that
 * refers to itself stays a `$ref` at the point of recursion.
 */
export function dereference(doc: OpenApiDocument): OpenApiDocument {
  return inline(doc, doc, new Set()) as OpenApiDocument;
}

/** The path template of the document that `path` matches (itself when it is a template). */
export function matchPath(doc: OpenApiDocument, path: string): string | undefined {
  const paths = (doc.paths ?? {}) as Node;
  if (path in paths) return path;
  return Object.keys(paths).find((template) => {
    const pattern = template
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
      .join("");
    return new RegExp(`^${pattern}$`).test(path);
  });
}

function label(target: Omit<ResponseTarget, "contentType">, contentType?: string): string {
  const base = `${target.method.toUpperCase()} ${target.path} ${target.status}`;
  return contentType === undefined ? base : `${base} ${contentType}`;
}

/** JSON pointer of the response that `target` describes (after `$ref`s), or an error line. */
function responsePointer(
  doc: OpenApiDocument,
  target: Omit<ResponseTarget, "contentType">,
): { node: Node; pointer: string } | string {
  const template = matchPath(doc, target.path);
  if (template === undefined) return `${label(target)}: no such path in openapi.json`;
  const operationPointer = `#/paths/${escapePointer(template)}/${target.method.toLowerCase()}`;
  const operation = follow(doc, operationPointer);
  if (operation === undefined) return `${label(target)}: no such operation in openapi.json`;
  const responses = (operation.node.responses ?? {}) as Node;
  const status = String(target.status);
  const key = [status, `${status[0]}XX`, "default"].find((candidate) => candidate in responses);
  if (key === undefined) {
    return `${label(target)}: not a documented status (documented: ${Object.keys(responses).join(", ")})`;
  }
  return follow(doc, `${operationPointer}/responses/${escapePointer(key)}`) ?? label(target);
}

/** The response object (headers and content, `$ref`s resolved) `target` should receive. */
export function resolveResponse(
  doc: OpenApiDocument,
  target: Omit<ResponseTarget, "contentType">,
): Node | undefined {
  const found = responsePointer(doc, target);
  return typeof found === "string" ? undefined : (inline(doc, found.node, new Set()) as Node);
}

function validatorFor(doc: OpenApiDocument, pointer: string): ValidateFunction {
  let entry = validators.get(doc);
  if (entry === undefined) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    documents += 1;
    const id = `https://openapi-contract.test/document-${documents}.json`;
    ajv.addSchema({ ...doc, $id: id });
    entry = { ajv, id };
    validators.set(doc, entry);
  }
  const validate = entry.ajv.getSchema(`${entry.id}${pointer}`);
  if (validate === undefined) throw new Error(`no schema at ${pointer}`);
  return validate;
}

function describe(errors: readonly ErrorObject[] | null | undefined, prefix: string): string[] {
  return (errors ?? []).map((error) => {
    const where = error.instancePath === "" ? "(body)" : error.instancePath;
    const details =
      "allowedValues" in error.params
        ? ` (${JSON.stringify(error.params.allowedValues)})`
        : "additionalProperty" in error.params
          ? ` (${String(error.params.additionalProperty)})`
          : "";
    return `${prefix}: ${where}: ${error.message ?? "is not valid"}${details}`;
  });
}

/**
 * Checks a response body against openapi.json: the path, method, status and content type must
 * be documented, and the body must match the schema. Returns every problem; empty means valid.
 */
export function validateBody(
  doc: OpenApiDocument,
  target: ResponseTarget,
  body: unknown,
): string[] {
  const found = responsePointer(doc, target);
  if (typeof found === "string") return [found];
  const contentType = target.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  const content = (found.node.content ?? {}) as Node;
  const where = label(target, contentType);
  if (!(contentType in content)) {
    const documented = Object.keys(content).join(", ") || "no body";
    return [`${where}: content type not documented (documented: ${documented})`];
  }
  const mediaPointer = `${found.pointer}/content/${escapePointer(contentType)}`;
  if ((content[contentType] as Node).schema === undefined) return [];
  const validate = validatorFor(doc, `${mediaPointer}/schema`);
  return validate(body) ? [] : describe(validate.errors, where);
}

/** Checks a value against `components.schemas[name]`. Returns every problem; empty means valid. */
export function validateComponent(doc: OpenApiDocument, name: string, value: unknown): string[] {
  const schemas = ((doc.components as Node | undefined)?.schemas ?? {}) as Node;
  if (!(name in schemas)) return [`${name}: no such component schema in openapi.json`];
  const validate = validatorFor(doc, `#/components/schemas/${escapePointer(name)}`);
  return validate(value) ? [] : describe(validate.errors, name);
}
