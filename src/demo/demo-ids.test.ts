import { describe, expect, it } from "vitest";
import { citesDemo, isDemoManifestId } from "./demo-ids.js";
import { demoManifests } from "../cli/commands/demo-command.js";

describe("demo ids", () => {
  it("marks every demo Manifest and nothing else", async () => {
    const manifests = await demoManifests({ at: new Date("2026-11-24T12:00:00Z"), cycles: 1 });
    expect(manifests.length).toBeGreaterThan(0);
    expect(manifests.every((manifest) => isDemoManifestId(manifest.id))).toBe(true);
    expect(isDemoManifestId("guardian:abc")).toBe(false);
  });

  it("tells whether a story's ids cite the demo", () => {
    expect(citesDemo(["guardian:1", "demo:1:x:y"])).toBe(true);
    expect(citesDemo(["guardian:1"])).toBe(false);
    expect(citesDemo(undefined)).toBe(false);
    expect(citesDemo("demo:1")).toBe(false);
  });
});
