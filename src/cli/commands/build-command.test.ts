// The build's summary: what `svc build` prints, and the JSON `--json` writes.
import { describe, expect, it } from "vitest";
import type { Edition } from "../../editorial/build-edition.js";
import { emptyHygieneCounts } from "../../editorial/hygiene/drop-reasons.js";
import { formatBuildSummary, summarizeBuild } from "./build-command.js";

function edition(held: number, advertisements = 0): Edition {
  const hygiene = emptyHygieneCounts();
  hygiene.sentences = 40;
  hygiene.dropped.legal = 2;
  return {
    cut: new Date("2026-11-21T12:00:00Z"),
    manifestCount: 3,
    stories: [],
    roundups: [],
    hygiene,
    held,
    advertisements,
  };
}

describe("the build summary", () => {
  it("counts the events held back and says so", () => {
    const summary = summarizeBuild(edition(2), 1.5);
    expect(summary.held).toBe(2);
    expect(JSON.parse(JSON.stringify(summary))).toMatchObject({ held: 2, manifests: 3 });
    expect(formatBuildSummary(summary)).toContain(
      "held back: 2 events whose titles name nothing and whose reports state nothing",
    );
  });

  it("counts the Manifests left out as advertising and says so", () => {
    const summary = summarizeBuild(edition(0, 3), 1.5);
    expect(JSON.parse(JSON.stringify(summary))).toMatchObject({ advertisements: 3, held: 0 });
    expect(formatBuildSummary(summary)).toContain(
      "left out: 3 Manifests their publishers label as advertising",
    );
  });

  it("says nothing of held events or advertising when there are none", () => {
    const text = formatBuildSummary(summarizeBuild(edition(0), 1.5));
    expect(text).not.toContain("held back");
    expect(text).not.toContain("left out");
    expect(text).toContain("hygiene: 2 of 40 sentences dropped (legal 2)");
  });
});
