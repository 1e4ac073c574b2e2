// Newsrooms: the configured topics (id, title, description), plus every topic that Manifests
// brought in (DESIGN.md: a provider's new topic becomes a newsroom, titled from its slug).
import { readFileSync } from "node:fs";
import { z } from "zod";
import { SvcError } from "../errors.js";
import { formatProblem, problemsFromZod } from "../manifests/problems.js";
import { TOPIC_PATTERN } from "../manifests/schema.js";

export const NewsroomConfigSchema = z.array(
  z.looseObject({
    id: z
      .string()
      .max(64)
      .regex(TOPIC_PATTERN, { error: "expected a topic slug of a-z, 0-9 and '-'" }),
    title: z.string().min(1, { error: "expected a title" }),
    description: z.string(),
  }),
);

export interface NewsroomInfo {
  id: string;
  title: string;
  description: string;
  /** False for a topic that came from Manifests only. */
  configured: boolean;
}

export function loadNewsroomsFile(path: string): NewsroomInfo[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new SvcError(
      "invalid_config",
      `cannot read the newsrooms file ${path}: ${(error as Error).message}`,
      "set SVC_NEWSROOMS_FILE to a JSON array of {id, title, description}",
    );
  }
  const parsed = NewsroomConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const reasons = problemsFromZod(parsed.error, raw).map(formatProblem).join("; ");
    throw new SvcError(
      "invalid_config",
      `${path}: ${reasons}`,
      "fix the newsrooms file and start again",
    );
  }
  const seen = new Set<string>();
  for (const newsroom of parsed.data) {
    if (seen.has(newsroom.id)) {
      throw new SvcError(
        "invalid_config",
        `${path}: newsroom id "${newsroom.id}" appears twice`,
        "keep one entry per id",
      );
    }
    seen.add(newsroom.id);
  }
  return parsed.data.map((n) => ({
    id: n.id,
    title: n.title,
    description: n.description,
    configured: true,
  }));
}

/** "climate-tech" → "Climate tech". */
export function titleFromSlug(slug: string): string {
  const words = slug.split("-").filter((word) => word !== "");
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Configured newsrooms in their configured order, then topics seen only in Manifests, by slug. */
export function resolveNewsrooms(
  configured: readonly NewsroomInfo[],
  topics: readonly string[],
): NewsroomInfo[] {
  const known = new Set(configured.map((newsroom) => newsroom.id));
  const discovered = [...new Set(topics)]
    .filter((topic) => !known.has(topic))
    .sort()
    .map((topic) => ({
      id: topic,
      title: titleFromSlug(topic),
      description: `Stories about ${titleFromSlug(topic).toLowerCase()}.`,
      configured: false,
    }));
  return [...configured, ...discovered];
}
