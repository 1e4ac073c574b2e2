// Error: the body of every error reply.
import { z } from "zod";

export const ErrorBodySchema = z
  .looseObject({
    error: z.string().meta({ description: "Short code, e.g. not_found, empty_question." }),
    message: z.string().meta({ description: "What is wrong." }),
    next_step: z.string().optional().meta({ description: "What to do next." }),
    retry_after: z.int().min(0).optional().meta({ description: "Seconds to wait; only with 429." }),
  })
  .meta({ id: "Error", description: "An error reply." });

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
