// Lint rules that a tool can check (STYLE.md): strict TypeScript, node: imports, type-only
// imports, no console outside the CLI, benchmarks and tests, no floating promises.
import js from "@eslint/js";
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
