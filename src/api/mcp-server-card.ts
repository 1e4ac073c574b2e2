// ServerCard: the MCP server card, as the draft extension defines it
// (modelcontextprotocol/experimental-ext-server-card, SEP-2127, `v1` schema; a copy of its JSON
// Schema is in test/fixtures/mcp-server-card.schema.json and the test checks both agree).
import { z } from "zod";
import { Uri } from "./common.js";

export const SERVER_CARD_SCHEMA_URL =
  "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";
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
