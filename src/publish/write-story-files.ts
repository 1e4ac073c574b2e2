// Writes each story of an edition as JSON under `public/stories/{date}/{slug}/index.json`.
// Each file is written beside its final name and renamed into place, so a reader never sees
// half a file. (The publisher of the next stage writes the whole tree and switches it.)
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { SLUG_PATTERN } from "../api/common.js";
import type { Edition } from "../build/build-edition.js";

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The same story always serialises to the same bytes. */
export function storyFileText(story: unknown): string {
  return `${JSON.stringify(story, null, 2)}\n`;
}

async function writeAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

/** Writes every story file; returns the paths written. */
export async function writeStoryFiles(publicDir: string, edition: Edition): Promise<string[]> {
  const written: string[] = [];
  for (const { identity, story } of edition.stories) {
    if (!DATE_PATTERN.test(identity.date) || !SLUG_PATTERN.test(identity.slug)) {
      throw new Error(
        `refusing to write a story at ${identity.date}/${identity.slug}: not a valid path`,
      );
    }
    const path = join(publicDir, "stories", identity.date, identity.slug, "index.json");
    await writeAtomically(path, storyFileText(story));
    written.push(path);
  }
  return written;
}
