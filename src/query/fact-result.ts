// One answer of the fact search: the spec's AskAnswer result (src/api/ask.ts) with the
// fields /ask and the MCP tools add. `@type` is schema.org's "Claim": the result is one
// statement that appears in a story (the story's address is `url`), not the story itself.
import { z } from "zod";
import { AskResultSchema } from "../api/ask.js";

export const FACT_RESULT_TYPE = "Claim";

export const FactResultSchema = AskResultSchema.extend({
  "@type": z.literal(FACT_RESULT_TYPE),
  datePublished: z.string().meta({ description: "When the story was first published." }),
  dateModified: z.string().meta({ description: "When the story was last updated." }),
  topic: z.string().nullable().meta({ description: "The story's topic slug." }),
  publishers: z.int().min(1).meta({
    description: "How many distinct publishers among the cited Manifests state the fact.",
  }),
  disputed: z.boolean().meta({
    description:
      "True when the fact states a value of a quantity that the story's sources report differently: read `unresolved` before relying on it.",
  }),
  unresolved: z.string().optional().meta({
    description:
      'With disputed: the story\'s line naming the values each source reports ("Sources differ: …").',
  }),
  score: z.number().meta({
    description: "Relevance (BM25 with lifts for corroboration and recency); higher is better.",
  }),
}).meta({ description: "A fact copied word for word from a recent story." });

export type FactResult = z.infer<typeof FactResultSchema>;
