// What /mcp needs from the server: everything /ask has (the fact index, topics, the shared
// call budget) plus the edition being served, whose files the story tools read.
import type { AskDeps } from "../ask/register-ask.js";
import type { LoadedTree } from "../static/load-tree.js";

export interface McpDeps extends AskDeps {
  /** The tree serving now; undefined before the first edition. */
  tree: () => LoadedTree | undefined;
  /** Mixed into the key of svc_since cursors (the same on every replica); none by default. */
  cursorSecret?: string;
  /** The server's version in `serverInfo` (package.json's by default). */
  serverVersion?: string;
  /** The service's name in `serverInfo.title`. */
  serviceName?: string;
  /**
   * Answer the common tools/call on long-lived servers (fast-path.ts). Default true; false
   * sends every request to the SDK's per-request handler (the differential test's reference).
   */
  fastToolCalls?: boolean;
}
