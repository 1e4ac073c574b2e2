// The MCP server card, published at `/.well-known/mcp/server-card.json` (spec rule 9) and at
// `/mcp/server-card` (where the draft extension recommends it). Format: the `v1` Server Card
// of modelcontextprotocol/experimental-ext-server-card (SEP-2127). The draft lists no tools in
// a card: clients list them at run time (tools/list).
import { isIP } from "node:net";
import { z } from "zod";
import { MCP_PROTOCOL_VERSIONS } from "../api/mcp-http.js";
import {
  MCP_CATALOG_SPEC_VERSION,
  type McpCatalog,
  McpCatalogSchema,
  SERVER_CARD_MEDIA_TYPE,
  SERVER_CARD_NAME_PATTERN,
  SERVER_CARD_SCHEMA_URL,
  type ServerCard,
  ServerCardSchema,
} from "../api/mcp-server-card.js";
import { BaseUrlOption, parseOptions } from "../api/parse-options.js";
import { packageVersion } from "../config/package-root.js";

/** Where the card is published, relative to the base URL. */
export const SERVER_CARD_PATHS = ["/.well-known/mcp/server-card.json", "/mcp/server-card"] as const;

const DEFAULT_DESCRIPTION =
  "News stories for software agents; every claim cites its sources. Read-only tools.";
const TITLE_MAX = 100;

const ServerCardOptionsSchema = z.object({
  baseUrl: BaseUrlOption,
  /** The service's name: the card's title, and the part after `/` of the default name. */
  serviceName: z.string().trim().min(1),
  /** The server's version, as `serverInfo.version` of the MCP server; package.json's by default. */
  version: z.string().min(1).max(255).optional(),
  /** Reverse-DNS name with one `/`; by default the base URL's host reversed + the service name. */
  name: z.string().min(3).max(200).regex(SERVER_CARD_NAME_PATTERN).optional(),
  description: z.string().min(1).max(100).optional(),
  websiteUrl: z.url({ protocol: /^https?$/ }).optional(),
  repositoryUrl: z.url({ protocol: /^https?$/ }).optional(),
});

export type ServerCardOptions = z.input<typeof ServerCardOptionsSchema>;

/** `news.example.org` + `SVC` → `org.example.news/svc`. */
export function defaultServerName(baseUrl: string, serviceName: string): string {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, "");
  const namespace =
    isIP(host) !== 0 ? host.replace(/:/g, "-") : host.split(".").reverse().join(".");
  const local = serviceName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${namespace}/${local || "mcp"}`;
}

function repositorySource(url: string): string {
  const host = new URL(url).hostname;
  return host === "github.com" ? "github" : host === "gitlab.com" ? "gitlab" : host;
}

/** The server card; throws an SvcError naming every invalid option. */
export function serverCard(options: ServerCardOptions): ServerCard {
  const valid = parseOptions(ServerCardOptionsSchema, options, "serverCard");
  const title =
    valid.serviceName.length > TITLE_MAX
      ? `${valid.serviceName.slice(0, TITLE_MAX - 1)}…`
      : valid.serviceName;
  const card: ServerCard = {
    $schema: SERVER_CARD_SCHEMA_URL,
    name: valid.name ?? defaultServerName(valid.baseUrl, valid.serviceName),
    version: valid.version ?? packageVersion(),
    description: valid.description ?? DEFAULT_DESCRIPTION,
    title,
    websiteUrl: valid.websiteUrl ?? valid.baseUrl,
    ...(valid.repositoryUrl === undefined
      ? {}
      : {
          repository: { url: valid.repositoryUrl, source: repositorySource(valid.repositoryUrl) },
        }),
    remotes: [
      {
        type: "streamable-http",
        url: `${valid.baseUrl}/mcp`,
        supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS],
      },
    ],
  };
  // The defaults are built from options; a bad combination must fail here, not at a client.
  return ServerCardSchema.parse(card);
}

/**
 * The domain's MCP catalog: this server's card at `<MCP endpoint>/server-card`, named
 * `urn:air:{host}:{the card name's part after /}` (docs/discovery.md of the draft).
 */
export function mcpCatalog(card: ServerCard, baseUrl: string, displayName: string): McpCatalog {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, "").replace(/:/g, "-");
  const local = card.name.slice(card.name.indexOf("/") + 1);
  return McpCatalogSchema.parse({
    specVersion: MCP_CATALOG_SPEC_VERSION,
    entries: [
      {
        identifier: `urn:air:${host}:${local}`,
        displayName: card.title ?? displayName,
        type: SERVER_CARD_MEDIA_TYPE,
        url: `${baseUrl}/mcp/server-card`,
      },
    ],
  });
}

/** The card as published: the same card always gives the same bytes. */
export function serverCardText(card: ServerCard): string {
  return `${JSON.stringify(card, null, 2)}\n`;
}
