// Sends one request to nginx and the same request to a replica directly, and lists what a
// client would notice differs: status, the decoded body, the headers that matter. ETag values
// differ by design (nginx: mtime and size; svc: a hash), so only their presence and what they
// do (304) are compared; Cache-Control by its directives (nginx sends max-age and public as
// two fields), max-age within a few seconds.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { get, type RawReply } from "./http-client.js";

export interface Probe {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Headers whose values must be equal on both sides (absent on both counts as equal). */
const SAME_HEADERS = [
  "content-type",
  "content-encoding",
  "svc-api-version",
  "access-control-allow-origin",
  "access-control-expose-headers",
  "access-control-allow-methods",
  "x-content-type-options",
  "vary",
  "location",
  "allow",
  "last-modified",
  "ratelimit-policy",
] as const;

const MAX_AGE_SLACK_SECONDS = 5;

export function headerText(reply: RawReply, name: string): string | undefined {
  const value = reply.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The body as the client reads it: gzip and brotli undone. */
export function decodedBody(reply: RawReply): Buffer {
  const encoding = headerText(reply, "content-encoding");
  if (encoding === "gzip") return gunzipSync(reply.body);
  if (encoding === "br") return brotliDecompressSync(reply.body);
  return reply.body;
}

/** `public, max-age=60` -> { public: "", "max-age": "60" }. */
export function cacheDirectives(reply: RawReply): Record<string, string> {
  const directives: Record<string, string> = {};
  for (const part of (headerText(reply, "cache-control") ?? "").split(",")) {
    const [name = "", value = ""] = part.trim().split("=");
    if (name !== "") directives[name.toLowerCase()] = value;
  }
  return directives;
}

function cacheDifference(nginx: RawReply, replica: RawReply): string | undefined {
  const [a, b] = [cacheDirectives(nginx), cacheDirectives(replica)];
  const names = (directives: Record<string, string>) => Object.keys(directives).sort().join(",");
  const ages = [Number(a["max-age"] ?? 0), Number(b["max-age"] ?? 0)];
  if (names(a) === names(b) && Math.abs(ages[0]! - ages[1]!) <= MAX_AGE_SLACK_SECONDS) {
    return undefined;
  }
  return `cache-control: nginx ${JSON.stringify(a)}, replica ${JSON.stringify(b)}`;
}

/** What differs between the two replies, one line each (empty: the same for a client). */
export function replyDifferences(nginx: RawReply, replica: RawReply): string[] {
  const found: string[] = [];
  if (nginx.status !== replica.status) {
    found.push(`status: nginx ${nginx.status}, replica ${replica.status}`);
  }
  const [bodyA, bodyB] = [decodedBody(nginx), decodedBody(replica)];
  if (!bodyA.equals(bodyB)) {
    found.push(
      `body: nginx ${JSON.stringify(bodyA.toString("utf8").slice(0, 160))}, replica ${JSON.stringify(bodyB.toString("utf8").slice(0, 160))}`,
    );
  }
  for (const name of SAME_HEADERS) {
    const [a, b] = [headerText(nginx, name), headerText(replica, name)];
    if (a?.toLowerCase() !== b?.toLowerCase()) found.push(`${name}: nginx ${a}, replica ${b}`);
  }
  const cache = cacheDifference(nginx, replica);
  if (cache !== undefined) found.push(cache);
  if ((nginx.headers.etag === undefined) !== (replica.headers.etag === undefined)) {
    found.push(`etag: nginx ${headerText(nginx, "etag")}, replica ${headerText(replica, "etag")}`);
  }
  return found;
}

/** Sends `probe` to both ports; resolves with the differences, each prefixed with the probe. */
export async function compareProbe(
  nginxPort: number,
  replicaPort: number,
  probe: Probe,
): Promise<string[]> {
  const options = { method: probe.method, headers: probe.headers, body: probe.body };
  const nginx = await get(nginxPort, probe.path, options);
  const replica = await get(replicaPort, probe.path, options);
  const label = `${probe.method ?? "GET"} ${probe.path} ${JSON.stringify(probe.headers ?? {})}`;
  return replyDifferences(nginx, replica).map((difference) => `${label}: ${difference}`);
}
