// The `svc` command line's usage rules, as users meet them: an unknown command is a usage
// error (exit 2) even with --help after it, and a reader that closes the pipe early
// (`svc --help | head -1`) does not make svc crash.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runSvc, SVC_MAIN } from "./support/svc-cli.js";

describe("svc usage", () => {
  it("refuses an unknown command with exit code 2, also when --help follows it", async () => {
    for (const args of [["nosuch"], ["nosuch", "--help"], ["--port", "8081", "nosuch"]]) {
      const run = await runSvc(args, {});
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toContain("unknown command 'nosuch'");
      expect(run.stderr).toContain("svc --help");
    }
  });

  it("still shows help for known commands after global options", async () => {
    const run = await runSvc(["--port", "8081", "poll", "--help"], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Usage: svc poll");
  });

  it("ends quietly when its output pipe is closed early", async () => {
    const child = spawn(process.execPath, [SVC_MAIN, "--help"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // Read nothing and close at once, as `head -0` would.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(stderr).not.toContain("EPIPE");
    expect(code).toBe(0);
  });
});
