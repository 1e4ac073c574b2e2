// Clustering quality: B-cubed on the real-news sets (when ../shared/data/real is present)
// against the plain TF-IDF average-link baseline, and on the demo corpus.
import { describe, expect, it } from "vitest";
import { baselineCrossValidation } from "../../../eval/tfidf-baseline.js";
import {
  type LabelledDataSet,
  loadDemoTopics,
  loadRealSets,
} from "../../../test/support/real-news.js";
import { bcubed } from "./bcubed.js";
import { clusterDocuments } from "./cluster-documents.js";
import { PREVIOUS_PARAMETERS } from "./cluster-parameters.js";
import { chooseParameters, crossValidate } from "./cross-validation.js";
import { FICTIONAL_CASES } from "./fictional-events.js";
import { ParameterScorer } from "./parameter-search.js";

const realSets = loadRealSets();
const REAL_DATA_MISSING = "skipped: ../shared/data/real is missing";
const realSuffix = realSets.length === 3 ? "" : ` (${REAL_DATA_MISSING})`;

function score(dataSet: LabelledDataSet) {
  const result = bcubed(clusterDocuments(dataSet.documents), dataSet.labels);
  const figures = [result.precision, result.recall, result.f1].map((x) => x.toFixed(3));
  console.log(`B-cubed ${dataSet.name}: P ${figures[0]} R ${figures[1]} F1 ${figures[2]}`);
  return result;
}

describe.skipIf(realSets.length < 3)(`clustering real news${realSuffix}`, () => {
  it.each(realSets.map((set) => [set.name, set] as const))(
    "%s reaches B-cubed F1 >= 0.95",
    (_name, set) => {
      expect(score(set).f1).toBeGreaterThanOrEqual(0.95);
    },
  );

  it("beats the TF-IDF baseline on every held-out set, both chosen by leave-one-set-out", () => {
    const judges = {
      real: new ParameterScorer(realSets),
      required: new ParameterScorer([...loadDemoTopics(), ...FICTIONAL_CASES]),
    };
    const ours = crossValidate(judges, chooseParameters(judges, PREVIOUS_PARAMETERS));
    const baseline = baselineCrossValidation(realSets);
    for (const fold of ours.folds) {
      const theirs = baseline.rows.find((row) => row.heldOut === fold.heldOut)!;
      console.log(
        `held out ${fold.heldOut}: ours ${fold.heldOutF1.toFixed(3)}, baseline ${theirs.heldOutF1.toFixed(3)}`,
      );
      expect(fold.heldOutF1).toBeGreaterThan(theirs.heldOutF1);
    }
  }, 300_000);
});

describe("clustering the demo corpus", () => {
  it.each(loadDemoTopics().map((topic) => [topic.name, topic] as const))(
    "%s is grouped perfectly (B-cubed F1 = 1)",
    (_name, topic) => {
      expect(score(topic).f1).toBe(1);
    },
  );
});
