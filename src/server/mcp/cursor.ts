// The cursor of svc_since: an opaque, stateless position in the order stories were refreshed
// (`updated_at`, then date/slug). Any replica can read a cursor another one wrote: it holds
// the position itself, base64url JSON, plus an HMAC-SHA256 tag whose key is derived from the
// base URL and the configured secret. The tag catches a cursor that was edited, truncated or
// made by another deployment; the position it protects is not secret.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** A position in refresh order: after the story `key` refreshed at `updatedMs`. */
export interface CursorPosition {
  updatedMs: number;
  key: string;
}

export interface CursorCodec {
  encode(position: CursorPosition): string;
  /** The position, or a message saying why the cursor is not one of ours. */
  decode(cursor: string): CursorPosition | { problem: string };
}

const CURSOR_VERSION = 1;
const TAG_BYTES = 16;
const CURSOR_FORM = /^[A-Za-z0-9_-]{8,400}\.[A-Za-z0-9_-]{22}$/;
const PayloadSchema = z.strictObject({
  v: z.literal(CURSOR_VERSION),
  t: z.int().min(0).max(8_640_000_000_000_000),
  k: z.string().regex(/^(?:\d{4}-\d{2}-\d{2}\/[a-z0-9-]{3,80})?$/),
});

/**
 * A codec keyed by `baseUrl` and `secret` (the same on every replica of a deployment). The
 * `use` keeps the cursors of one tool out of another: svc_latest's page cursor is refused by
 * svc_since and the other way round.
 */
export function cursorCodec(baseUrl: string, secret = "", use = ""): CursorCodec {
  const purpose = use === "" ? "" : ` ${use}`;
  const key = createHash("sha256")
    .update(`svc mcp cursor v${CURSOR_VERSION}${purpose}\0${baseUrl}\0${secret}`)
    .digest();
  const tagOf = (payload: string) =>
    createHmac("sha256", key).update(payload).digest().subarray(0, TAG_BYTES);
  return {
    encode(position) {
      const json = JSON.stringify({ v: CURSOR_VERSION, t: position.updatedMs, k: position.key });
      const payload = Buffer.from(json).toString("base64url");
      return `${payload}.${tagOf(payload).toString("base64url")}`;
    },
    decode(cursor) {
      if (!CURSOR_FORM.test(cursor)) {
        return { problem: "the cursor is not one this service wrote (wrong form)" };
      }
      const [payload = "", tag = ""] = cursor.split(".");
      const sent = Buffer.from(tag, "base64url");
      if (sent.length !== TAG_BYTES || !timingSafeEqual(sent, tagOf(payload))) {
        return { problem: "the cursor was changed or comes from another deployment" };
      }
      try {
        const parsed = PayloadSchema.safeParse(
          JSON.parse(Buffer.from(payload, "base64url").toString()),
        );
        if (parsed.success) return { updatedMs: parsed.data.t, key: parsed.data.k };
      } catch {
        // Falls through: a tagged payload that is not JSON is as wrong as an untagged one.
      }
      return { problem: "the cursor's content is not a position" };
    },
  };
}
