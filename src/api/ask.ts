// AskRequest and AskAnswer: the `/ask` call (NLWeb-style, facts copied word for word).
import { z } from "zod";
import { TOPIC_SLUG_PATTERN } from "./common.js";

export const ASK_LIMITS = {
  queryMaxLength: 500,
  days: { min: 1, max: 30, default: 7 },
  limit: { min: 1, max: 20, default: 5 },
} as const;

export const AskRequestSchema = z
  .looseObject({
    query: z.string().min(1).max(ASK_LIMITS.queryMaxLength),
    prefer: z
      .looseObject({ streaming: z.boolean().optional() })
      .optional()
      .meta({ description: "`streaming: true` selects an event stream." }),
    topic: z
      .string()
      .regex(TOPIC_SLUG_PATTERN)
      .optional()
      .meta({ description: "Topic slug; restricts the search to that topic." }),
    days: z
      .int()
      .min(ASK_LIMITS.days.min)
      .max(ASK_LIMITS.days.max)
      .default(ASK_LIMITS.days.default),
    limit: z
      .int()
      .min(ASK_LIMITS.limit.min)
      .max(ASK_LIMITS.limit.max)
      .default(ASK_LIMITS.limit.default),
  })
  .meta({ id: "AskRequest", description: "Body of POST /ask." });

export const AskResultSchema = z
  .looseObject({
    "@type": z.string().optional(),
    url: z.url().meta({ description: "Address of the story page." }),
    name: z.string().meta({ description: "The story's headline." }),
    description: z.string().meta({ description: "The fact, copied word for word." }),
    datePublished: z.string(),
    manifest_ids: z.array(z.string()),
  })
  .meta({ id: "AskResult", description: "A fact copied word for word from a story." });

export const AskAnswerSchema = z
  .looseObject({
    _meta: z.looseObject({
      response_type: z.string(),
      version: z.string().meta({ description: "The NLWeb protocol version followed." }),
      protocol: z.string().optional(),
      uses_llm: z.boolean().optional(),
      api_version: z.string().optional(),
    }),
    query: z.string().meta({ description: "The question echoed." }),
    results: z.array(AskResultSchema),
    no_match: z.boolean().optional(),
    next_step: z.string().optional(),
  })
  .meta({ id: "AskAnswer", description: "The answer of /ask." });

export type AskRequest = z.infer<typeof AskRequestSchema>;
export type AskResult = z.infer<typeof AskResultSchema>;
export type AskAnswer = z.infer<typeof AskAnswerSchema>;
