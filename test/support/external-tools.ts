// Programs outside npm that some tests run (xmllint, trang, Debian's python3-feedparser,
// later chromium and nginx). On a developer's machine a missing tool skips those tests and
// says why; with SVC_REQUIRE_TOOLS=1 (CI) a missing tool is a failure, so a broken image can
// never pass by skipping.
//
//   const xmllint = externalTool("xmllint", "/usr/bin/xmllint");
//   describeWithTools([xmllint], "Atom schema", () => { it(...) });
//
// or, for a single test: `it.skipIf(xmllint.skip)(...)` plus `requireTools([xmllint])` at the
// top of the file: when the tool is required but missing, the test is not skipped (it fails
// on its own) and requireTools adds a failing test that says which tool is missing and why.
// Use `probe` when the file existing is not enough (a Python module, a browser that starts).
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { describe, it } from "vitest";

/** True when CI asks that every external tool be present (missing tools fail, never skip). */
export const TOOLS_REQUIRED = process.env.SVC_REQUIRE_TOOLS === "1";

export interface ExternalTool {
  /** What the tool is called in messages, e.g. "xmllint" or "python3-feedparser". */
  name: string;
  /** Absolute path of the executable. */
  path: string;
  /** Why the tool cannot be used, or undefined when it can. */
  missing: string | undefined;
  /** True when tests needing the tool should be skipped (missing and not required). */
  skip: boolean;
}

export interface ExternalToolOptions {
  /**
   * Arguments of a quick run that must exit 0 for the tool to count as present, e.g.
   * `["-c", "import feedparser"]` for a Python module or `["--version"]`.
   */
  probe?: readonly string[];
  /** Debian package to install, named in the skip message. */
  installHint?: string;
}

function findMissing(path: string, options: ExternalToolOptions): string | undefined {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return `${path} is not an executable file`;
  }
  if (!options.probe) return undefined;
  const run = spawnSync(path, options.probe, { encoding: "utf8", timeout: 30_000 });
  if (run.status === 0) return undefined;
  const said = (run.stderr || run.error?.message || "").trim().split("\n").at(-1) ?? "";
  return `${path} ${options.probe.join(" ")} failed (exit ${run.status ?? "none"}): ${said}`;
}

/** Looks for a tool once (at import time of the test file) and says whether tests may use it. */
export function externalTool(
  name: string,
  path: string,
  options: ExternalToolOptions = {},
): ExternalTool {
  const found = findMissing(path, options);
  const hint = options.installHint ? `; install the Debian package ${options.installHint}` : "";
  const missing = found === undefined ? undefined : `${name} unavailable: ${found}${hint}`;
  return { name, path, missing, skip: missing !== undefined && !TOOLS_REQUIRED };
}

function missingOf(tools: readonly ExternalTool[]): string[] {
  return tools.flatMap((tool) => (tool.missing === undefined ? [] : [tool.missing]));
}

/**
 * Registers a failing test when a required tool is missing (SVC_REQUIRE_TOOLS=1); otherwise
 * does nothing. Use it beside `it.skipIf(tool.skip)`.
 */
export function requireTools(tools: readonly ExternalTool[]): void {
  const missing = missingOf(tools);
  if (missing.length === 0 || !TOOLS_REQUIRED) return;
  it(`needs ${tools.map((tool) => tool.name).join(", ")}`, () => {
    throw new Error(
      `${missing.join("; ")} (SVC_REQUIRE_TOOLS=1 turns a missing tool into a failure)`,
    );
  });
}

/**
 * `describe` whose tests run only when every tool is present. When one is missing the block is
 * skipped, its title saying which tool and why; with SVC_REQUIRE_TOOLS=1 it fails instead.
 */
export function describeWithTools(
  tools: readonly ExternalTool[],
  title: string,
  body: () => void,
): void {
  const missing = missingOf(tools);
  if (missing.length === 0) {
    describe(title, body);
  } else if (TOOLS_REQUIRED) {
    describe(title, () => requireTools(tools));
  } else {
    describe.skip(`${title} [skipped: ${missing.join("; ")}]`, body);
  }
}
