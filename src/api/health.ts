// Health: the body of `/healthz` (the process is alive) and `/readyz` (it can serve).
import { z } from "zod";

export const HealthSchema = z
  .looseObject({
    status: z.string().meta({
      description: "`ok` when healthy or ready; otherwise a short reason (e.g. `no_edition`).",
      examples: ["ok"],
    }),
  })
  .meta({ id: "Health", description: "Liveness or readiness of one server process." });

export type Health = z.infer<typeof HealthSchema>;
