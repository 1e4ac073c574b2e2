// `svc demo`: loads the bundled, fictional demo corpus into the store (or prints it).
import { join } from "node:path";
import { Readable } from "node:stream";
import type { Command } from "commander";
import { packageRoot } from "../../config/package-root.js";
import { loadDemoCorpus } from "../../demo/demo-corpus.js";
import { placeDemoManifests } from "../../demo/place-demo.js";
import type { Manifest } from "../../manifests/schema.js";
import type { CommandContext } from "../context.js";
import { EXIT_CODES_HELP } from "../exit-codes.js";
import { integerOption, timeOption } from "../options.js";
import { runIngest } from "./ingest-command.js";

export interface DemoOptions {
  at?: Date;
  cycles: number;
  print?: boolean;
  json?: boolean;
}

export function demoManifests(options: { at?: Date | undefined; cycles: number }): Manifest[] {
  const corpus = loadDemoCorpus(join(packageRoot(), "demo"));
  return placeDemoManifests(corpus, { now: options.at ?? new Date(), cycles: options.cycles });
}

/** Stores the demo Manifests through the ordinary ingest path; returns the exit code. */
export async function loadDemo(context: CommandContext, options: DemoOptions): Promise<number> {
  const manifests = demoManifests(options);
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
    .option("--json", "print the ingest summary as JSON")
    .addHelpText(
      "after",
      `\nReloading is a no-op: the same moment always gives the same ids and content.\n${EXIT_CODES_HELP}`,
    )
    .action(async (options: DemoOptions) => {
      if (options.print) {
        for (const manifest of demoManifests(options))
          process.stdout.write(`${JSON.stringify(manifest)}\n`);
        return;
      }
      setExit(await loadDemo(context(), options));
    });
}
