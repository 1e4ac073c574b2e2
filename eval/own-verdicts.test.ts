// `npm run eval -- --set FILE --verdicts FILE [--unjudged FILE]`: a blind audit of a labelled
// set of one's own, read as the real sets' verdicts are. Its problems are named before
// anything is built; its verdicts count toward its set's junk shares.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadLabelledArticles } from "../test/support/real-news.js";
import { runEval, runNode, scratchFolder } from "../test/support/eval-cli.js";
import { ROOT } from "../test/support/svc-cli.js";
import { VERDICTS_PATH } from "./audit/verdicts.js";
import { evaluateSet } from "./evaluate-set.js";

const scratch = scratchFolder("svc-verdicts-");
const { folder: work, write } = scratch;
afterAll(scratch.remove);

const ARTICLES = [1, 2]
  .map((n) =>
    JSON.stringify({
      cluster_id: 1,
      doc_id: `a${n}`,
      publisher: `www.paper${n}.example`,
      url: `https://www.paper${n}.example/harbour`,
      title: `Harbour wall rebuilt in Port Ellis, report ${n}`,
      text: "The harbour wall at Port Ellis was rebuilt in six weeks by 40 workers. The council paid 2 million euros for the work, its treasurer said on Monday.",
      published: `2017-01-0${n}T00:00:00`,
    }),
  )
  .join("\n");

const verdictFile = (verdicts: unknown[]) =>
  JSON.stringify({ description: "written for the test", verdicts });

describe("npm run eval -- --verdicts", () => {
  it("refuses a missing file, a bad file, a verdict on a set not given, and --unjudged alone", async () => {
    const articles = write("harbour.jsonl", `${ARTICLES}\n`);
    const missing = await runEval(["--set", articles, "--verdicts", join(work, "nosuch.json")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--verdicts .*nosuch\.json: no such file/);
    const unreasoned = write(
      "unreasoned.json",
      verdictFile([{ set: "harbour", part: "dek", text: "A dek.", junk: true }]),
    );
    const bad = await runEval(["--set", articles, "--verdicts", unreasoned]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unreasoned.json");
    expect(bad.stderr).toContain("a junk verdict names its reason");
    const stray = write(
      "stray.json",
      verdictFile([{ set: "elsewhere", part: "dek", text: "A dek.", junk: false }]),
    );
    const unmatched = await runEval(["--set", articles, "--verdicts", stray]);
    expect(unmatched.code).toBe(2);
    expect(unmatched.stderr).toContain('a verdict\'s "set" is "elsewhere"');
    expect(unmatched.stderr).toContain("(given: harbour)");
    const notJson = await runEval(["--set", articles, "--verdicts", write("nj.json", "{no")]);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/--verdicts .*nj\.json: not JSON/);
    const nowhere = await runEval(["--set", articles, "--unjudged", join(work, "no", "rows.json")]);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain("no such directory");
    const folder = await runEval(["--set", articles, "--unjudged", work]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain("a directory; give the path of a file to write");
    const alone = await runEval(["--unjudged", join(work, "rows.json")]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain("--unjudged lists the rows of --set files' stories");
  });

  it("counts a set's own verdicts toward its junk shares, and only its own", async () => {
    const set = loadLabelledArticles("harbour", write("harbour.jsonl", `${ARTICLES}\n`));
    const plain = await evaluateSet(set);
    const facts = plain.parts.filter((row) => row.part === "key_fact");
    expect(facts.length).toBeGreaterThan(0);
    expect(plain.audit.key_fact).toEqual({ junk: 0, judged: 0, unjudged: facts.length });
    const [first, ...rest] = facts;
    const verdicts = [
      {
        set: "harbour",
        part: "key_fact" as const,
        text: first!.text,
        junk: true,
        reason: "dangling" as const,
      },
      ...rest.map((row) => ({
        set: "harbour",
        part: "key_fact" as const,
        text: row.text,
        junk: false,
      })),
      { set: "other", part: "key_fact" as const, text: first!.text, junk: false },
    ];
    const audited = await evaluateSet(set, verdicts);
    expect(audited.audit.key_fact).toEqual({ junk: 1, judged: facts.length, unjudged: 0 });
  });
});

describe("unjudged.js --add", () => {
  it("names a missing file, one that is not JSON and a malformed verdict, and writes nothing", async () => {
    const script = join(ROOT, "dist", "eval", "audit", "unjudged.js");
    const before = readFileSync(VERDICTS_PATH, "utf8");
    const cases: Array<[string, RegExp]> = [
      [join(work, "nosuch.json"), /nosuch\.json: ENOENT/],
      [write("nj.json", "{no"), /nj\.json: .*JSON/],
      [write("object.json", "{}"), /object\.json: not a JSON array of verdicts/],
      [
        write(
          "unreasoned.json",
          JSON.stringify([{ set: "s", part: "dek", text: "A.", junk: true }]),
        ),
        /unreasoned\.json: verdict 0: .*reason/s,
      ],
    ];
    for (const [file, message] of cases) {
      const run = await runNode([script, "--add", file]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    expect(readFileSync(VERDICTS_PATH, "utf8")).toBe(before);
  });
});
