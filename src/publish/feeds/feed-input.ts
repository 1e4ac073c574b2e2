// What the three feeds are rendered from: the edition's stories as lists show them, plus the
// feed's own title and addresses. Validated once, so that every renderer can trust it.
import { z } from "zod";
import { DateTime, Uri } from "../../api/common.js";
import { StorySummarySchema } from "../../api/story.js";
import { SvcError } from "../../errors.js";
import { formatProblem, problemsFromZod } from "../../manifests/problems.js";

/** RFC 4287's atomLanguageTag (RFC 3066), also fine for RSS `language` and JSON Feed. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/**
 * An absolute URL that XML can carry verbatim: no spaces or control characters (the URL
 * parser would drop some of them silently, and the feeds would then point elsewhere).
 */
const FeedUrl = Uri.refine(
  (url) => [...url].every((char) => char > " " && char !== "\u007f"),
  "expected a URL without spaces or control characters",
);

/** A StorySummary whose JSON and Markdown addresses are known, plus its topic and last change. */
export const FeedStorySchema = StorySummarySchema.extend({
  url: FeedUrl,
  json: FeedUrl,
  markdown: FeedUrl,
  topic: z.string().optional(),
  updated_at: DateTime.optional(),
});

export const FeedInputSchema = z.object({
  title: z.string().min(1),
  description: z.string(),
  /** The service's base URL. */
  homePageUrl: FeedUrl,
  /** Absolute addresses of the three feeds (each feed's self link). */
  feedUrls: z.object({ json: FeedUrl, rss: FeedUrl, atom: FeedUrl }),
  /** The edition's cut: the feeds' "updated" date. Never the clock, so rebuilds are identical. */
  generatedAt: DateTime,
  language: z
    .string()
    .regex(LANGUAGE_TAG, "expected a language tag such as en or en-GB")
    .optional(),
  /** Newest first; rendered in the given order. */
  stories: z.array(FeedStorySchema),
});

export type FeedStory = z.input<typeof FeedStorySchema>;
export type FeedInput = z.input<typeof FeedInputSchema>;
export type ValidFeedInput = z.output<typeof FeedInputSchema>;

/** Checks the input of a feed renderer; throws one error listing every problem with its path. */
export function validateFeedInput(input: FeedInput, feed: string): ValidFeedInput {
  const parsed = FeedInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = problemsFromZod(parsed.error, input).map(formatProblem);
  throw new SvcError(
    "invalid_argument",
    `cannot render the ${feed} feed: ${problems.join("; ")}`,
    "fix the story or feed settings named above; every story needs url, json, markdown, headline and published_at",
  );
}
