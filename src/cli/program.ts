// The `svc` command line: parses flags, runs a command, turns failures into clear messages
// and documented exit codes. Started by main.ts.
import cluster from "node:cluster";
import { Command, CommanderError } from "commander";
import { packageVersion } from "../config/package-root.js";
import { SvcError } from "../errors.js";
import { registerBackup } from "./commands/backup-command.js";
import { registerBuild } from "./commands/build-command.js";
import { registerDemo } from "./commands/demo-command.js";
import { registerIngest } from "./commands/ingest-command.js";
import { registerPoll } from "./commands/poll-command.js";
import { registerPublish } from "./commands/publish-command.js";
import { registerScheduler } from "./commands/scheduler-command.js";
import { registerServe } from "./commands/serve-command.js";
import { registerStatus } from "./commands/status-command.js";
import { registerStart } from "./commands/start-command.js";
import { registerStoreCommands } from "./commands/store-commands.js";
import type { CommandContext, createContext, GlobalOptions } from "./context.js";
import { commandWord } from "./command-word.js";
import { EXIT, EXIT_CODES_HELP } from "./exit-codes.js";

const USAGE_ERRORS = new Set(["invalid_config", "invalid_argument", "input_not_found"]);
const LOCK_ERRORS = new Set(["build_locked", "publish_locked"]);

function buildProgram(setExit: (code: number) => void): Command {
  const program = new Command("svc")
    .description(
      "SVC: machine-readable news stories for software agents, every claim cited by Manifest ids",
    )
    .version(packageVersion())
    .option(
      "--data-dir <dir>",
      "data directory: SQLite file, published tree, rejects (env SVC_DATA_DIR, default ./data)",
    )
    .option(
      "--database-url <url>",
      "PostgreSQL connection URL instead of SQLite (env DATABASE_URL)",
    )
    .option("--base-url <url>", "public base URL of the service (env SVC_BASE_URL)")
    .option("--port <port>", "HTTP port (env PORT, default 8080)")
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText("after", `\nConfiguration: docs/configuration.md.\n${EXIT_CODES_HELP}`)
    .exitOverride();
  // The configuration and the store (zod, SQLite) load only when a command runs: `svc --help`
  // and usage errors need neither.
  let contextModule: { createContext: typeof createContext } | undefined;
  program.hook("preAction", async () => {
    contextModule ??= await import("./context.js");
  });
  let context: CommandContext | undefined;
  const getContext = () => {
    if (!contextModule) throw new Error("a command asked for its context before it ran");
    context ??= contextModule.createContext(program.opts<GlobalOptions>());
    return context;
  };
  registerIngest(program, getContext, setExit);
  registerPoll(program, getContext, setExit);
  registerDemo(program, getContext, setExit);
  registerStoreCommands(program, getContext);
  registerBuild(program, getContext);
  registerPublish(program, getContext);
  registerStart(program, getContext);
  registerServe(program, getContext);
  registerScheduler(program, getContext);
  registerStatus(program, getContext);
  registerBackup(program, getContext);
  return program;
}

async function main(argv: string[]): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = buildProgram((code) => {
    exitCode = code;
  });
  // Commander shows the main help for `svc nosuch --help` and exits 0: an unknown command is
  // a usage error whatever follows it.
  const word = commandWord(argv.slice(2));
  const known = new Set(["help", ...program.commands.map((command) => command.name())]);
  if (word !== undefined && !known.has(word)) {
    console.error(`svc: unknown command '${word}'`);
    console.error(`next step: run svc --help to see the commands (${[...known].join(", ")})`);
    return EXIT.usage;
  }
  try {
    await program.parseAsync(argv);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof SvcError) {
      console.error(`svc: ${error.message}`);
      if (error.nextStep) console.error(`next step: ${error.nextStep}`);
      if (LOCK_ERRORS.has(error.code)) return EXIT.locked;
      return USAGE_ERRORS.has(error.code) ? EXIT.usage : EXIT.failure;
    }
    console.error(
      `svc: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return EXIT.failure;
  }
}

/** Runs the command of `process.argv` and sets the exit code (main.ts). */
export function runProgram(): void {
  // A reader that stops early (`svc --help | head`) closes the pipe: that is not a failure of
  // ours, so end quietly instead of crashing on the unhandled EPIPE.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(process.exitCode ?? EXIT.ok);
      throw error;
    });
  }
  main(process.argv).then(
    (code) => {
      process.exitCode = code;
      // A cluster worker stays alive through its link to the primary: one that failed to
      // start (Redis unreachable, port taken) must exit, so that the primary sees it and stops.
      if (cluster.isWorker && code !== EXIT.ok) process.exit(code);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = EXIT.failure;
    },
  );
}
