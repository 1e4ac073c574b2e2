// One polite and safe HTTP GET for the poller (docs/poll.md): only http(s), no credentials,
// forbidden addresses refused after DNS and on every redirect, redirects followed up to a
// limit with loops detected, a deadline for the whole exchange (a stalled body included), a
// size cap on the decoded body, conditional requests. Never throws: failures are results.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import type { HttpAgents } from "./agents.js";
import { isForbiddenAddress } from "./forbidden-address.js";
import { ForbiddenAddressError, guardedLookup } from "./guarded-lookup.js";
import type { FetchFailureReason, FetchPolicy, FetchResult, Validators } from "./policy.js";
import { BadEncodingError, BodyTooLargeError, readBody } from "./read-body.js";
import { retryAfterMs } from "./retry-after.js";

export interface FetchOptions {
  policy: FetchPolicy;
  validators?: Validators;
  /** Default: feed types first. */
  accept?: string;
  signal?: AbortSignal;
  /** Keep-alive agents (createAgents); without them each request opens its own connection. */
  agent?: HttpAgents;
}

const FEED_ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

class FetchFailure extends Error {
  constructor(
    readonly reason: FetchFailureReason,
    message: string,
    readonly status?: number,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

function checkUrl(url: URL, policy: FetchPolicy): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchFailure("bad_url", `only http and https are fetched, not ${url.protocol}`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new FetchFailure("bad_url", "URLs with credentials are not fetched");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!policy.allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host)) {
    throw new FetchFailure("refused_address", `${host} is a private or reserved address`);
  }
}

function send(url: URL, options: FetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const { policy, validators } = options;
  const headers: Record<string, string> = {
    "User-Agent": policy.userAgent,
    Accept: options.accept ?? FEED_ACCEPT,
    "Accept-Encoding": "gzip, deflate, br",
  };
  if (validators?.etag) headers["If-None-Match"] = validators.etag;
  if (validators?.lastModified) headers["If-Modified-Since"] = validators.lastModified;
  const secure = url.protocol === "https:";
  // An agent's own lookup wins over the request's: agents made for another policy are not used.
  const agents = options.agent?.allowPrivate === policy.allowPrivate ? options.agent : undefined;
  const agent = agents ? (secure ? agents.https : agents.http) : undefined;
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(url, {
      headers,
      signal,
      // Without our agents, a fresh connection that is closed afterwards: a socket left in
      // Node's global keep-alive pool could be reused later without a lookup.
      ...(agent ? { agent } : { agent: false, lookup: guardedLookup(policy.allowPrivate) }),
    });
    request.once("response", resolve);
    request.once("error", reject);
    request.end();
  });
}

function validatorsOf(response: IncomingMessage, fallback: Validators | undefined): Validators {
  const etag = response.headers.etag ?? fallback?.etag;
  const lastModified = response.headers["last-modified"] ?? fallback?.lastModified;
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}

function failureOf(error: unknown, timedOut: boolean, timeoutMs: number): FetchFailure {
  if (error instanceof FetchFailure) return error;
  if (timedOut) return new FetchFailure("timeout", `no complete answer within ${timeoutMs} ms`);
  if (error instanceof ForbiddenAddressError)
    return new FetchFailure("refused_address", error.message);
  if (error instanceof BodyTooLargeError) return new FetchFailure("too_large", error.message);
  if (error instanceof BadEncodingError) return new FetchFailure("bad_encoding", error.message);
  const code = (error as { code?: string }).code ?? "";
  const message = (error as Error).message ?? String(error);
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME") {
    return new FetchFailure("dns", `the name does not resolve (${code})`);
  }
  if (code === "ABORT_ERR") return new FetchFailure("timeout", "the fetch was stopped");
  return new FetchFailure("network", code ? `${code}: ${message}` : message);
}

export async function safeFetch(url: string, options: FetchOptions): Promise<FetchResult> {
  const { policy } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, policy.timeoutMs);
  const stop = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener("abort", stop, { once: true });
  const seen = new Set<string>();
  let current = url;
  let redirects = 0;
  try {
    for (;;) {
      let parsed: URL;
      try {
        parsed = new URL(current);
      } catch {
        throw new FetchFailure("bad_url", `not a URL: ${current}`);
      }
      checkUrl(parsed, policy);
      seen.add(parsed.href);
      const response = await send(parsed, options, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.resume();
        redirects += 1;
        if (redirects > policy.maxRedirects) {
          throw new FetchFailure(
            "too_many_redirects",
            `more than ${policy.maxRedirects} redirects`,
            status,
          );
        }
        const next = URL.canParse(location, parsed.href)
          ? new URL(location, parsed).href
          : undefined;
        if (next === undefined) {
          throw new FetchFailure("bad_url", `the redirect goes to ${location}, not a URL`, status);
        }
        if (seen.has(next)) {
          throw new FetchFailure(
            "redirect_loop",
            `redirect loop: ${parsed.href} leads back to ${next}`,
            status,
          );
        }
        current = next;
        continue;
      }
      if (status === 304) {
        response.resume();
        return {
          kind: "not_modified",
          url: parsed.href,
          validators: validatorsOf(response, options.validators),
          redirects,
        };
      }
      if (status < 200 || status > 299) {
        response.resume();
        throw new FetchFailure(
          "http_status",
          `HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ""}`,
          status,
          retryAfterMs(response.headers["retry-after"]),
        );
      }
      const body = await readBody(response, policy.maxBytes);
      return {
        kind: "ok",
        url: parsed.href,
        status,
        body,
        contentType: response.headers["content-type"],
        validators: validatorsOf(response, undefined),
        redirects,
      };
    }
  } catch (error) {
    const failure = failureOf(error, timedOut, policy.timeoutMs);
    return {
      kind: "failed",
      url: current,
      reason: failure.reason,
      message: `${current}: ${failure.message}`,
      ...(failure.status !== undefined ? { status: failure.status } : {}),
      ...(failure.retryAfter !== undefined ? { retryAfterMs: failure.retryAfter } : {}),
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", stop);
  }
}
