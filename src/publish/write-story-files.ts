// Writes each story of an edition as JSON under `public/stories/{date}/{slug}/index.json`.
// Each file is written beside its final name and renamed into place, so a reader never sees
// half a file. (The publisher of the next stage writes the whole tree and switches it.)
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { SLUG_PATTERN } from "../api/common.js";
import { describeError } from "../errors.js";
import type { BuiltStory, Edition } from "../build/build-edition.js";
import type { StoryIdentity } from "../build/compose/compose-story.js";

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Files written at once: file system latency overlaps, memory stays bounded. */
const CONCURRENT_WRITES = 16;

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

function storyPath(publicDir: string, identity: StoryIdentity): string {
  if (!DATE_PATTERN.test(identity.date) || !SLUG_PATTERN.test(identity.slug)) {
    throw new Error(
      `refusing to write a story at ${identity.date}/${identity.slug}: not a valid path`,
    );
  }
  return join(publicDir, "stories", identity.date, identity.slug, "index.json");
}

/**
 * Writes story files as they are handed over (`add`), a few at a time, while the builder goes
 * on; `finish` waits for all of them and throws the first failure.
 */
export function storyFileWriter(publicDir: string) {
  const queue: BuiltStory[] = [];
  const written: string[] = [];
  let running = 0;
  let failure: Error | undefined;
  let idle: (() => void) | undefined;
  const pump = () => {
    while (running < CONCURRENT_WRITES && queue.length > 0) {
      const { identity, story } = queue.shift() as BuiltStory;
      running += 1;
      const path = storyPath(publicDir, identity);
      writeAtomically(path, storyFileText(story))
        .then(
          () => written.push(path),
          (error: unknown) =>
            (failure ??= new Error(`cannot write ${path}: ${describeError(error)}`)),
        )
        .finally(() => {
          running -= 1;
          pump();
          if (running === 0 && queue.length === 0) idle?.();
        });
    }
  };
  return {
    add(story: BuiltStory): void {
      queue.push(story);
      pump();
    },
    async finish(): Promise<string[]> {
      if (running > 0 || queue.length > 0) await new Promise<void>((resolve) => (idle = resolve));
      if (failure !== undefined) throw failure;
      return written.sort();
    },
  };
}

/** Writes every story file of an edition; returns the paths written. */
export async function writeStoryFiles(publicDir: string, edition: Edition): Promise<string[]> {
  const writer = storyFileWriter(publicDir);
  for (const story of edition.stories) writer.add(story);
  return writer.finish();
}
