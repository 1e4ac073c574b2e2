// The Manifest: our input contract (DESIGN.md, "The Manifest"). One zod definition gives the
// TypeScript type, the runtime validation used by ingest and the JSON Schema we publish.
import { isIP } from "node:net";
import { domainToASCII } from "node:url";
import { z } from "zod";

/** Longest Manifest id; ids are cited in URLs, Markdown and HTML, so they stay short and plain. */
export const MANIFEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
/** Topic slugs, exactly as the spec's `/n/{topic}/` path pattern (capped at 64 characters). */
export const TOPIC_PATTERN = /^[a-z0-9-]+$/;
/** BCP 47 language tags, in the common shape (`en`, `pt-BR`, `zh-Hant-TW`). */
export const LANGUAGE_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const SHA256_PATTERN = /^[0-9a-f]{64}$/;
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name such as `example.org` or `bücher.example`: no scheme, port, path or spaces. */
export function isDomainName(value: string): boolean {
  const known = domainVerdicts.get(value);
  if (known !== undefined) return known;
  const verdict = checkDomainName(value);
  // Publishers repeat: remember recent answers (bounded, so hostile input cannot grow it).
  if (domainVerdicts.size >= 4096) domainVerdicts.clear();
  domainVerdicts.set(value, verdict);
  return verdict;
}

const domainVerdicts = new Map<string, boolean>();

function checkDomainName(value: string): boolean {
  if (value.length > 253 || /[\s/:@?#]/.test(value)) return false;
  const ascii = domainToASCII(value);
  if (ascii === "" || ascii.length > 253) return false;
  const labels = ascii.split(".");
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label));
}

/** An absolute http(s) URL whose host is a dotted domain name or an IP address (not `http://x`). */
export function isSourceUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const host = url.hostname;
  return isIP(host.replace(/^\[|\]$/g, "")) !== 0 || isDomainName(host);
}

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/**
 * True for an RFC 3339 date-time with a time zone that names a real instant: no 30 February,
 * no hour 24 (RFC 3339 section 5.6; leap seconds are refused, as JavaScript dates cannot hold them).
 */
export function isRealInstant(value: string): boolean {
  const match = RFC3339.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second, offsetHour, offsetMinute] = match.map(Number);
  return (
    (month as number) >= 1 &&
    (month as number) <= 12 &&
    (day as number) >= 1 &&
    (day as number) <= daysInMonth(year as number, month as number) &&
    (hour as number) <= 23 &&
    (minute as number) <= 59 &&
    (second as number) <= 59 &&
    (offsetHour === undefined || Number.isNaN(offsetHour) || offsetHour <= 23) &&
    (offsetMinute === undefined || Number.isNaN(offsetMinute) || offsetMinute <= 59)
  );
}

const text = (what: string) =>
  z
    .string({ error: `expected ${what} (a string)` })
    .regex(/\S/, { error: `expected ${what} with at least one non-blank character` });
const nonBlank = (max: number, what: string) =>
  text(what).max(max, { error: `expected ${what} of at most ${max} characters` });

const instant = (what: string) =>
  z
    .string({ error: `expected ${what} as an RFC 3339 date-time string` })
    .refine(isRealInstant, {
      error: `expected ${what} as a real RFC 3339 date-time with a time zone, e.g. 2026-11-21T09:30:00Z`,
    })
    .meta({ format: "date-time" });

export const PublisherSchema = z
  .looseObject(
    {
      name: nonBlank(200, "the publisher's name"),
      domain: z
        .string({ error: "expected the publisher's domain name (a string)" })
        .refine(isDomainName, { error: "expected a domain name such as example.org" }),
    },
    { error: 'expected the publisher as an object: {"name": ..., "domain": ...}' },
  )
  .meta({ id: "ManifestPublisher", description: "Who published the original source." });

export const ManifestSchema = z
  .looseObject({
    id: z.string({ error: "expected the Manifest id (a string)" }).regex(MANIFEST_ID_PATTERN, {
      error:
        "expected 1 to 128 characters of letters, digits, '.', '_', ':' or '-', starting with a letter or digit",
    }),
    url: z
      .string({ error: "expected an absolute http(s) URL of the original source" })
      .refine(isSourceUrl, { error: "expected an absolute http(s) URL of the original source" })
      .meta({ format: "uri" }),
    publisher: PublisherSchema,
    title: nonBlank(2000, "the source's title"),
    text: text("the source's text"),
    published_at: instant("the publication time"),
    captured_at: instant("the capture time"),
    topic: z
      .string({ error: "expected a topic slug (a string)" })
      .max(64, { error: "expected a topic slug of at most 64 characters" })
      .regex(TOPIC_PATTERN, { error: "expected a topic slug of a-z, 0-9 and '-'" }),
    tags: z
      .array(
        z
          .string({ error: "expected a tag (a string)" })
          .max(64, { error: "expected a tag of at most 64 characters" })
          .regex(/\S/, { error: "expected a non-blank tag" }),
        { error: "expected a list of tags" },
      )
      .max(32, { error: "expected at most 32 tags" })
      .optional(),
    language: z
      .string({ error: "expected a BCP 47 language tag (a string)" })
      .regex(LANGUAGE_PATTERN, { error: "expected a BCP 47 language tag such as en or pt-BR" }),
    content_sha256: z
      .string({ error: "expected the SHA-256 of text as 64 lowercase hex digits" })
      .regex(SHA256_PATTERN, { error: "expected the SHA-256 of text as 64 lowercase hex digits" }),
    provider: nonBlank(200, "the provenance provider"),
    license: nonBlank(500, "the licence").optional(),
    supersedes: z
      .string({ error: "expected the id of the earlier revision (a string)" })
      .regex(MANIFEST_ID_PATTERN, { error: "expected a Manifest id" })
      .optional()
      .meta({
        description:
          "The id of the earlier revision of the same source that this record replaces (an edited article); editions leave the earlier one out when both are in their window.",
      }),
  })
  .meta({
    id: "Manifest",
    description:
      "A provenance record: one published source (an article or excerpt) with where it came from. Additional properties are kept.",
  });

export type Manifest = z.infer<typeof ManifestSchema>;
export type ManifestPublisher = z.infer<typeof PublisherSchema>;

/**
 * What ingest accepts: a Manifest whose `content_sha256` may be left out (it is then computed).
 * When present it must match the text: see `src/manifests/normalize.ts`.
 */
export const ManifestInputSchema = ManifestSchema.extend({
  content_sha256: ManifestSchema.shape.content_sha256.optional(),
});
export type ManifestInput = z.infer<typeof ManifestInputSchema>;
