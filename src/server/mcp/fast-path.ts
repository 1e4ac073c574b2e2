// The fast path of /mcp: a tools/call that qualifies (fast-tool-call.ts) is answered by the
// long-lived server of its era (shared-server.ts), or from the serialised result kept for the
// edition being served (reply-cache.ts); anything the shared server does not answer with a
// result is left to the SDK's per-request handler (the caller's fallback).
import type { McpServer } from "@modelcontextprotocol/server";
import { type FastCall, fastReply, type FastReply } from "./fast-tool-call.js";
import { replyCache, TREE_ONLY_TOOLS } from "./reply-cache.js";
import { sharedServers } from "./shared-server.js";
import type { ToolContext } from "./tool-context.js";

export interface FastPath {
  /** The reply to `call`, or undefined when the SDK's handler must answer it. */
  answer(call: FastCall): Promise<FastReply | undefined>;
  close(): Promise<void>;
}

export function fastPath(
  context: ToolContext,
  factory: () => McpServer,
  onerror: (error: Error) => void,
): FastPath {
  const servers = sharedServers(factory, onerror);
  const cache = replyCache(context.deps.tree);
  return {
    async answer(call) {
      const tree = TREE_ONLY_TOOLS.has(call.tool) ? context.deps.tree() : undefined;
      const key = `${call.era} ${call.tool} ${call.argumentsJson}`;
      const kept = tree === undefined ? undefined : cache.get(tree, key);
      if (kept !== undefined) return fastReply(call, kept);
      const answer = await servers.exchange(call.era, call.message);
      if (answer === undefined) return undefined;
      const json = JSON.stringify(answer.result);
      // Tool errors are not kept: they are cheap, and "no edition yet" must not outlive it.
      if (tree !== undefined && answer.result.isError !== true) cache.set(tree, key, json);
      return fastReply(call, json);
    },
    close: () => servers.close(),
  };
}
