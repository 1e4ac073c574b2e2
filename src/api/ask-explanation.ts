// AskExplanation: what a GET to `/ask` without a question returns, so that an agent that
// finds the endpoint learns how to call it (spec rule 3 leaves the body "not shown").
import { z } from "zod";

export const AskUsageSchema = z
  .looseObject({
    method: z.enum(["GET", "POST"]),
    example: z.string().meta({ description: "A complete example call." }),
    description: z.string().optional(),
  })
  .meta({ id: "AskUsage", description: "One way to call /ask." });

export const AskExplanationSchema = z
  .looseObject({
    _meta: z.looseObject({
      response_type: z.literal("explanation"),
      api_version: z.string().meta({ description: "The API version (as SVC-API-Version)." }),
      uses_llm: z.literal(false).optional(),
    }),
    message: z.string().meta({ description: "What /ask does and how to call it." }),
    usage: z.array(AskUsageSchema),
    parameters: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: "Parameter name to what it does and its bounds." }),
    next_step: z.string().optional(),
  })
  .meta({
    id: "AskExplanation",
    description: "Reply of GET /ask without `query` or `q`: how to ask a question.",
  });

export type AskUsage = z.infer<typeof AskUsageSchema>;
export type AskExplanation = z.infer<typeof AskExplanationSchema>;
