// `svc demo`: loads the bundled, fictional demo corpus into the store (or prints it).
import { join } from "node:path";
import { Readable } from "node:stream";
import type { Command } from "commander";
import { packageRoot } from "../../config/package-root.js";
import type { Manifest } from "../../manifests/schema.js";
import type { ManifestRemover, StoreInventory } from "../../store/manifest-store.js";
import type { CommandContext } from "../context.js";
import { EXIT_CODES_HELP } from "../exit-codes.js";
import { integerOption, timeOption } from "../options.js";
import { DEMO_ID_PREFIX } from "../../demo/demo-ids.js";
import { formatBuildSummary, runBuild } from "./build-command.js";
import { runIngest } from "./ingest-command.js";
import { formatPublishSummary, runPublish } from "./publish-command.js";

export interface DemoOptions {
  at?: Date;
  cycles: number;
  print?: boolean;
  remove?: boolean;
  json?: boolean;
}

/** Removes the demo Manifests and the editions built with them; counts what remains. */
export async function removeDemoManifests(
  store: ManifestRemover & Pick<StoreInventory, "countManifests">,
): Promise<{ manifests: number; editions: number; remaining: number }> {
  const removed = await store.removeManifests(DEMO_ID_PREFIX);
  return { ...removed, remaining: await store.countManifests() };
}

/**
 * Takes the demo out: its Manifests and the editions built with them go, and the current
 * edition is built and published again from what remains (your own news, or nothing).
 */
export async function removeDemo(context: CommandContext, now = new Date()): Promise<string> {
  const store = await context.openStore();
  let removed: { manifests: number; editions: number; remaining: number };
  try {
    removed = await removeDemoManifests(store);
  } finally {
    await store.close();
  }
  const { remaining } = removed;
  const lines = [
    `removed ${removed.manifests} demo Manifests and ${removed.editions} editions built with them; ${remaining} Manifests remain`,
  ];
  lines.push(formatBuildSummary(await runBuild(context, now)));
  lines.push(
    formatPublishSummary(await runPublish(context, now), `${context.config.dataDir}/public`),
  );
  return lines.join("\n");
}

export async function demoManifests(options: {
  at?: Date | undefined;
  cycles: number;
}): Promise<Manifest[]> {
  // The corpus reader (zod) loads only when the demo is wanted.
  const [{ loadDemoCorpus }, { placeDemoManifests }] = await Promise.all([
    import("../../demo/demo-corpus.js"),
    import("../../demo/place-demo.js"),
  ]);
  const corpus = loadDemoCorpus(join(packageRoot(), "demo"));
  return placeDemoManifests(corpus, { now: options.at ?? new Date(), cycles: options.cycles });
}

/** Stores the demo Manifests through the ordinary ingest path; returns the exit code. */
export async function loadDemo(context: CommandContext, options: DemoOptions): Promise<number> {
  const manifests = await demoManifests(options);
  const stream = Readable.from(manifests.map((m) => Buffer.from(`${JSON.stringify(m)}\n`)));
  return runIngest(context, [{ kind: "stream", name: "demo", stream }], {
    format: "jsonl",
    batchSize: 2000,
    maxRecordBytes: 1024 * 1024,
    workers: 0,
    ...(options.json ? { json: true } : {}),
  });
}

export function registerDemo(
  program: Command,
  context: () => CommandContext,
  setExit: (code: number) => void,
) {
  program
    .command("demo")
    .description(
      "Load the bundled demo corpus (fictional news written by the SVC team) into the store, placed in time so that it fills the last days",
    )
    .option(
      "--at <time>",
      "place the demo as if it were this time (default: now)",
      timeOption("--at"),
    )
    .option(
      "--cycles <n>",
      "how many 48-hour cycles back to fill",
      integerOption("--cycles", 1, 30),
      2,
    )
    .option("--print", "write the demo Manifests as JSON Lines to stdout instead of storing them")
    .option(
      "--remove",
      "take the demo out of the store (its Manifests and the editions built with them), then build and publish the current edition from what remains",
    )
    .option("--json", "print the ingest summary as JSON")
    .addHelpText(
      "after",
      `\nReloading is a no-op: the same moment always gives the same ids and content.\n${EXIT_CODES_HELP}`,
    )
    .action(async (options: DemoOptions) => {
      if (options.remove) {
        console.log(await removeDemo(context(), options.at));
        return;
      }
      if (options.print) {
        for (const manifest of await demoManifests(options))
          process.stdout.write(`${JSON.stringify(manifest)}\n`);
        return;
      }
      setExit(await loadDemo(context(), options));
    });
}
