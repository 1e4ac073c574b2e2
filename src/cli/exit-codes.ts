// Exit codes of every svc command (documented in docs/operations.md and in `svc --help`).

export const EXIT = {
  /** Everything worked. */
  ok: 0,
  /** Something failed: the store is unreachable, a file could not be written, a bug. */
  failure: 1,
  /** The command line or the configuration is wrong; nothing was done. */
  usage: 2,
  /** Ingest finished, but some records were rejected or an input was unreadable (see the rejects file). */
  rejected: 3,
  /** Ingest finished with nothing rejected, but some ids conflicted with stored records. */
  conflicts: 4,
  /** Another builder or publisher holds the lock of this store or data directory; nothing was done. */
  locked: 5,
  /** Poll finished, but some feeds could not be fetched or read (they are retried later). */
  feedsFailed: 6,
} as const;

export const EXIT_CODES_HELP = `
Exit codes:
  0  success
  1  failure (store unreachable, I/O error, bug)
  2  usage or configuration error; nothing was done
  3  ingest finished, some records were rejected or an input could not be read to the end
  4  ingest finished, nothing rejected, some ids conflicted with stored records
  5  another builder or publisher holds the lock; nothing was done (try again later)
  6  poll finished, some feeds could not be fetched or read (retried with back-off)`;
