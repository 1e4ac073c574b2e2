// How the poller fetches (docs/poll.md): one policy object, the same for feeds and articles.

export interface FetchPolicy {
  /** Deadline for the whole exchange, first byte to last, redirects included. */
  timeoutMs: number;
  /** Largest body after decompression; a bigger one is abandoned as soon as it passes. */
  maxBytes: number;
  maxRedirects: number;
  /** Allow private, loopback, link-local and other non-public addresses. */
  allowPrivate: boolean;
  userAgent: string;
}

export const DEFAULT_FETCH_POLICY: Omit<FetchPolicy, "userAgent"> = {
  timeoutMs: 20_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 5,
  allowPrivate: false,
};

/** HTTP validators of a fetched document, sent back for a conditional GET. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type FetchFailureReason =
  | "bad_url"
  | "refused_address"
  | "dns"
  | "network"
  | "timeout"
  | "too_large"
  | "too_many_redirects"
  | "redirect_loop"
  | "http_status"
  | "bad_encoding";

export type FetchResult =
  | {
      kind: "ok";
      /** The final URL, after redirects. */
      url: string;
      status: number;
      body: Buffer;
      contentType: string | undefined;
      validators: Validators;
      redirects: number;
    }
  | { kind: "not_modified"; url: string; validators: Validators; redirects: number }
  | {
      kind: "failed";
      url: string;
      reason: FetchFailureReason;
      /** What happened, where: readable. */
      message: string;
      status?: number;
      /** From `Retry-After` on a 429 or 503 (or any failure that sends it). */
      retryAfterMs?: number;
    };
