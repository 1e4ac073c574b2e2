// Texts of megabytes, shaped against the patterns that once backtracked quadratically
// (test/support/long-input-cases.ts): each case finishes in milliseconds when the patterns
// are linear, and would take minutes to hours when one is not. A Manifest's text may be
// 16 MiB and a feed's item is anyone's text: one such item must not stall an edition or
// /ask. Each case runs in its own process, stopped when it overruns (a regular expression
// blocks its thread). The lint rules of eslint-plugin-regexp (eslint.config.js) keep new
// pattern literals linear; these cases also pin the patterns built from strings.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { LONG_INPUT_CASES } from "./support/long-input-cases.js";

const SCRIPT = fileURLToPath(new URL("./support/long-input-cases.ts", import.meta.url));
/** About a hundred times what a linear case takes with the process start, on a loaded machine. */
const DEADLINE_MS = 30_000;

describe("texts of megabytes finish", () => {
  for (const name of Object.keys(LONG_INPUT_CASES)) {
    it(name, { timeout: DEADLINE_MS + 10_000 }, async () => {
      const run = promisify(execFile)(process.execPath, ["--import", "tsx", SCRIPT, name], {
        timeout: DEADLINE_MS,
        killSignal: "SIGKILL",
      });
      await expect(run, `${name}: not done in ${DEADLINE_MS / 1000} s`).resolves.toMatchObject({
        stdout: "ok\n",
      });
    });
  }
});
