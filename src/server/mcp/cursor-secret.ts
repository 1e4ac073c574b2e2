// The secret that keys svc_since cursors (cursor.ts) when SVC_CURSOR_SECRET is not set. The
// key derivation is public (docs/mcp.md), so without a secret anyone could make a cursor. One
// random secret is made the first time a server starts on a data directory and kept there
// (`cursor-secret`, mode 0600): every process and replica reading that directory (one
// machine, or an NFS share) signs and reads the same cursors, and a restart keeps them valid.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
    // "wx": created only if absent; of two processes starting at once, one writes, both read.
    writeFileSync(path, `${made}\n`, { flag: "wx", mode: 0o600 });
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
