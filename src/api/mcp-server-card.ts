// ServerCard and McpCatalog: the MCP server card and the domain's catalog of cards, as the
// draft extension defines them (modelcontextprotocol/experimental-ext-server-card, SEP-2127:
// the `v2` card schema and docs/discovery.md; a copy of the card's JSON Schema is in
// test/fixtures/mcp-server-card.schema.json and the test checks both agree).
import { z } from "zod";
import { Uri } from "./common.js";

export const SERVER_CARD_SCHEMA_URL =
  "https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json";
/** The media type the draft asks servers to serve a card with. */
export const SERVER_CARD_MEDIA_TYPE = "application/mcp-server-card+json";
/** Reverse-DNS namespace, one `/`, server name (the draft's pattern). */
export const SERVER_CARD_NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const REMOTE_URL_PATTERN = /^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/;

export const ServerCardRemoteSchema = z
  .looseObject({
    type: z.enum(["streamable-http", "sse"]),
    url: z.string().regex(REMOTE_URL_PATTERN),
    supportedProtocolVersions: z.array(z.string()).optional(),
  })
  .meta({ id: "ServerCardRemote", description: "Where and how to connect to the server." });

export const ServerCardSchema = z
  .looseObject({
    $schema: z.literal(SERVER_CARD_SCHEMA_URL),
    name: z.string().min(3).max(200).regex(SERVER_CARD_NAME_PATTERN),
    version: z.string().max(255),
    description: z.string().min(1).max(100),
    title: z.string().min(1).max(100).optional(),
    websiteUrl: Uri.optional(),
    repository: z
      .looseObject({
        url: Uri,
        source: z.string(),
        subfolder: z.string().optional(),
        id: z.string().optional(),
      })
      .optional(),
    remotes: z.array(ServerCardRemoteSchema).optional(),
    _meta: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({
    id: "ServerCard",
    description:
      "MCP server card (draft extension): identity and connection details, read before connecting. Tools are listed by the server at run time (tools/list), not here.",
  });

export type ServerCardRemote = z.infer<typeof ServerCardRemoteSchema>;
export type ServerCard = z.infer<typeof ServerCardSchema>;

/** The catalog format's version the draft names ("draft" until it is released). */
export const MCP_CATALOG_SPEC_VERSION = "draft";

export const McpCatalogEntrySchema = z
  .looseObject({
    identifier: z
      .string()
      .regex(/^urn:air:[^:\s]+(?::[^:\s]+)+$/)
      .meta({ description: "urn:air:{publisher domain}:{the card name's part after /}." }),
    displayName: z.string().min(1),
    type: z.literal(SERVER_CARD_MEDIA_TYPE),
    url: Uri.meta({ description: "Where the server card is." }),
  })
  .meta({ id: "McpCatalogEntry", description: "One MCP server of the catalog: its card." });

export const McpCatalogSchema = z
  .looseObject({
    specVersion: z.string().min(1),
    entries: z.array(McpCatalogEntrySchema),
  })
  .meta({
    id: "McpCatalog",
    description:
      "The MCP servers of this domain, each by its server card (`/.well-known/mcp/catalog.json`, draft extension SEP-2127, docs/discovery.md).",
  });

export type McpCatalog = z.infer<typeof McpCatalogSchema>;
