// ReuseTerms: the machine-readable reuse conditions (`/.well-known/reuse.json`).
import { z } from "zod";
import { Uri } from "./common.js";

export const ReuseTermsSchema = z
  .looseObject({
    version: z.string().optional(),
    summary: z.string().optional(),
    attribution: z.string().optional().meta({ description: "The exact credit line to show." }),
    link_rule: z.string().optional(),
    keep_ids_rule: z.string().optional(),
    no_endorsement: z.string().optional(),
    license_url: Uri.optional(),
    machine_url: Uri.optional(),
  })
  .meta({
    id: "ReuseTerms",
    description: "Conditions for reusing stories. All fields optional; more properties allowed.",
  });

export type ReuseTerms = z.infer<typeof ReuseTermsSchema>;
