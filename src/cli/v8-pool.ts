// The size of V8's pool of background threads for a build. Node starts V8 with a pool of
// 4 threads whatever the machine; on fewer cores, those threads (the optimising compiler's
// and the collector's) take turns with the main thread that builds. A 10,000-Manifest build
// on 2 cores runs about 10% faster with a pool of one (docs/stories.md, "Speed"). The pool is
// sized when the process starts and no API changes it later, so `svc build` starts itself
// again with `--v8-pool-size` (main.ts), and the scheduler starts its builds with it.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

/** Node's pool when no `--v8-pool-size` is given. */
export const NODE_DEFAULT_POOL = 4;

const POOL_FLAG = "--v8-pool-size";

/** The pool for `cores` cores (one fewer, at least one), or undefined where Node's suits. */
export function poolSizeFor(cores: number): number | undefined {
  return cores < NODE_DEFAULT_POOL ? Math.max(1, cores - 1) : undefined;
}

/** The Node flags a process was started with: its own, then those of NODE_OPTIONS. */
function nodeFlags(execArgv: readonly string[], nodeOptions: string): string[] {
  return [...execArgv, ...nodeOptions.split(/\s+/u)];
}

/** Whether the process was started with a pool size already (its flags, or NODE_OPTIONS). */
export function poolSizeGiven(execArgv: readonly string[], nodeOptions = ""): boolean {
  return nodeFlags(execArgv, nodeOptions).some(
    (flag) => flag === POOL_FLAG || flag.startsWith(`${POOL_FLAG}=`),
  );
}

/**
 * Whether the process runs under the inspector (`--inspect`, `--inspect-brk`, also through
 * NODE_OPTIONS): a debugger attached to it wants the build in this process, and a child would
 * try to open the same inspector port.
 */
export function underInspector(execArgv: readonly string[], nodeOptions = ""): boolean {
  return nodeFlags(execArgv, nodeOptions).some((flag) => flag.startsWith("--inspect"));
}

/**
 * The flag that sizes a build's pool on this machine, or undefined: none is needed (enough
 * cores), the operator chose a size (an explicit flag or NODE_OPTIONS always wins), or a
 * debugger is attached (underInspector).
 */
export function buildPoolFlag(
  cores = availableParallelism(),
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS,
): string | undefined {
  if (poolSizeGiven(execArgv, nodeOptions) || underInspector(execArgv, nodeOptions))
    return undefined;
  const size = poolSizeFor(cores);
  return size === undefined ? undefined : `${POOL_FLAG}=${size}`;
}

const FORWARDED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Runs this same command again in a child Node with `flag` added, its input and output this
 * process's own, and resolves to the exit code to end with. A stop signal received here is
 * passed on, so the child ends as it would have alone; a child that a signal ends ends this
 * process by the same signal.
 */
export function runAgainWith(flag: string): Promise<number> {
  const [, script, ...args] = process.argv;
  if (script === undefined) return Promise.reject(new Error("cannot tell which script runs svc"));
  const child = spawn(process.execPath, [...process.execArgv, flag, script, ...args], {
    stdio: "inherit",
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      for (const name of FORWARDED_SIGNALS) process.off(name, forward);
      if (signal !== null) {
        process.kill(process.pid, signal);
        return;
      }
      resolve(code ?? 1);
    });
  });
}
