// One publisher at a time per data directory: a lock file holding the publisher's pid. A lock
// left by a killed process (its pid no longer runs) is taken over, so a crash never blocks
// the next run.
import { open, readFile, rm } from "node:fs/promises";
import { SvcError, type SvcErrorCode } from "../errors.js";

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

/** Who takes the lock, for the message a second one gets. */
export interface LockHolder {
  code: SvcErrorCode;
  what: string;
}

const PUBLISHER: LockHolder = { code: "publish_locked", what: "publisher is publishing" };

export async function acquireTreeLock(path: string, who = PUBLISHER): Promise<TreeLock> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(path, "wx");
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return { release: () => rm(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number((await readFile(path, "utf8").catch(() => "")).trim());
      if (isRunning(owner) && owner !== process.pid) {
        throw new SvcError(
          who.code,
          `another ${who.what} (pid ${owner}) in this data directory (${path})`,
          "wait for it to finish; if no such process runs, delete the lock file and try again",
        );
      }
      await rm(path, { force: true });
    }
  }
  throw new SvcError(
    who.code,
    `cannot take the lock ${path}`,
    "check that the data directory is writable and publish again",
  );
}
