// One publisher at a time per data directory: a lock file holding the publisher's pid. A lock
// left by a killed process (its pid no longer runs) is taken over, so a crash never blocks
// the next run.
import { open, readFile, rm } from "node:fs/promises";
import { SvcError } from "../errors.js";

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface TreeLock {
  release(): Promise<void>;
}

export async function acquireTreeLock(path: string): Promise<TreeLock> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(path, "wx");
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return { release: () => rm(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number((await readFile(path, "utf8").catch(() => "")).trim());
      if (isRunning(holder) && holder !== process.pid) {
        throw new SvcError(
          "publish_locked",
          `another publisher (pid ${holder}) is publishing into this data directory (${path})`,
          "wait for it to finish; if no such process runs, delete the lock file and publish again",
        );
      }
      await rm(path, { force: true });
    }
  }
  throw new SvcError(
    "publish_locked",
    `cannot take the publish lock ${path}`,
    "check that the data directory is writable and publish again",
  );
}
