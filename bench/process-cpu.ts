// CPU time used by a process and its direct children (nginx workers, node:cluster workers),
// read from Linux's /proc, and keeping such a group of processes on chosen cores. On a
// machine whose cores are shared, CPU microseconds per request vary far less than requests
// per second, so the cluster benchmark reports both.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** [ppid, utime + stime in ticks] of a process, or undefined when it is gone. */
function statOf(pid: string): [number, number] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state, ppid, … utime (14th
    // field of the line), stime (15th).
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return [Number(fields[1]), Number(fields[11]) + Number(fields[12])];
  } catch {
    return undefined;
  }
}

/** [pid, utime + stime in ticks] of the processes in `pids` and their direct children. */
function processTree(pids: readonly number[]): Array<[number, number]> {
  const roots = new Set(pids);
  const found: Array<[number, number]> = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(entry);
    if (stat !== undefined && (roots.has(Number(entry)) || roots.has(stat[0]))) {
      found.push([Number(entry), stat[1]]);
    }
  }
  return found;
}

/**
 * Keeps every thread of `pids` and of their direct children on the cores `cpus` (a taskset
 * list, e.g. "1" or "0-1"); threads they start later inherit it.
 */
export function pinProcesses(pids: readonly number[], cpus: string): void {
  for (const [pid] of processTree(pids)) {
    execFileSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { stdio: "ignore" });
  }
}

/** Milliseconds of CPU used so far by each process in `pids` and its direct children. */
export function cpuMsOf(pids: readonly number[]): number {
  const ticks = processTree(pids).reduce((sum, [, used]) => sum + used, 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}
