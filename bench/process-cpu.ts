// CPU time used by a process and its direct children (nginx workers, node:cluster workers),
// read from Linux's /proc. On a machine whose cores are shared, CPU microseconds per request
// vary far less than requests per second, so the cluster benchmark reports both.
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

/** Milliseconds of CPU used so far by each process in `pids` and its direct children. */
export function cpuMsOf(pids: readonly number[]): number {
  const roots = new Set(pids);
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(entry);
    if (stat !== undefined && (roots.has(Number(entry)) || roots.has(stat[0]))) ticks += stat[1];
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
