// Golden tests on real news (../shared/data/real, read at run time): built as `npm run eval`
// builds them, every story's dek and headline are the right kind of sentence by the eval's
// independent junk detector, and the deks of chosen events state the event's core.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSet, type BuiltSet } from "../eval/build-set.js";
import { junkDekReason, junkHeadlineReason } from "../eval/junk-detector.js";
import {
  loadGoldStandard,
  loadNewsClusterDev,
  realNewsDirectory,
  type LabelledDataSet,
} from "./support/real-news.js";

const AVAILABLE = existsSync(realNewsDirectory());
const SKIP_REASON = `skipped: no real-news data in ${realNewsDirectory()}`;

/** Doc ids by cluster_label (news_cluster_dev) or cluster_id (gold_standard, whose ids are names). */
function docsByLabel(set: LabelledDataSet): Map<string, string[]> {
  const rows = readFileSync(join(realNewsDirectory(), `${set.name}.jsonl`), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map(
      (line) => JSON.parse(line) as { doc_id: string; cluster_id: unknown; cluster_label?: string },
    );
  const byLabel = new Map<string, string[]>();
  for (const row of rows) {
    const label = row.cluster_label ?? String(row.cluster_id);
    byLabel.set(label, [...(byLabel.get(label) ?? []), row.doc_id]);
  }
  return byLabel;
}

/** The story holding most of an event's articles. */
function storyOf(built: BuiltSet, label: string) {
  const ids = new Set(docsByLabel(built.set).get(label) ?? []);
  const overlap = (memberIds: string[]) => memberIds.filter((id) => ids.has(id)).length;
  const best = [...built.edition.stories].sort(
    (a, b) => overlap(b.memberIds) - overlap(a.memberIds),
  )[0];
  expect(best && overlap(best.memberIds), `a story for ${label}`).toBeGreaterThan(0);
  return best!.story;
}

function storyProblems(built: BuiltSet): string[] {
  const titles = new Map(built.manifests.map((manifest) => [manifest.id, manifest]));
  const problems: string[] = [];
  for (const { story, memberIds } of built.edition.stories) {
    const where = `${built.set.name} "${story.headline}"`;
    const dekReason = story.dek === undefined ? "no dek" : junkDekReason(story.dek);
    if (dekReason) problems.push(`${where}: dek "${story.dek}": ${dekReason}`);
    const members = memberIds.map((id) => titles.get(id)).filter((m) => m !== undefined);
    const source = members.find((manifest) => manifest.title === story.headline);
    if (!source) problems.push(`${where}: headline is not one of the story's Manifest titles`);
    const publisher = source?.publisher;
    const headlineReason = junkHeadlineReason(story.headline, publisher?.name, publisher?.domain);
    if (headlineReason) problems.push(`${where}: headline: ${headlineReason}`);
  }
  return problems;
}

describe.skipIf(!AVAILABLE)(
  `real-news stories (${AVAILABLE ? "data present" : SKIP_REASON})`,
  () => {
    let gold: BuiltSet;
    let dev: BuiltSet;

    beforeAll(async () => {
      gold = await buildSet(loadGoldStandard()!);
      dev = await buildSet(loadNewsClusterDev()!);
    });

    it("gives every gold_standard story a declarative dek and a real article title", () => {
      expect(storyProblems(gold)).toEqual([]);
    });

    it("gives every news_cluster_dev story a declarative dek and a real article title", () => {
      expect(storyProblems(dev)).toEqual([]);
    });

    it("states the Croydon tram crash in its dek (gold_standard: tram)", () => {
      const dek = storyOf(gold, "tram").dek ?? "";
      expect(dek).toMatch(/tram/i);
      expect(dek).toMatch(/Croydon|London|Sandilands/);
    });

    it("states the ship hitting a bridge in Germany in its dek (tourist_boat_hits_bridge_in_germany)", () => {
      const dek = storyOf(dev, "tourist_boat_hits_bridge_in_germany").dek ?? "";
      expect(dek).toMatch(/bridge/i);
      expect(dek).toMatch(/Rhine|Duisburg|Germany/);
    });

    it("states Morsi's sentence in its dek (egypts_mohammed_morsi_sentenced_to_3_years_…)", () => {
      const label = "egypts_mohammed_morsi_sentenced_to_3_years_in_prison_for_insulting_judiciary";
      const dek = storyOf(dev, label).dek ?? "";
      expect(dek).toMatch(/Morsi/);
      expect(dek).toMatch(/\b(three|3) years\b/);
    });

    it("states the fireworks accident in Australia in its dek (thousands_flee_fireworks_…)", () => {
      const dek = storyOf(dev, "thousands_flee_fireworks_explosion_at_australia_beach").dek ?? "";
      expect(dek).toMatch(/firework/i);
      expect(dek).toMatch(/Terrigal|Australia/);
    });
  },
);
