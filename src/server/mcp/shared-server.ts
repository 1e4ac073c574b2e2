// One long-lived SDK server per protocol era that answers many requests at once, instead of a
// server built per request. The SDK's own stdio entry (`serveStdio`) pins one instance per
// connection and serves every later request on it, for either era; we give it a transport of
// ours that carries many HTTP requests as one connection. Each request's JSON-RPC id is
// replaced by one of ours on the way in (clients that all send id 1 never collide) and given
// back on the way out. The SDK keeps doing what it does per request: the era's request and
// result validation, the tool's argument and output checks, the result's shape.
import {
  isJSONRPCErrorResponse,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type McpServer,
  type Transport,
  type TransportSendOptions,
} from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

export type Era = "modern" | "legacy";

/**
 * What the shared server answered: the JSON-RPC result (its `id` the caller's again), or
 * `undefined` when the exchange did anything else (an error, a notification on the way, the
 * connection closed): the caller then answers the request on the SDK's per-request path.
 */
export type SharedAnswer = { result: Record<string, unknown> } | undefined;

interface Pending {
  settle: (answer: SharedAnswer) => void;
  /** Something other than the result went out for this request (then the result is not used). */
  diverted: boolean;
}

/** A Transport whose one connection carries many HTTP requests, told apart by our ids. */
class MultiplexedWire implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];
  closed = false;
  #lastId = 0;
  readonly #pending = new Map<number, Pending>();

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      const pending = typeof message.id === "number" ? this.#pending.get(message.id) : undefined;
      if (pending === undefined) return;
      this.#pending.delete(message.id as number);
      const useful = !pending.diverted && isJSONRPCResultResponse(message);
      pending.settle(useful ? { result: message.result } : undefined);
      return;
    }
    // A notification or request tied to a call (progress, logging): the SDK's HTTP path would
    // stream it before the result, which this path does not do, so the call goes there instead.
    const related = options?.relatedRequestId;
    const pending = typeof related === "number" ? this.#pending.get(related) : undefined;
    if (pending !== undefined) pending.diverted = true;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const pending of this.#pending.values()) pending.settle(undefined);
    this.#pending.clear();
    this.onclose?.();
  }

  /** Delivers `request` under an id of ours; resolves with what came back for it. */
  exchange(request: JSONRPCRequest): Promise<SharedAnswer> {
    if (this.closed || this.onmessage === undefined) return Promise.resolve(undefined);
    this.#lastId += 1;
    const id = this.#lastId;
    return new Promise((settle) => {
      this.#pending.set(id, { settle, diverted: false });
      this.onmessage?.({ ...request, id });
    });
  }
}

export interface SharedServers {
  /** Answers `request` (a request of `era`) on that era's long-lived server. */
  exchange(era: Era, request: JSONRPCRequest): Promise<SharedAnswer>;
  close(): Promise<void>;
}

/**
 * Long-lived servers from `factory`, one per era, made on first use and made again if the SDK
 * ever closes one. Only requests that the SDK's HTTP entry would hand, unchanged, to a fresh
 * server of that era may be sent here (fast-tool-call.ts decides which).
 */
export function sharedServers(
  factory: () => McpServer,
  onerror: (error: Error) => void,
): SharedServers {
  const connections = new Map<Era, { wire: MultiplexedWire; close: () => Promise<void> }>();
  const connect = (era: Era) => {
    let connection = connections.get(era);
    if (connection === undefined || connection.wire.closed) {
      const wire = new MultiplexedWire();
      // The opening message decides the era of the connection's one instance: the first
      // request sent here is of `era`, and so is every later one.
      const handle = serveStdio(factory, { transport: wire, onerror });
      connection = { wire, close: () => handle.close() };
      connections.set(era, connection);
    }
    return connection.wire;
  };
  return {
    exchange: (era, request) => connect(era).exchange(request),
    close: async () => {
      const closing = [...connections.values()].map((connection) => connection.close());
      connections.clear();
      await Promise.all(closing);
    },
  };
}
