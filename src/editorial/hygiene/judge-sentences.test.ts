// Verdicts on a whole text: boilerplate lines, run-in labels and credits moved past, headings
// without closing punctuation, and counts by reason.
import { describe, expect, it } from "vitest";
import { sentenceSpans } from "../text/sentences.js";
import { emptyHygieneCounts } from "./drop-reasons.js";
import { countVerdicts, judgeSentences, reasonCode } from "./judge-sentences.js";

function judge(text: string, boilerplate: string[] = []) {
  const judged = judgeSentences(text, sentenceSpans(text, "en"), "en", boilerplate);
  return judged.spans.map(({ start, end }, index) => ({
    text: text.slice(start, end),
    verdict: judged.verdicts[index],
  }));
}

describe("judgeSentences", () => {
  it("reads past a run-in label, an inline credit or a heading to the sentence it introduces", () => {
    const text = [
      "Photo LONDON -- At least seven people were killed when a tram derailed on Wednesday.",
      "(Photo: Jane Roe/Harbour Gazette) Rescuers worked through the night to free passengers.",
      "Explosion reported near the consulate The blast was followed by gunfire, police said.",
    ].join("\n");
    expect(judge(text)).toEqual([
      {
        text: "LONDON -- At least seven people were killed when a tram derailed on Wednesday.",
        verdict: 0,
      },
      { text: "Rescuers worked through the night to free passengers.", verdict: 0 },
      // The splitter cuts the heading off as a sentence of its own; it is then dropped.
      { text: "Explosion reported near the consulate", verdict: reasonCode("heading") },
      { text: "The blast was followed by gunfire, police said.", verdict: 0 },
    ]);
  });

  it("reads past a label in capitals, never past an organisation or a dateline before a name", () => {
    const text = [
      "CLOSE It's no secret that the two leaders have been feuding for months.",
      "USA TODAY NETWORK President Obama shakes hands with the president-elect in the Oval Office.",
      "UNICEF Executive Director Henrietta Fore said the children needed help.",
      "WASHINGTON President Trump said on Monday that talks would go on.",
    ].join("\n");
    const judged = judge(text);
    // "It's" and its clause after a word in capitals: the splitter cuts the label off as a
    // sentence of its own, and it is then dropped.
    expect(judged[0]).toEqual({ text: "CLOSE", verdict: reasonCode("fragment") });
    expect(judged.slice(1).map((sentence) => sentence.text)).toEqual([
      "It's no secret that the two leaders have been feuding for months.",
      "President Obama shakes hands with the president-elect in the Oval Office.",
      "UNICEF Executive Director Henrietta Fore said the children needed help.",
      "WASHINGTON President Trump said on Monday that talks would go on.",
    ]);
  });

  it("reads past a heading in capitals of any length run into the sentence after it", () => {
    const text = [
      "WHAT THE HARBOUR COUNCIL DECIDED ON MONDAY The council voted to rebuild the sea wall.",
      "SET UP FRAUD ALERTS Tessel Bank told its customers to watch their statements.",
    ].join("\n");
    const kept = judge(text).filter((sentence) => sentence.verdict === 0);
    expect(kept.map((sentence) => sentence.text)).toEqual([
      "The council voted to rebuild the sea wall.",
      "Tessel Bank told its customers to watch their statements.",
    ]);
  });

  it("reads past a wire's or network's tag before a report's first sentence", () => {
    const text = [
      "(CNN) Scores of people were killed on Thursday night in the harbour district.",
      "(Reuters) - The council made a final offer on Monday to buy the ferry company.",
      "(AP) — A Port Ellis woman says her electricity bill listed $284 billion.",
      "(Reuters) The photo was taken on Monday in the harbour.",
    ].join("\n");
    const kept = judge(text).filter((sentence) => sentence.verdict === 0);
    expect(kept.map((sentence) => sentence.text)).toEqual([
      "Scores of people were killed on Thursday night in the harbour district.",
      "The council made a final offer on Monday to buy the ferry company.",
      "A Port Ellis woman says her electricity bill listed $284 billion.",
      "The photo was taken on Monday in the harbour.",
    ]);
    // Brackets that open a sentence's own words stay: "(This story has been updated.)".
    expect(judge("(and the council agreed on Monday).")[0]?.text).toBe(
      "(and the council agreed on Monday).",
    );
  });

  it("reads past the title a text opens with, run into its first sentence", () => {
    const title = "Seven hurt as tram derails on sharp bend in Tessel";
    const runIn = `${title} At least seven people were hurt when a tram derailed on Wednesday. Rescuers worked through the night.`;
    const read = (text: string, given: string) => {
      const judged = judgeSentences(text, sentenceSpans(text, "en"), "en", [], given);
      return judged.spans.map(({ start, end }) => text.slice(start, end));
    };
    expect(read(runIn, title)[0]).toBe(
      "At least seven people were hurt when a tram derailed on Wednesday.",
    );
    // Without its title the sentence is read whole; a title on its own line is no run-in; a
    // title that closes on a stop is a sentence of its own.
    expect(read(runIn, "")[0]).toBe(runIn.slice(0, runIn.indexOf(" Rescuers")));
    const ownLine = `${title}\nAt least seven people were hurt on Wednesday.`;
    expect(read(ownLine, title)).toEqual([title, "At least seven people were hurt on Wednesday."]);
    const stated = "Seven hurt as tram derails. At least seven people were hurt on Wednesday.";
    expect(read(stated, "Seven hurt as tram derails.")[0]).toBe("Seven hurt as tram derails.");
    // A short title is more often a name that opens the sentence; a day after the title goes
    // on the title's own sentence.
    const named = "Harbour Board Ltd reported a loss of 4 million euros on Monday.";
    expect(read(`${named} Its shares fell.`, "Harbour Board")[0]).toBe(named);
    const goesOn = "Mayor signs the harbour order Friday, the council said in a statement.";
    expect(read(`${goesOn} It takes effect in May.`, "Mayor signs the harbour order")[0]).toBe(
      goesOn,
    );
  });

  it("drops a caption whose credit is followed by nothing reportable", () => {
    const [caption] = judge("Crowds gather at the harbour (Photo: Getty Images)");
    expect(caption?.verdict).toBe(reasonCode("caption"));
  });

  it("takes a line without closing punctuation for a heading", () => {
    const text = "Storm closes the coast road\nThe coast road was closed on Monday after a storm.";
    expect(judge(text).map((sentence) => sentence.verdict)).toEqual([reasonCode("heading"), 0]);
    expect(judge('"The road will stay shut until Friday," the council said.')[0]?.verdict).toBe(0);
  });

  it("takes a headline-only text (one line, its title) for the statement it is", () => {
    expect(judge("Storm closes the coast road for a week")).toEqual([
      { text: "Storm closes the coast road for a week", verdict: 0 },
    ]);
    // Every other rule still holds: a line of labels is not a statement.
    expect(judge("Russia-Ukraine News: Live Updates")[0]?.verdict).not.toBe(0);
    // A site or section part joined by " | " is left out, before or after the headline.
    expect(judge("Actor Tony Dow dies at 77 | USA TODAY")).toEqual([
      { text: "Actor Tony Dow dies at 77", verdict: 0 },
    ]);
    expect(judge("Signs of the Times | Protesters marched to the statehouse on Monday")).toEqual([
      { text: "Protesters marched to the statehouse on Monday", verdict: 0 },
    ]);
    // Two lines: the first is a heading over the body, as before.
    expect(judge("Storm closes the coast road\nIt closed on Monday.")[0]?.verdict).toBe(
      reasonCode("heading"),
    );
  });

  it("drops the lines a publisher repeats across unrelated pages", () => {
    const text =
      "The council approved the budget on Monday.\nFollow our live coverage of the council.";
    const verdicts = judge(text, ["Follow our live coverage of the council."]);
    expect(verdicts.map((sentence) => sentence.verdict)).toEqual([0, reasonCode("boilerplate")]);
  });

  it("counts verdicts by reason", () => {
    const counts = emptyHygieneCounts();
    const text = "All rights reserved.\nThe council approved the budget on Monday.";
    countVerdicts(judgeSentences(text, sentenceSpans(text, "en"), "en").verdicts, counts);
    expect(counts.sentences).toBe(2);
    expect(counts.dropped.legal).toBe(1);
    expect(Object.values(counts.dropped).reduce((a, b) => a + b, 0)).toBe(1);
  });
});
