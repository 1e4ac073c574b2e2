// openapi.json: the OpenAPI 3.1.0 description of the whole public API (spec, "What the service
// does"). Pure: the same options give the same document. Body schemas come only from the zod
// schemas (componentSchemas); this module adds paths, parameters, headers and prose.
import { z } from "zod";
import { API_DESCRIPTION_VERSION, API_VERSION, DateTime, RATE_LIMIT_POLICY } from "./common.js";
import { componentSchemas } from "./json-schema.js";
import {
  HEADERS,
  type OpenApiObject,
  PARAMETERS,
  ref,
  sharedResponses,
} from "./openapi-components.js";
import { askPaths } from "./openapi-paths-ask.js";
import { staticFilePaths } from "./openapi-paths-files.js";
import { servicePaths } from "./openapi-paths-service.js";
import { BaseUrlOption, parseOptions } from "./parse-options.js";

const OpenApiOptionsSchema = z.object({
  /** Public base address; every server URL and example starts with it. */
  baseUrl: BaseUrlOption,
  /** The service's name, as in the reuse credit line. */
  serviceName: z.string().trim().min(1).max(200),
  /** The developer page, linked as `externalDocs`. */
  developerPageUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** When set, every reply announces the deprecation of this API version (RFC 9745, 8594). */
  deprecation: z
    .object({
      deprecatedAt: DateTime,
      sunsetAt: DateTime.optional(),
      /** Where the deprecation is explained (`Link: <…>; rel="deprecation"`). */
      link: z.url().optional(),
    })
    .optional(),
});

export type OpenApiOptions = z.input<typeof OpenApiOptionsSchema>;
type ValidOptions = z.output<typeof OpenApiOptionsSchema>;

const TAGS = [
  ["Stories", "Story files of the latest edition, of each topic, and the story archive."],
  ["Feeds", "The same stories as JSON Feed, RSS and Atom, newest first."],
  ["Ask", "Questions in plain language, answered with facts copied word for word."],
  ["MCP", "The same stories for MCP clients (Streamable HTTP, read-only tools)."],
  ["Reuse", "The conditions for reusing stories."],
  ["Discovery", "Files that describe the service: this document, llms.txt, the MCP server card."],
  ["Operations", "Health checks for load balancers and orchestrators."],
] as const;

function describeService(options: ValidOptions): string {
  const { quota, windowSeconds } = RATE_LIMIT_POLICY;
  return [
    `${options.serviceName} publishes news stories for software agents. Every claim in a story cites one or more Manifest ids; a Manifest is a provenance record that links to its original source.`,
    "",
    "- **Schedule**: stories are rebuilt every 12 hours, at 00:00 and 12:00 UTC, from the Manifests of the preceding 24 hours.",
    "- **Reads only**: no writes, accounts or keys. Send no credentials; every endpoint is public (`security: []`).",
    "- **Files** (`.json`, `.md`, feeds) are static: they carry `ETag`, `Last-Modified` and `Cache-Control`, answer `If-None-Match` with 304, support HEAD, and are open to cross-origin reads. A missing file is 404 as JSON, Markdown or HTML, chosen by `Accept`.",
    `- **Rate limit**: ${quota} calls per ${windowSeconds} seconds per IP address for /ask and MCP tool calls together (files are not counted). Replies carry \`RateLimit-Policy\` and \`RateLimit\`; a refused call is 429 with \`Retry-After\`.`,
    "- **Reuse** is allowed, including commercial use: show the credit line of /.well-known/reuse.json, link to the story and keep the cited Manifest ids.",
    `- **Versions**: the API version is ${API_VERSION} (header \`SVC-API-Version\` on every JSON reply, \`_meta.api_version\` in /ask replies). Breaking changes ship as a new version, announced at least 90 days ahead with \`Deprecation\` and \`Sunset\` headers. This description has its own version, \`${API_DESCRIPTION_VERSION}\`.`,
  ].join("\n");
}

/** The deprecation headers, with the configured values as examples. */
function deprecationHeaders(deprecation: NonNullable<ValidOptions["deprecation"]>) {
  const seconds = Math.floor(Date.parse(deprecation.deprecatedAt) / 1000);
  const headers: Record<string, OpenApiObject> = {
    Deprecation: {
      description: "This API version is deprecated since this moment (RFC 9745, an sf-date).",
      schema: { type: "string" },
      example: `@${seconds}`,
    },
  };
  if (deprecation.sunsetAt !== undefined) {
    headers.Sunset = {
      description: "This API version stops working at this time (RFC 8594, an HTTP-date).",
      schema: { type: "string" },
      example: new Date(deprecation.sunsetAt).toUTCString(),
    };
  }
  if (deprecation.link !== undefined) {
    headers.Link = {
      description: "Where the deprecation and its replacement are explained.",
      schema: { type: "string" },
      example: `<${deprecation.link}>; rel="deprecation"`,
    };
  }
  return headers;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function operationsOf(item: OpenApiObject): OpenApiObject[] {
  return METHODS.flatMap((method) =>
    item[method] === undefined ? [] : [item[method] as OpenApiObject],
  );
}

/** Paths grouped in the order of their tags (stable within a tag), for readers of the file. */
function orderByTag(paths: Record<string, OpenApiObject>): Record<string, OpenApiObject> {
  const rank = (item: OpenApiObject) => {
    const tag = (operationsOf(item)[0]?.tags as string[] | undefined)?.[0];
    return TAGS.findIndex(([name]) => name === tag);
  };
  return Object.fromEntries(Object.entries(paths).sort(([, a], [, b]) => rank(a) - rank(b)));
}

/** Adds the deprecation headers to every response and marks API operations deprecated. */
function announceDeprecation(
  paths: Record<string, OpenApiObject>,
  responses: Record<string, OpenApiObject>,
  names: string[],
): void {
  const addHeaders = (response: OpenApiObject) => {
    if ("$ref" in response) return;
    const headers = (response.headers ?? {}) as OpenApiObject;
    for (const name of names) headers[name] = ref("headers", name);
    response.headers = headers;
  };
  for (const response of Object.values(responses)) addHeaders(response);
  for (const item of Object.values(paths)) {
    for (const operation of operationsOf(item)) {
      if (!(operation.tags as string[]).includes("Operations")) operation.deprecated = true;
      for (const response of Object.values(operation.responses as OpenApiObject)) {
        addHeaders(response as OpenApiObject);
      }
    }
  }
}

/**
 * The OpenAPI 3.1.0 document published at `/openapi.json`. Throws an SvcError naming every
 * invalid option.
 */
export function openApiDocument(options: OpenApiOptions): Record<string, unknown> {
  const valid = parseOptions(OpenApiOptionsSchema, options, "openApiDocument");
  const { baseUrl } = valid;
  const paths = orderByTag({
    ...staticFilePaths(),
    ...askPaths(baseUrl),
    ...servicePaths(baseUrl),
  });
  const responses = sharedResponses(baseUrl);
  const headers = { ...HEADERS };
  if (valid.deprecation !== undefined) {
    const extra = deprecationHeaders(valid.deprecation);
    Object.assign(headers, extra);
    announceDeprecation(paths, responses, Object.keys(extra));
  }
  // A copy, so that no caller can change the shared parameter and header objects.
  return structuredClone({
    openapi: "3.1.0",
    info: {
      title: `${valid.serviceName} API`,
      summary: "News stories for software agents; every claim cites its sources.",
      description: describeService(valid),
      version: API_DESCRIPTION_VERSION,
      license: {
        name: "Reuse terms: reuse allowed with credit, a link and the cited Manifest ids",
        url: `${baseUrl}/.well-known/reuse.json`,
      },
    },
    ...(valid.developerPageUrl === undefined
      ? {}
      : { externalDocs: { description: "Developer page", url: valid.developerPageUrl } }),
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: baseUrl }],
    security: [],
    tags: TAGS.map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: componentSchemas(),
      parameters: PARAMETERS,
      headers,
      responses,
    },
  });
}
