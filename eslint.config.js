// Lint rules that a tool can check (STYLE.md): strict TypeScript, node: imports, type-only
// imports, no console outside the CLI, benchmarks and tests, no floating promises, and which
// folder of src/ may import which (ALLOWED_IMPORTS, the table in docs/architecture.md).
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

const NODE_BUILTINS = [
  "assert",
  "buffer",
  "child_process",
  "crypto",
  "events",
  "fs",
  "fs/promises",
  "http",
  "https",
  "net",
  "os",
  "path",
  "readline",
  "stream",
  "stream/promises",
  "url",
  "util",
  "worker_threads",
  "zlib",
];

/**
 * The folders of src/ each folder's code may import besides itself (docs/architecture.md,
 * "Allowed imports"; src/errors.ts is open to all). A `folder/file.ts` entry allows that one
 * file of a folder. Tests (`*.test.ts`) may import anything to set up their fixtures.
 */
export const ALLOWED_IMPORTS = {
  manifests: [],
  time: [],
  text: [],
  shared: [],
  workers: [],
  api: ["manifests"],
  store: ["manifests"],
  config: ["api", "manifests", "store", "time"],
  demo: ["manifests"],
  ingest: ["manifests", "store", "workers"],
  poll: ["config", "ingest", "manifests", "store"],
  tree: ["api", "shared", "time"],
  editorial: ["api", "config", "manifests", "shared", "store", "text", "time", "tree", "workers"],
  publish: ["api", "config", "demo", "manifests", "shared", "store", "time", "tree", "workers"],
  query: ["api", "shared", "text", "time", "tree", "workers"],
  metrics: ["api", "editorial/hygiene/drop-reasons.ts"],
  server: ["api", "config", "manifests", "metrics", "query", "shared", "time", "tree", "workers"],
  schedule: ["time", "tree"],
  cli: [
    "api",
    "config",
    "demo",
    "editorial",
    "ingest",
    "manifests",
    "metrics",
    "poll",
    "publish",
    "schedule",
    "server",
    "store",
    "time",
    "tree",
    "workers",
  ],
};

/** `import-x/no-restricted-paths` zones: for each folder, every folder it may not import. */
function boundaryZones(allowed) {
  const folders = Object.keys(allowed);
  return folders
    .map((folder) => {
      const files = allowed[folder].filter((entry) => entry.includes("/"));
      const forbidden = folders.filter(
        (other) => other !== folder && !allowed[folder].includes(other),
      );
      return forbidden.map((other) => ({
        target: `./src/${folder}`,
        from: `./src/${other}`,
        except: files
          .filter((file) => file.startsWith(`${other}/`))
          .map((file) => `./${file.slice(other.length + 1)}`),
        message: `src/${folder}/ may import ${allowed[folder].join(", ") || "nothing of ours"} (docs/architecture.md, "Allowed imports").`,
      }));
    })
    .flat();
}

/** The import rule on production code (its test lints fixtures with this same block). */
export const importBoundaries = {
  files: ["src/**/*.ts"],
  ignores: ["**/*.test.ts"],
  plugins: { "import-x": importX },
  settings: {
    // Our imports name the compiled `.js`; the rule must find the `.ts` to check it.
    "import-x/resolver-next": [createNodeResolver({ extensionAlias: { ".js": [".ts", ".js"] } })],
  },
  rules: {
    "import-x/no-restricted-paths": [
      "error",
      { basePath: import.meta.dirname, zones: boundaryZones(ALLOWED_IMPORTS) },
    ],
  },
};

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "data/", "coverage/", "test-output/", ".scratch/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "no-console": "error",
      "no-restricted-imports": [
        "error",
        {
          paths: NODE_BUILTINS.map((name) => ({ name, message: `import "node:${name}" instead` })),
        },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-floating-promises": "error",
      // Backends implement one async interface; some (SQLite) have nothing to await.
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  importBoundaries,
  {
    // Patterns read text from outside: none may backtrack super-linearly (a Manifest's text can
    // be megabytes). The editorial stage and /ask read whole texts and facts, so their patterns
    // must also not be quadratic by being tried from every position (a title or a URL is short).
    files: ["src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    plugins: { regexp },
    rules: { "regexp/no-super-linear-backtracking": "error" },
  },
  {
    files: ["src/editorial/**/*.ts", "src/query/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "regexp/no-super-linear-move": "error" },
  },
  {
    files: ["src/cli/**", "bench/**", "test/**", "**/*.test.ts"],
    rules: { "no-console": "off" },
  },
  {
    files: ["**/*.test.ts", "test/**"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
