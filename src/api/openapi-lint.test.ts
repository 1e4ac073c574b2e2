// openapi.json passes a linter no one here wrote: Redocly CLI (pinned), recommended rules,
// on the document as published and with a deprecation announced.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const options = { baseUrl: "https://svc.test", serviceName: "SVC" };

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{
    ruleId: string;
    severity: string;
    message: string;
    location: Array<{ pointer?: string }>;
  }>;
}

async function lint(document: unknown): Promise<LintReport> {
  const dir = await mkdtemp(join(tmpdir(), "svc-openapi-"));
  try {
    const file = join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(document, null, 2));
    const redocly = join(ROOT, "node_modules", ".bin", "redocly");
    const args = ["lint", file, "--format=json", `--config=${join(ROOT, "redocly.yaml")}`];
    const env = {
      ...process.env,
      REDOCLY_TELEMETRY: "off",
      REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
    };
    const { stdout } = await promisify(execFile)(redocly, args, { env, cwd: dir }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
    );
    return JSON.parse(stdout) as LintReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The only warnings we accept: health checks have no 4xx reply. */
function unexpectedProblems(report: LintReport): string[] {
  return report.problems
    .filter(
      (problem) =>
        !(
          problem.ruleId === "operation-4xx-response" &&
          /^#\/paths\/~1(healthz|readyz)\//.test(String(problem.location[0]?.pointer))
        ),
    )
    .map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`);
}

describe("openapi.json passes Redocly's recommended lint", () => {
  it("as published", async () => {
    const report = await lint(openApiDocument(options));
    expect(report.totals.errors).toBe(0);
    expect(unexpectedProblems(report)).toEqual([]);
  });

  it("with a deprecation announced", async () => {
    const deprecation = {
      deprecatedAt: "2026-12-01T00:00:00Z",
      sunsetAt: "2027-03-01T00:00:00Z",
      link: "https://svc.test/developers/",
    };
    const report = await lint(openApiDocument({ ...options, deprecation }));
    expect(report.totals.errors).toBe(0);
    expect(unexpectedProblems(report)).toEqual([]);
  });
});
