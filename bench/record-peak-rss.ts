// Preloaded into a benchmarked process (node --import): writes its peak RSS in bytes to the
// file named by SVC_BENCH_RSS_FILE when it exits. A process that `svc` starts again (a
// build sized for a small machine, src/cli/v8-pool.ts) preloads it too and exits first: the
// file keeps the larger of the two peaks.
import { readFileSync, writeFileSync } from "node:fs";

const target = process.env.SVC_BENCH_RSS_FILE;
if (target) {
  process.on("exit", () => {
    let recorded = 0;
    try {
      recorded = Number(readFileSync(target, "utf8")) || 0;
    } catch {
      // No process has written it yet.
    }
    writeFileSync(target, String(Math.max(recorded, process.resourceUsage().maxRSS * 1024)));
  });
}
