#!/usr/bin/env node
// The `svc` entry point. A build on a machine with fewer cores than V8's default pool of
// background threads runs in a child Node with a pool that fits (v8-pool.ts); every other
// command, and the build itself there, runs the program (program.ts), loaded only then so
// that starting again costs Node's start alone. On a Node that aborts the embedded store
// (node-support.ts) it says so and exits before loading anything.
import { commandWord } from "./command-word.js";
import { EXIT } from "./exit-codes.js";
import { unsupportedNodeReason } from "./node-support.js";
import { buildPoolFlag, runAgainWith } from "./v8-pool.js";

const refused = unsupportedNodeReason(process.version);
const flag = commandWord(process.argv.slice(2)) === "build" ? buildPoolFlag() : undefined;
if (refused !== undefined) {
  process.stderr.write(`${refused}\n`);
  process.exitCode = EXIT.usage;
} else if (flag === undefined) {
  (await import("./program.js")).runProgram();
} else {
  try {
    process.exitCode = await runAgainWith(flag);
  } catch {
    // No child could start (out of processes): build here, with Node's pool.
    (await import("./program.js")).runProgram();
  }
}
