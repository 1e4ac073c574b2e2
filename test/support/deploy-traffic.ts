// A steady stream of proxied requests through nginx (GET and POST /ask, an MCP tool call,
// /healthz), for the test that kills a replica in the middle of it. Each request comes from
// its own loopback address (127.0.N.M), so the per-IP rate limit never refuses one: any
// answer but 200 is a request the setup lost.
import { get } from "./http-client.js";

export interface StreamOptions {
  port: number;
  /** Requests in all. */
  total: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** A word the published stories contain. */
  question: string;
  /** Called after each answer with how many have been answered. */
  onAnswer?: (answered: number) => void;
}

export interface StreamResult {
  /** Requests answered with 200. */
  ok: number;
  /** Every other outcome: `GET /ask: 502`, `POST /ask: ECONNRESET`. */
  failures: string[];
}

function addressOf(index: number): string {
  return `127.0.${2 + Math.floor(index / 250)}.${1 + (index % 250)}`;
}

function requestOf(index: number, question: string) {
  const json = { "Content-Type": "application/json" };
  switch (index % 4) {
    case 0:
      return { label: "GET /ask", path: `/ask?query=${encodeURIComponent(question)}` };
    case 1:
      return {
        label: "POST /ask",
        path: "/ask",
        method: "POST",
        headers: json,
        body: JSON.stringify({ query: question }),
      };
    case 2:
      return {
        label: "POST /mcp tools/call",
        path: "/mcp",
        method: "POST",
        headers: {
          ...json,
          Accept: "application/json, text/event-stream",
          "MCP-Protocol-Version": "2025-11-25",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: index,
          method: "tools/call",
          params: { name: "svc_ask", arguments: { query: question } },
        }),
      };
    default:
      return { label: "GET /healthz", path: "/healthz" };
  }
}

/** Sends `total` requests, `concurrency` at a time; never throws. */
export async function runRequestStream(options: StreamOptions): Promise<StreamResult> {
  const result: StreamResult = { ok: 0, failures: [] };
  let next = 0;
  let answered = 0;
  const worker = async () => {
    while (next < options.total) {
      const index = next++;
      const { label, path, ...request } = requestOf(index, options.question);
      try {
        const reply = await get(options.port, path, {
          ...request,
          localAddress: addressOf(index),
        });
        if (reply.status === 200) result.ok += 1;
        else
          result.failures.push(`${label}: ${reply.status} ${reply.body.toString().slice(0, 120)}`);
      } catch (error) {
        result.failures.push(`${label}: ${(error as Error).message}`);
      }
      answered += 1;
      options.onAnswer?.(answered);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return result;
}
