// Which Node versions svc refuses to start on, read before anything loads (main.ts).
//
// Node 24.19.0 to 24.21.x abort the process when a better-sqlite3 12 statement or database
// is garbage-collected at an idle moment: `node::ObjectWrap`'s destructor removes its
// environment cleanup hook and asserts that a V8 context is entered ("Assertion failed: (env)
// != nullptr" in RemoveEnvironmentCleanupHook), and better-sqlite3 before 13 derives its
// objects from ObjectWrap. Node 24.22.1 no longer asserts. A server on an affected Node would
// die at a random moment, so svc says so at once instead (docs/decisions.md, "Node versions").

/** The first and the first fixed version of the Node 24 line that aborts better-sqlite3 12. */
export const ABORTING_NODE_24 = { from: [24, 19, 0], fixedIn: [24, 22, 1] } as const;

type Version = readonly [number, number, number];

/** `v24.21.0` or `24.21.0` as numbers; undefined for anything else. */
export function parseNodeVersion(version: string): Version | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (match === null) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Why svc must not run on Node `version` (process.version), or undefined when it may. Only the
 * versions known to abort the embedded store are refused; the supported lines are `engines` in
 * package.json, which npm checks at install.
 */
export function unsupportedNodeReason(version: string): string | undefined {
  const parsed = parseNodeVersion(version);
  if (parsed === undefined) return undefined;
  const { from, fixedIn } = ABORTING_NODE_24;
  if (compare(parsed, from) < 0 || compare(parsed, fixedIn) >= 0) return undefined;
  return (
    `svc: Node ${parsed.join(".")} is not supported: from ${from.join(".")} to before ` +
    `${fixedIn.join(".")}, Node aborts the process when the embedded SQLite store's objects ` +
    `are garbage-collected ("Assertion failed: (env) != nullptr"). ` +
    `Run svc on Node ${fixedIn.join(".")} or newer, or on Node 22 or 20 (docs/operations.md, "Node versions").`
  );
}
