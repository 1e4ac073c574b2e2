// A quotation that runs over paragraphs opens each of them with a quote mark and closes only in
// the last: a sentence ending its paragraph inside one goes on there, and is no scrap.
import { describe, expect, it } from "vitest";
import { closingMarkOfOpenQuotation, continuesQuotation } from "./open-quotation.js";

/** Whether `sentence`, found in `text`, continues its quotation into the next paragraph. */
function continues(text: string, sentence: string): boolean {
  const start = text.indexOf(sentence);
  if (start < 0) throw new Error(`not in the text: ${sentence}`);
  return continuesQuotation(sentence, text, start + sentence.length);
}

const OPENING = 'The harbour master wrote on Monday: "The east pier will reopen in May.';
const STRAIGHT = [OPENING, '"Repairs cost less than we feared.', '"Thank you all."'].join("\n");
const CURLY_OPENING = "Mayor Ilse Varga told the council: “The ferry to Tessel will run daily.";
const CURLY = [CURLY_OPENING, "“It starts in June.”"].join("\n");

describe("continuesQuotation", () => {
  it("reads a quotation left open at a paragraph's end that the next paragraph reopens", () => {
    expect(continues(STRAIGHT, OPENING)).toBe(true);
    expect(continues(CURLY, CURLY_OPENING)).toBe(true);
    // Blank lines, an indent and Windows line ends between the paragraphs.
    expect(continues([OPENING, "", '  "Repairs cost less."'].join("\r\n"), OPENING)).toBe(true);
  });

  it("does not when the next paragraph opens without a quote mark", () => {
    const text = `${OPENING}\nThe pier was closed by a storm in January.`;
    expect(continues(text, OPENING)).toBe(false);
    expect(continues(OPENING, OPENING)).toBe(false); // the last paragraph of the text
  });

  it("does not for a sentence in the middle of its paragraph", () => {
    const text = `${OPENING} Repairs cost less than feared.\n"Thank you all."`;
    expect(continues(text, OPENING)).toBe(false);
  });

  it("does not for a sentence whose quotation is closed", () => {
    const closed = 'The harbour master said: "The east pier will reopen in May."';
    expect(continues(`${closed}\n"Repairs cost less," he added.`, closed)).toBe(false);
  });
});

describe("closingMarkOfOpenQuotation", () => {
  it("gives the mark that closes the one quotation left open, else nothing", () => {
    expect(closingMarkOfOpenQuotation(OPENING)).toBe('"');
    expect(closingMarkOfOpenQuotation(CURLY_OPENING)).toBe("”");
    expect(closingMarkOfOpenQuotation('"Yes," she said, "we will.')).toBe('"');
    expect(closingMarkOfOpenQuotation('"Yes," she said.')).toBeUndefined();
    expect(closingMarkOfOpenQuotation("No quotation at all.")).toBeUndefined();
    expect(closingMarkOfOpenQuotation("“One “two")).toBeUndefined();
    expect(closingMarkOfOpenQuotation('“One "two')).toBeUndefined();
  });
});
