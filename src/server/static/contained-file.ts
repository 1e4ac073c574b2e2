// Reads a file only if its real location (every symbolic link resolved) lies inside an
// allowed directory: a link planted in a tree or the archive can never serve /etc/passwd.
import { createHash } from "node:crypto";
import { readFile, realpath, stat } from "node:fs/promises";
import { sep } from "node:path";

export interface ContainedFile {
  body: Buffer;
  modifiedMs: number;
}

/** True when `path` (already real) is `directory` itself or inside it. */
export function isInside(path: string, directory: string): boolean {
  return (
    path === directory || path.startsWith(directory.endsWith(sep) ? directory : directory + sep)
  );
}

/**
 * The bytes and modification time of `path` when it is a regular file whose real path is
 * inside `allowedRoot` (a real path); undefined when it is missing, not a file, or outside.
 */
export async function readContainedFile(
  path: string,
  allowedRoot: string,
): Promise<ContainedFile | undefined> {
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return undefined;
  }
  if (!isInside(real, allowedRoot) || real === allowedRoot) return undefined;
  const info = await stat(real);
  if (!info.isFile()) return undefined;
  return { body: await readFile(real), modifiedMs: info.mtimeMs };
}

export function sha256Hex(body: Buffer): string {
  return createHash("sha256").update(body).digest("hex");
}
