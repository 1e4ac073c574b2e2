// Which command a `svc` command line runs, read before the program loads (main.ts).

/** Global options that take a value (`--port 80`), so the value is not read as a command. */
const GLOBAL_VALUE_OPTIONS = new Set(["--data-dir", "--database-url", "--base-url", "--port"]);

/** The command word of `args` (after the global options), if any. */
export function commandWord(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (GLOBAL_VALUE_OPTIONS.has(arg)) index += 1;
    else if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}
