// `svc stats` and `svc conflicts`: what the store holds, and the ids that arrived twice with
// different content.
import type { Command } from "commander";
import type { CommandContext } from "../context.js";
import { integerOption } from "../options.js";
import { formatStoreSummary } from "../print-summary.js";

export function registerStoreCommands(program: Command, context: () => CommandContext) {
  program
    .command("stats")
    .description("Show what the manifest store holds: Manifests per topic, time range, conflicts")
    .option("--json", "print as JSON")
    .action(async (options: { json?: boolean }) => {
      const store = await context().openStore();
      try {
        const summary = await store.summarize();
        console.log(options.json ? JSON.stringify(summary, null, 2) : formatStoreSummary(summary));
      } finally {
        await store.close();
      }
    });

  program
    .command("conflicts")
    .description("List records refused because their id was already stored with other content")
    .option("--limit <n>", "how many, newest first", integerOption("--limit", 1, 100_000), 50)
    .option("--json", "print as JSON Lines, with the refused record")
    .action(async (options: { limit: number; json?: boolean }) => {
      const store = await context().openStore();
      try {
        const conflicts = await store.listConflicts(options.limit);
        if (conflicts.length === 0 && !options.json) console.log("no conflicts recorded");
        for (const conflict of conflicts) {
          console.log(
            options.json
              ? JSON.stringify({
                  ...conflict,
                  incomingJson: undefined,
                  incoming: JSON.parse(conflict.incomingJson) as unknown,
                })
              : `${conflict.detectedAt}  ${conflict.id}  from ${conflict.source}  stored ${conflict.storedSha256.slice(0, 12)}… incoming ${conflict.incomingSha256.slice(0, 12)}…`,
          );
        }
      } finally {
        await store.close();
      }
    });
}
