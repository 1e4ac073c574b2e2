// Preloaded into a benchmarked process (node --import): writes its peak RSS in bytes to the
// file named by SVC_BENCH_RSS_FILE when it exits.
import { writeFileSync } from "node:fs";

const target = process.env.SVC_BENCH_RSS_FILE;
if (target) {
  process.on("exit", () => {
    writeFileSync(target, String(process.resourceUsage().maxRSS * 1024));
  });
}
