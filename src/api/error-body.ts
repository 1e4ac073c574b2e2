// Error: the body of every error reply, and the narrower shapes of the 400, 404 and 429 replies.
import { z } from "zod";
import { ASK_ERROR_CODE_LIST, NOT_FOUND_CODE } from "./error-codes.js";

export const ErrorBodySchema = z
  .looseObject({
    error: z.string().meta({ description: "Short code, e.g. not_found, empty_question." }),
    message: z.string().meta({ description: "What is wrong." }),
    next_step: z.string().optional().meta({ description: "What to do next." }),
    retry_after: z.int().min(0).optional().meta({ description: "Seconds to wait; only with 429." }),
  })
  .meta({ id: "Error", description: "An error reply." });

/** 400 from `/ask`: one of the documented codes. */
export const AskErrorSchema = ErrorBodySchema.omit({ retry_after: true })
  .extend({
    error: z.enum(ASK_ERROR_CODE_LIST).meta({ description: "Why the request is not valid." }),
  })
  .meta({
    id: "AskError",
    description: "An Error whose code says what is wrong with the question.",
  });

/** 404 from a file endpoint (its JSON form). */
export const NotFoundErrorSchema = ErrorBodySchema.omit({ retry_after: true })
  .extend({
    error: z.literal(NOT_FOUND_CODE),
    next_step: z.string().meta({
      description: "Points to an index of pages (latest.json, llms.txt) and to the developer page.",
    }),
  })
  .meta({ id: "NotFoundError", description: "An Error for a file that does not exist." });

/** 429 from `/ask` or an MCP tool call. */
export const RateLimitedErrorSchema = ErrorBodySchema.extend({
  retry_after: z.int().min(0).meta({
    description: "Seconds to wait before the next call; the same value as `Retry-After`.",
  }),
}).meta({ id: "RateLimitedError", description: "An Error for a refused call (rate limit)." });

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export type AskErrorBody = z.infer<typeof AskErrorSchema>;
export type NotFoundErrorBody = z.infer<typeof NotFoundErrorSchema>;
export type RateLimitedErrorBody = z.infer<typeof RateLimitedErrorSchema>;
