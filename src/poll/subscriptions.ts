// The subscriptions file of `svc poll` (docs/poll.md): which feeds to poll, the newsroom
// (topic) each one feeds, and what to say about its publisher. YAML, JSON or OPML (what feed
// readers export); one zod schema is the contract for all three.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { parseOpml } from "feedsmith";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { SvcError } from "../errors.js";
import { formatProblem, problemsFromZod } from "../manifests/problems.js";
import { isDomainName, isSourceUrl, LANGUAGE_PATTERN, TOPIC_PATTERN } from "../manifests/schema.js";

/** A feed's key: the prefix of its Manifest ids (`<key>:<item hash>`). */
export const FEED_KEY_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

const FeedSubscriptionSchema = z.strictObject({
  url: z.string().refine(isSourceUrl, { error: "expected an absolute http(s) URL of the feed" }),
  topic: z
    .string()
    .max(64)
    .regex(TOPIC_PATTERN, { error: "expected a topic slug of a-z, 0-9 and '-' (the newsroom)" }),
  id: z
    .string()
    .regex(FEED_KEY_PATTERN, {
      error: "expected 1 to 40 characters of a-z, 0-9 and '-' (the prefix of Manifest ids)",
    })
    .optional(),
  publisher: z
    .strictObject({
      name: z.string().trim().min(1).max(200).optional(),
      domain: z
        .string()
        .refine(isDomainName, { error: "expected a domain name such as example.org" })
        .optional(),
    })
    .optional(),
  language: z
    .string()
    .regex(LANGUAGE_PATTERN, { error: "expected a BCP 47 language tag such as en or pt-BR" })
    .optional(),
  license: z.string().trim().min(1).max(500).optional(),
  full_text: z.boolean().optional(),
  interval_minutes: z.number().int().min(1).max(10_080).optional(),
});

export const SubscriptionsSchema = z.strictObject({
  /** The `provider` of every polled Manifest. */
  provider: z.string().trim().min(1).max(200).default("svc poll"),
  /** Minutes between two polls of a feed, unless the feed says otherwise. */
  interval_minutes: z.number().int().min(1).max(10_080).default(30),
  /** Fetch and extract each new item's article page (feeds that carry only teasers). */
  full_text: z.boolean().default(false),
  feeds: z.array(FeedSubscriptionSchema).min(1, { error: "expected at least one feed" }),
});

export type SubscriptionsFile = z.infer<typeof SubscriptionsSchema>;
type FeedEntry = z.infer<typeof FeedSubscriptionSchema>;

/** One feed to poll, with every default applied. */
export interface Subscription {
  key: string;
  url: string;
  topic: string;
  publisher: { name?: string; domain?: string };
  language: string | undefined;
  license: string | undefined;
  provider: string;
  fullText: boolean;
  intervalMinutes: number;
}

/** A readable key from the feed's host plus a hash of its URL: stable and unique enough. */
export function defaultFeedKey(url: string): string {
  const host = new URL(url).hostname.replace(/^www\./, "");
  const slug = host
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 24)
    .replace(/-+$/, "");
  const hash = createHash("sha256").update(url).digest("hex").slice(0, 8);
  return slug === "" ? hash : `${slug}-${hash}`;
}

function invalid(where: string, problems: string[]): SvcError {
  return new SvcError(
    "invalid_config",
    `subscriptions file ${where}: ${problems.join("; ")}`,
    "fix the file (docs/poll.md shows the format), then run svc poll again",
  );
}

/** Applies defaults and checks that keys are unique. */
export function resolveSubscriptions(file: SubscriptionsFile, where: string): Subscription[] {
  const seen = new Map<string, number>();
  const problems: string[] = [];
  const subscriptions = file.feeds.map((feed: FeedEntry, index): Subscription => {
    const key = feed.id ?? defaultFeedKey(feed.url);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push(
        `feeds[${index}]: the key ${key} is already used by feeds[${earlier}]; set a distinct id`,
      );
    }
    seen.set(key, index);
    return {
      key,
      url: feed.url,
      topic: feed.topic,
      publisher: { ...feed.publisher },
      language: feed.language,
      license: feed.license,
      provider: file.provider,
      fullText: feed.full_text ?? file.full_text,
      intervalMinutes: feed.interval_minutes ?? file.interval_minutes,
    };
  });
  if (problems.length > 0) throw invalid(where, problems);
  return subscriptions;
}

/** Validates a parsed document against the schema, naming every problem with its path. */
export function parseSubscriptions(document: unknown, where: string): Subscription[] {
  const parsed = SubscriptionsSchema.safeParse(document);
  if (!parsed.success) {
    throw invalid(where, problemsFromZod(parsed.error, document).map(formatProblem));
  }
  return resolveSubscriptions(parsed.data, where);
}

function topicFromFolder(folder: string | undefined): string | undefined {
  const slug = (folder ?? "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64);
  return slug === "" ? undefined : slug;
}

interface OpmlOutline {
  text?: string;
  title?: string;
  xmlUrl?: string;
  language?: string;
  topic?: string;
  outlines?: OpmlOutline[];
}

/**
 * OPML as feed readers export it: every outline with an `xmlUrl` is a feed. Its topic is its
 * `topic` attribute, else the folder (parent outline) it sits in, as a slug.
 */
export function subscriptionsFromOpml(text: string): unknown {
  let opml: { body?: { outlines?: OpmlOutline[] } };
  try {
    opml = parseOpml(text, { extraOutlineAttributes: ["topic"] }) as typeof opml;
  } catch (error) {
    throw invalid("(OPML)", [`not readable OPML: ${(error as Error).message}`]);
  }
  const feeds: Array<Record<string, unknown>> = [];
  const walk = (outlines: OpmlOutline[] | undefined, folder: string | undefined) => {
    for (const outline of outlines ?? []) {
      if (outline.xmlUrl !== undefined) {
        const name = outline.title ?? outline.text;
        feeds.push({
          url: outline.xmlUrl,
          topic: outline.topic ?? topicFromFolder(folder),
          ...(name ? { publisher: { name } } : {}),
          ...(outline.language ? { language: outline.language } : {}),
        });
      }
      walk(
        outline.outlines,
        outline.xmlUrl === undefined ? (outline.title ?? outline.text) : folder,
      );
    }
  };
  walk(opml.body?.outlines, undefined);
  return { feeds };
}

/** Reads a subscriptions file: `.opml`/`.xml` as OPML, `.json` as JSON, anything else as YAML. */
export function loadSubscriptions(path: string): Subscription[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new SvcError(
      "input_not_found",
      `cannot read the subscriptions file ${path}: ${(error as Error).message}`,
      "pass --subscriptions FILE or set SVC_POLL_SUBSCRIPTIONS (docs/poll.md shows the format)",
    );
  }
  const extension = extname(path).toLowerCase();
  const opml = extension === ".opml" || extension === ".xml" || /^\s*<\?xml|^\s*<opml/i.test(text);
  let document: unknown;
  try {
    document = opml
      ? subscriptionsFromOpml(text)
      : extension === ".json"
        ? JSON.parse(text)
        : parseYaml(text);
  } catch (error) {
    if (error instanceof SvcError) throw error;
    throw invalid(path, [
      `not readable ${extension === ".json" ? "JSON" : "YAML"}: ${(error as Error).message}`,
    ]);
  }
  return parseSubscriptions(document, path);
}
