// Field shapes shared by the API resources of the spec (seed/000_4408facc2df99766.txt).
import { z } from "zod";

/** An absolute URI, as the spec's "string (URI)" fields. */
export const Uri = z.url();
/** An RFC 3339 date-time, as the spec's "string (date-time)" fields. */
export const DateTime = z.iso.datetime({ offset: true });
/** The spec's story slug pattern. */
export const SLUG_PATTERN = /^[a-z0-9-]{3,80}$/;
/** The spec's topic pattern. */
export const TOPIC_SLUG_PATTERN = /^[a-z0-9-]+$/;
/** The API version carried by `SVC-API-Version` and `_meta.api_version`. */
export const API_VERSION = "1";
/** The version string of the API description (`openapi.json` `info.version`). */
export const API_DESCRIPTION_VERSION = "2026-10-15";

/** The `{topic}` path segment: a topic slug, as the `id` of a `newsrooms` element. */
export const TopicSlug = z.string().regex(TOPIC_SLUG_PATTERN);
/** The `{slug}` path segment of a story. */
export const StorySlug = z.string().regex(SLUG_PATTERN);
/** The `{date}` path segment of a story: its date in UTC, `YYYY-MM-DD`. */
export const StoryDate = z.iso.date();

/**
 * The call-rate policy of the spec ("Limits"): per client IP, `/ask` calls and MCP tool calls
 * counted together, announced as `RateLimit-Policy: "default";q=60;w=60`
 * (draft-ietf-httpapi-ratelimit-headers-11).
 */
export const RATE_LIMIT_POLICY = { name: "default", quota: 60, windowSeconds: 60 } as const;
