// Editions for MCP tests, published through the built CLI as users do: the demo corpus at a
// recent cut (so /ask's "last days" reach it), and more editions on top of it.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import {
  EDITION_INTERVAL_MS,
  latestCut,
  nextCut as nextCutAfter,
} from "../../src/time/cut-time.js";
import { manifestInput } from "./manifests.js";
import { runSvc } from "./svc-cli.js";

/** The last rebuild time (00:00 or 12:00 UTC) at least a day ago. */
export function recentCut(nowMs = Date.now()): string {
  return new Date(latestCut(new Date(nowMs)).getTime() - 2 * EDITION_INTERVAL_MS).toISOString();
}

/** The rebuild time after `cut`. */
export function nextCut(cut: string): string {
  return nextCutAfter(new Date(cut)).toISOString();
}

export interface DemoData {
  dataDir: string;
  env: Record<string, string>;
}

/** A data directory holding the demo corpus, built and published at `cut`. */
export async function publishDemoEdition(cut: string, baseUrl: string): Promise<DemoData> {
  const dataDir = mkdtempSync(join(tmpdir(), "svc-mcp-"));
  const env = { SVC_DATA_DIR: dataDir, SVC_BASE_URL: baseUrl };
  const demo = await runSvc(["demo", "--at", cut], env);
  expect(demo.code, demo.stderr).toBe(0);
  const built = await runSvc(["build", "--at", cut], env);
  expect(built.code, built.stderr).toBe(0);
  return { dataDir, env };
}

/** Ingests one new Manifest published just before `cut`, then builds and publishes `cut`. */
export async function publishNextEdition(data: DemoData, cut: string, id: string): Promise<void> {
  const published = new Date(Date.parse(cut) - 60 * 60 * 1000).toISOString();
  const text = `Engineers reopened the Tallow Creek footbridge ${id} after repairs. The bridge had been closed for nine weeks.`;
  const file = join(data.dataDir, `${id}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      manifestInput({
        id,
        title: `Tallow Creek footbridge reopens after repairs (${id})`,
        text,
        content_sha256: undefined,
        published_at: published,
        captured_at: published,
        url: `https://news.example/${id}`,
      }),
    ),
  );
  const ingested = await runSvc(["ingest", file], data.env);
  expect(ingested.code, ingested.stderr).toBe(0);
  const built = await runSvc(["build", "--at", cut], data.env);
  expect(built.code, built.stderr).toBe(0);
}
