// Story files of older dates, read from the archive when asked for and kept in a bounded
// least-recently-used cache. Buckets never change once written (their name is a hash of
// their content), so a cached file stays right across editions.
import { join } from "node:path";
import { readContainedFile, sha256Hex } from "./contained-file.js";
import { storyFilePath } from "../../tree/site-links.js";
import type { StoryFileRequest } from "./request-path.js";
import { memoryOf, prepareStaticFile, type StaticFile } from "./static-file.js";

export interface ArchiveFilesOptions {
  /** Bytes of cached files (all encodings) kept at most. */
  maxBytes: number;
  commonHeaders: readonly string[];
}

export class ArchiveFiles {
  readonly #options: ArchiveFilesOptions;
  /** Insertion order is recency order: a hit moves its entry to the end. */
  readonly #cache = new Map<string, StaticFile>();
  readonly #loading = new Map<string, Promise<StaticFile | undefined>>();
  #bytes = 0;

  constructor(options: ArchiveFilesOptions) {
    this.#options = { ...options };
  }

  /** The cached file, or undefined (then call `load`). */
  cached(bucket: string, story: StoryFileRequest): StaticFile | undefined {
    const key = `${bucket}/${story.slug}/${story.file}`;
    const file = this.#cache.get(key);
    if (file !== undefined) {
      this.#cache.delete(key);
      this.#cache.set(key, file);
    }
    return file;
  }

  /** Reads a story file of `bucket` (inside the real `archiveDir`); undefined when missing. */
  load(
    archiveDir: string,
    bucket: string,
    story: StoryFileRequest,
  ): Promise<StaticFile | undefined> {
    const key = `${bucket}/${story.slug}/${story.file}`;
    const pending = this.#loading.get(key);
    if (pending !== undefined) return pending;
    const loading = this.#read(join(archiveDir, bucket), story).finally(() => {
      this.#loading.delete(key);
    });
    this.#loading.set(key, loading);
    return loading.then((file) => {
      if (file !== undefined) this.#remember(key, file);
      return file;
    });
  }

  get size(): { files: number; bytes: number } {
    return { files: this.#cache.size, bytes: this.#bytes };
  }

  async #read(bucketDir: string, story: StoryFileRequest): Promise<StaticFile | undefined> {
    const read = await readContainedFile(join(bucketDir, story.slug, story.file), bucketDir);
    if (read === undefined) return undefined;
    return prepareStaticFile({
      path: storyFilePath(story.date, story.slug, story.file),
      hash: sha256Hex(read.body),
      ...read,
      commonHeaders: this.#options.commonHeaders,
    });
  }

  #remember(key: string, file: StaticFile): void {
    const bytes = memoryOf(file);
    if (bytes > this.#options.maxBytes || this.#cache.has(key)) return;
    this.#cache.set(key, file);
    this.#bytes += bytes;
    for (const [oldest, old] of this.#cache) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#cache.delete(oldest);
      this.#bytes -= memoryOf(old);
    }
  }
}
