// `svc start` (what `npm start` runs): makes sure the store holds the demo corpus, builds and
// publishes the current edition, shows what the store holds, then serves it (`svc serve`).
import type { Command } from "commander";
import type { CommandContext } from "../context.js";
import { formatStoreSummary } from "../print-summary.js";
import { formatBuildSummary, runBuild } from "./build-command.js";
import { DEMO_ID_PREFIX } from "../../demo/demo-ids.js";
import { loadDemo } from "./demo-command.js";
import { formatPublishSummary, runPublish } from "./publish-command.js";
import { serve } from "./serve-command.js";

/** True when the store holds Manifests other than the demo's: real news is never mixed with it. */
async function holdsOwnNews(context: CommandContext): Promise<boolean> {
  const store = await context.openStore();
  try {
    const all = await store.countManifests();
    return all > (await store.countManifests({ idPrefix: DEMO_ID_PREFIX }));
  } finally {
    await store.close();
  }
}

export function registerStart(program: Command, context: () => CommandContext) {
  program
    .command("start")
    .description(
      "Load the demo corpus into the store (a no-op when it is there; skipped when the store holds your own Manifests), build and publish the current edition, show what the store holds, then serve it over HTTP (svc serve)",
    )
    .action(async () => {
      const ctx = context();
      let code = 0;
      if (await holdsOwnNews(ctx)) {
        console.log(
          "the store holds your own Manifests: the demo corpus is not loaded (`svc demo` loads it anyway)",
        );
      } else {
        code = await loadDemo(ctx, { cycles: 2 });
      }
      const now = new Date();
      console.log(formatBuildSummary(await runBuild(ctx, now)));
      console.log(formatPublishSummary(await runPublish(ctx, now), `${ctx.config.dataDir}/public`));
      const store = await ctx.openStore();
      try {
        console.log(formatStoreSummary(await store.summarize()));
      } finally {
        await store.close();
      }
      console.log(
        `serving on port ${ctx.config.port}: ${ctx.config.baseUrl}/editions/latest.json (Ctrl-C stops)`,
      );
      if (code !== 0) console.error(`svc: loading the demo corpus ended with exit code ${code}`);
      await serve(ctx.config);
    });
}
