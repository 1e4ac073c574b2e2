// The secret that keys svc_since cursors (cursor.ts) when SVC_CURSOR_SECRET is not set. The
// key derivation is public (docs/mcp.md), so without a secret anyone could make a cursor. One
// random secret is made the first time a server starts on a data directory and kept there
// (`cursor-secret`, mode 0600): every process and replica reading that directory (one
// machine, or an NFS share) signs and reads the same cursors, and a restart keeps them valid.
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const CURSOR_SECRET_FILE = "cursor-secret";
/** 32 random bytes, as 64 hex digits. */
const SECRET_FORM = /^[0-9a-f]{64}$/;

export interface CursorSecret {
  secret: string;
  /** Where it came from; "process" when the directory could not keep one (then warn). */
  source: "environment" | "data directory" | "process";
  /** Why the data directory could not keep one, for the warning. */
  problem?: string;
}

function readSecret(path: string): string | undefined {
  try {
    const text = readFileSync(path, "utf8").trim();
    return SECRET_FORM.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts `secret` at `path` only if no file is there, whole or not at all: written to a file of
 * this process's own, then hard-linked into place (atomic, and refused with EEXIST when
 * another process got there first). Written in place, with "wx", a file would exist empty
 * for a moment, and a worker starting beside this one could read nothing, make a secret of
 * its own and sign cursors the others refuse (seen in the suite: two `svc serve` workers).
 */
function publishSecret(path: string, secret: string): void {
  const own = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(own, `${secret}\n`, { flag: "wx", mode: 0o600 });
  try {
    linkSync(own, path);
  } catch (error) {
    // A file system without hard links (EPERM, ENOTSUP): written in place, as before.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw error;
    writeFileSync(path, `${secret}\n`, { flag: "wx", mode: 0o600 });
  } finally {
    rmSync(own, { force: true });
  }
}

/**
 * The configured secret, else the data directory's (made when missing), else one for this
 * process only (a read-only directory without the file: cursors then hold until a restart).
 */
export function cursorSecret(configured: string | undefined, dataDir: string): CursorSecret {
  if (configured !== undefined && configured !== "") {
    return { secret: configured, source: "environment" };
  }
  const path = join(dataDir, CURSOR_SECRET_FILE);
  const kept = readSecret(path);
  if (kept !== undefined) return { secret: kept, source: "data directory" };
  const made = randomBytes(32).toString("hex");
  try {
    mkdirSync(dataDir, { recursive: true });
    // Of two processes starting at once, one publishes, both read.
    publishSecret(path, made);
    return { secret: made, source: "data directory" };
  } catch (error) {
    const raced = readSecret(path);
    if (raced !== undefined) return { secret: raced, source: "data directory" };
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    return {
      secret: made,
      source: "process",
      problem: `${path} could not be written (${reason}) or holds no valid secret`,
    };
  }
}
