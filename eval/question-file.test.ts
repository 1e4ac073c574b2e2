// `npm run eval -- --set FILE --questions FILE`: a question file of one's own, asked of the
// edition of the labelled article file it was written on. Its problems are named before
// anything is built.
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runEval, scratchFolder } from "../test/support/eval-cli.js";
import { loadQuestionFile } from "./ask/question-sets.js";

const scratch = scratchFolder("svc-questions-");
const { folder: work, write } = scratch;
afterAll(scratch.remove);

const questionFile = (set: string, questions: unknown[]) =>
  JSON.stringify({ about: "written for the test", set, questions });

const ARTICLES = [1, 2]
  .map((n) =>
    JSON.stringify({
      cluster_id: 1,
      doc_id: `a${n}`,
      publisher: "www.example.com",
      url: `https://www.example.com/a${n}`,
      title: `Harbour wall rebuilt in Port Ellis, report ${n}`,
      text: "The harbour wall at Port Ellis was rebuilt in six weeks by 40 workers.",
      published: `2017-01-0${n}T00:00:00`,
    }),
  )
  .join("\n");

describe("loadQuestionFile", () => {
  it("reads questions with their authored and judged answers", () => {
    const path = write(
      "good.json",
      questionFile("harbour", [
        {
          event: "1",
          question: "How many workers rebuilt the wall?",
          answers: ["40"],
          judged: ["forty workers"],
        },
      ]),
    );
    const set = loadQuestionFile(path);
    expect(set.set).toBe("harbour");
    expect(set.caseSensitive).toBe(false);
    expect(set.questions[0]).toMatchObject({
      question: "How many workers rebuilt the wall?",
      answers: ["40", "forty workers"],
      authored: ["40"],
      event: "1",
    });
  });

  it("names the file and the field of what is wrong", () => {
    expect(() => loadQuestionFile(write("bad.json", "{not json"))).toThrow(/bad\.json: not JSON/);
    expect(() =>
      loadQuestionFile(
        write("no-answer.json", questionFile("harbour", [{ event: "1", question: "Q?" }])),
      ),
    ).toThrow(/no-answer\.json: questions\.0\.answers: /);
    expect(() => loadQuestionFile(write("empty.json", questionFile("harbour", [])))).toThrow(
      /empty\.json: questions: /,
    );
  });
});

describe("npm run eval -- --questions", () => {
  it("refuses a missing file, a bad file, and one whose set was not given, before building", async () => {
    const articles = write("harbour.jsonl", `${ARTICLES}\n`);
    const other = write(
      "other.json",
      questionFile("elsewhere", [{ event: "1", question: "Who?", answers: ["Ellis"] }]),
    );
    const missing = await runEval(["--questions", join(work, "nosuch.json")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--questions");
    expect(missing.stderr).toContain("no such file");
    const bad = await runEval(["--set", articles, "--questions", write("b.json", "[")]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--questions .*b\.json: not JSON/);
    const unmatched = await runEval(["--set", articles, "--questions", other]);
    expect(unmatched.code).toBe(2);
    expect(unmatched.stderr).toContain('its "set" is "elsewhere"');
    expect(unmatched.stderr).toContain("(given: harbour)");
  });
});
