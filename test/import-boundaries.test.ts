// The import rule between the folders of src/ (eslint.config.js, ALLOWED_IMPORTS): a forbidden
// import fails ESLint, an allowed one passes, every folder of src/ is in the table, and the
// table in docs/architecture.md is the one the rule enforces.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/svc-cli.js";

const RULE = "import-x/no-restricted-paths";

/** What eslint.config.js exports besides the configuration (a JavaScript file: typed here). */
const { ALLOWED_IMPORTS, importBoundaries } = (await import(
  pathToFileURL(join(ROOT, "eslint.config.js")).href
)) as {
  ALLOWED_IMPORTS: Record<string, string[]>;
  importBoundaries: Linter.Config & { rules: Record<string, unknown> };
};

/** ESLint with only the boundary block of our configuration (no type information needed). */
function boundaryLinter(): ESLint {
  return new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } },
      importBoundaries,
    ],
  });
}

/** The messages of the boundary rule for `code` as if it were the file `path` of the repo. */
async function boundaryErrors(code: string, path: string): Promise<string[]> {
  const [result] = await boundaryLinter().lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe("import boundaries between the folders of src/", () => {
  it("refuses an import the table forbids: the server importing the builder or the publisher", async () => {
    const errors = await boundaryErrors(
      [
        'import { buildEdition } from "../editorial/build-edition.js";',
        'import { publishEdition } from "../publish/publish-edition.js";',
        "export const used = [buildEdition, publishEdition];",
      ].join("\n"),
      "src/server/boundary-fixture.ts",
    );
    expect(errors).toHaveLength(2);
    for (const error of errors)
      expect(error).toMatch(/^import-x\/no-restricted-paths: .*src\/server\//);
  });

  it("refuses the other directions the issue names (query -> editorial, store -> server, api -> store)", async () => {
    const cases: Array<[string, string]> = [
      ['import "../editorial/text/manifest-reading.js";', "src/query/boundary-fixture.ts"],
      ['import "../server/http/app.js";', "src/store/boundary-fixture.ts"],
      ['import "../store/manifest-store.js";', "src/api/boundary-fixture.ts"],
      ['import "../publish/publish-edition.js";', "src/schedule/boundary-fixture.ts"],
      ['import "../../editorial/build-edition.js";', "src/server/mcp/boundary-fixture.ts"],
    ];
    for (const [code, path] of cases) {
      expect(await boundaryErrors(code, path), `${path}: ${code}`).toHaveLength(1);
    }
  });

  it("lets allowed imports, src/errors.ts and the one allowed file of a folder through", async () => {
    const cases: Array<[string, string]> = [
      ['import { treePaths } from "../tree/tree-paths.js";', "src/server/boundary-fixture.ts"],
      ['import { storyLinks } from "../tree/site-links.js";', "src/editorial/boundary-fixture.ts"],
      ['import { SvcError } from "../errors.js";', "src/time/boundary-fixture.ts"],
      ['import "../editorial/hygiene/drop-reasons.js";', "src/metrics/boundary-fixture.ts"],
    ];
    for (const [code, path] of cases) {
      expect(await boundaryErrors(code, path), `${path}: ${code}`).toEqual([]);
    }
    // The rest of editorial/ stays closed to metrics.
    expect(
      await boundaryErrors(
        'import "../editorial/build-edition.js";',
        "src/metrics/boundary-fixture.ts",
      ),
    ).toHaveLength(1);
  });

  it("leaves tests beside the code free to set up fixtures from any stage", async () => {
    const code = 'import "../editorial/build-edition.js";';
    expect(await boundaryErrors(code, "src/query/boundary-fixture.test.ts")).toEqual([]);
  });

  it("is on in the configuration CI lints with", async () => {
    const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(
      join(ROOT, "src/server/http/app.ts"),
    )) as Linter.Config;
    const [severity, options] = config.rules?.[RULE] as [number, unknown];
    expect(severity).toBe(2);
    expect(options).toEqual((importBoundaries.rules[RULE] as [string, unknown])[1]);
  });

  it("has a row for every folder of src/, and allows only folders that exist", () => {
    const folders = readdirSync(join(ROOT, "src"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(ALLOWED_IMPORTS).sort()).toEqual(folders);
    for (const allowed of Object.values(ALLOWED_IMPORTS)) {
      for (const entry of allowed) {
        const folder = entry.split("/")[0] as string;
        expect(folders).toContain(folder);
        if (entry.includes("/")) expect(() => readFileSync(join(ROOT, "src", entry))).not.toThrow();
      }
    }
  });

  it("is the table docs/architecture.md shows", () => {
    const doc = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
    const section = doc.slice(doc.indexOf("## Allowed imports"));
    const rows = new Map<string, string[]>();
    for (const match of section.matchAll(/^\| `src\/([a-z]+)\/` \| (.*) \|$/gm)) {
      const cell = match[2] as string;
      const imports = [...cell.matchAll(/`([a-z]+\/(?:[a-z/-]+\.ts)?)`/g)].map((m) =>
        (m[1] as string).replace(/\/$/, ""),
      );
      rows.set(match[1] as string, imports.sort());
    }
    const expected = new Map(
      Object.entries(ALLOWED_IMPORTS).map(([folder, allowed]) => [folder, [...allowed].sort()]),
    );
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(expected));
  });
});
