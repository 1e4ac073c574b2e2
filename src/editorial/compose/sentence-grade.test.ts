// What can be a key fact or a dek: statements that stand alone, never questions, quote scraps,
// sentences that start mid-thought, labels or exclamations. A quotation carried to the next
// paragraph by the newspapers' convention is no scrap.
import { describe, expect, it } from "vitest";
import {
  definiteUnnamed,
  dekProblem,
  keyFactProblem,
  opensWithQuote,
  sourceSentenceProblem,
  tellsNextStep,
} from "./sentence-grade.js";

const NOT_A_DEK = [
  "How well do you know Elon Musk?",
  "Q&A What is bitcoin and is it a bad investment?",
  "“Not forever, not for a long time.",
  "He also performed in 2001 and 2004.",
  "But right now, it is more than 70 dead.",
  'It added that "no one was injured".',
  "Victim: Phil Roe was named as one of the people killed in the crash.",
  '"We will rebuild the harbour wall before winter," the mayor said on Tuesday.',
  "What a night for the Mariners and their supporters in Port Ellis!",
  "the bridge was closed after engineers found cracks in the span.",
  "Using a hidden script, those sites sent what visitors typed to a broker.",
  "Most of the growth in these categories came from Goa, Karnataka and Kerala.",
  "Scattered across the hillside, they were the remains of a Bronze Age village.",
  "To be honest, they’d have done as well to sign the reserve keeper from Tessel.",
  "In it, the two executives describe how leakers were caught in Port Ellis.",
  "Here are some of their resolutions for the new year in Tessel.",
];

const DEKS = [
  "A gunman killed 58 people at a country music festival in Las Vegas on Sunday night, police said.",
  "Apple has removed the messaging app Telegram from its App Store over inappropriate content.",
  "LONDON -- At least seven people were killed when a tram derailed near London on Wednesday.",
  "When the ferry was announced in June, it seemed Tessel would finally get a harbour link.",
  "While the council cheered the budget, residents of Varrowby protested outside the hall.",
];

describe("dekProblem", () => {
  it("refuses a sentence that adds to an earlier one ('also' among its first words)", () => {
    expect(
      dekProblem("Mrs. Clinton is also doing better with those who have already voted early."),
    ).toBe("continues an earlier sentence");
    expect(
      dekProblem("The council voted on Monday to close the bridge, and it will also review tolls."),
    ).toBeNull();
  });

  it("refuses a statement spoken of as known, and lets a key fact say where it was made", () => {
    const where =
      "Harbour master Ilse Varga, who has run the port since 2009, made her comments in an interview with Radio Tessel.";
    expect(dekProblem(where)).toBe("speaks of a statement made before it");
    expect(
      dekProblem("The decision was made by the council after the pier collapsed in May."),
    ).toBe("speaks of a statement made before it");
    expect(keyFactProblem(where)).toBeNull();
    expect(
      dekProblem("The move comes after the council voted to close the east pier in May."),
    ).toBe("speaks of a statement made before it");
    // What was said is in the sentence: it states the event.
    for (const stated of [
      "The harbour board made the announcement that the east pier would close in May.",
      "The council announced on Monday that the east pier would reopen in May.",
      "The move to close the east pier was approved by the harbour board on Monday.",
      "The decision by the harbour board to close the east pier angered fishermen in Tessel.",
    ])
      expect(dekProblem(stated)).toBeNull();
  });

  it("refuses a part of a group the dek has not named, and lets a key fact lean on the story", () => {
    const partitive =
      "Some of the emails were collected during a 2015 sting operation that led to 18 arrests.";
    expect(dekProblem(partitive)).toBe("a part of a group not named");
    expect(dekProblem("Two of them were taken to hospital with serious injuries on Monday.")).toBe(
      "a part of a group not named",
    );
    expect(keyFactProblem(partitive)).toBeNull();
    expect(
      dekProblem("Two climbers missing on Mount Esk since Friday were found alive on Sunday."),
    ).toBeNull();
  });

  it.each(NOT_A_DEK)("refuses %j", (sentence) => {
    expect(dekProblem(sentence)).not.toBeNull();
  });

  it.each(DEKS)("accepts %j", (sentence) => {
    expect(dekProblem(sentence)).toBeNull();
  });

  it("refuses an opening that dates the dek from an event before it ('… later,')", () => {
    expect(
      dekProblem(
        "More than a century later, the Haskell Free Library still lets residents mingle.",
      ),
    ).toBe("refers to a sentence before it");
    expect(
      keyFactProblem("Two days later, the Tessel ferry was back in service on Monday."),
    ).toBeNull();
    expect(
      dekProblem("The council will decide later this month whether to close the bridge."),
    ).toBeNull();
  });

  it("refuses 'these' or 'those' before a noun anywhere in the dek, not the pronoun", () => {
    expect(
      dekProblem("The ferry operator's director wants to push back on those accusations."),
    ).toBe("refers to a sentence before it");
    expect(
      dekProblem(
        "The Tessel council opened a weekly support group at its library for those trying to lose weight.",
      ),
    ).toBeNull();
    expect(
      dekProblem(
        "Ferries from the mainland to Tessel harbour are rarely on time these days, the council said.",
      ),
    ).toBeNull();
    expect(
      keyFactProblem("The ferry operator's director wants to push back on those accusations."),
    ).toBeNull();
  });

  it("refuses a line without a closing stop (a headline-only item's headline)", () => {
    expect(dekProblem("Storm closes the coast road at Port Ellis for a week")).toBe(
      "no closing stop",
    );
    expect(dekProblem('The council said the coast road "will stay shut until Friday."')).toBeNull();
  });
});

describe("keyFactProblem", () => {
  it("accepts a quote that is closed and a short statement with numbers", () => {
    expect(keyFactProblem('"We will rebuild the harbour wall," the mayor said.')).toBeNull();
    expect(keyFactProblem("The two-year pilot will cost $2.4 million.")).toBeNull();
  });

  it("refuses fragments, questions and sentences that need the one before", () => {
    expect(keyFactProblem("Nobody was hurt.")).toBe("too short");
    expect(keyFactProblem("Why did the bridge close so suddenly on Friday?")).toBe("a question");
    expect(keyFactProblem("They said the bridge would reopen next month.")).toBe(
      "opens on an unresolved word",
    );
    expect(keyFactProblem("Which means the bridge will stay closed until next month.")).toBe(
      "opens on an unresolved word",
    );
    // "Other", "same", "specifically": what they compare with or narrow is in another sentence.
    for (const sentence of [
      "Other reports of the leak date back to early 2016.",
      "Same for Ripple and some of the other key currencies.",
      "Specifically, the photos you take through third-party apps like Instagram.",
    ])
      expect(keyFactProblem(sentence)).toBe("opens on an unresolved word");
  });

  it("refuses a sentence that answers the one before: an inner 'however', a linking phrase", () => {
    expect(keyFactProblem("The main effort, however, is a campaign of 40 adverts in Tessel.")).toBe(
      "answers a sentence before it",
    );
    expect(
      keyFactProblem("Varrowby rejected the offer on Saturday, however, saying it came too late."),
    ).toBe("answers a sentence before it");
    for (const sentence of [
      "For instance, the council did not read the 18th clause of the Tessel charter.",
      "In fact, Varrowby may have gained more than it bargained for in the ferry deal.",
      "As a result, the Tessel bank will likely report a loss for the last quarter.",
    ])
      expect(keyFactProblem(sentence)).toBe("answers a sentence before it");
    expect(keyFactProblem("Others appeared worried about the cost of the Tessel ferry deal.")).toBe(
      "opens on an unresolved word",
    );
    // Not set off by commas, "however" is "in whatever way".
    expect(keyFactProblem("The council will rebuild the pier however long it takes.")).toBeNull();
  });

  it("refuses a sentence that ends on 'think so' or 'did so': the claim is in another", () => {
    expect(keyFactProblem("President Trump and South Korea seem to think so.")).toBe(
      "ends on a word that needs the previous sentence",
    );
    expect(
      keyFactProblem("The minister said so was the plan all along, aides recalled."),
    ).toBeNull();
    expect(keyFactProblem("Two hours later, the ferry company confirmed that.")).toBe(
      "ends on a word that needs the previous sentence",
    );
    expect(
      keyFactProblem("The ferry company confirmed that the crossing was cancelled."),
    ).toBeNull();
  });

  it("refuses the first person outside a quotation when no one is named as saying it", () => {
    const problem = "the first person without a speaker";
    const problems = (sentences: string[]) => sentences.map((text) => keyFactProblem(text));
    expect(
      problems([
        "The conduct of a tiny fraction of our 5,000 employees does not represent our culture.",
        "Sorry, this postcode is not in our delivery area for this subscription service.",
        "Honestly, I haven't decided what to make of the new harbour plan yet.",
        "My thanks to Harbour Apps for sponsoring this week's newsletter.",
      ]),
    ).toEqual([problem, problem, problem, problem]);
    expect(
      problems([
        "“We will rebuild our city,” the mayor of Tessel said on Monday.",
        "Our correspondent in Port Ellis said the ferry had sunk at 6 a.m.",
        "We will keep the harbour open, a council spokesman told reporters.",
        "The US and its allies imposed new sanctions on Varrowby on Friday.",
        "In World War I soldiers from Port Ellis fought in France.",
      ]),
    ).not.toContain(problem);
  });

  it("tells a sentence that opens on a quotation", () => {
    expect(opensWithQuote("“It is not intentional,” he told reporters on Monday.")).toBe(true);
    expect(opensWithQuote('"We will rebuild," the mayor said.')).toBe(true);
    expect(opensWithQuote("The mayor said: “We will rebuild.”")).toBe(false);
    // A straight single mark before a letter, as British copy quotes; not a decade.
    expect(opensWithQuote("'Did you sign this letter?' the host asked the mayor.")).toBe(true);
    expect(opensWithQuote("'90s pop returned to the Tessel charts this week.")).toBe(false);
    expect(dekProblem("'We will rebuild the harbour wall before winter,' the mayor said.")).toBe(
      "opens with a quote",
    );
  });

  it("refuses a quotation without its speaker, keeps one with its speaker or a title", () => {
    for (const quote of [
      "“But now I know how silly and unimportant it is, so it has given me perspective.”",
      '"We carry these costs for as long as possible, but the bars must stay affordable."',
      "'Now let's get out there and finish the job!'",
      "‘The harbour wall won’t hold another winter,’",
    ]) {
      expect(keyFactProblem(quote)).toBe("a quotation without its speaker");
    }
    expect(
      keyFactProblem("“Get this man a shield!” the hero growls in the new trailer."),
    ).toBeNull();
    expect(keyFactProblem('"Infinity War" will be in theaters on May 4, 2018.')).toBeNull();
    expect(keyFactProblem("'Star Wars' fans queued for six hours outside the cinema.")).toBeNull();
  });

  it("refuses a count or a demonstrative that stands for what was named before", () => {
    for (const sentence of [
      "Two opted for a trial, which is set to begin in March.",
      "Three were taken to hospital with minor injuries.",
      "If this is true, the new camera would beat anything on the market.",
      "When that happens, the council reviews the contract.",
      "As he left for Tessel on Monday, the mayor said he felt badly for the crew.",
      "Although she backed the plan before, her vote could sink it this week.",
    ]) {
      expect(keyFactProblem(sentence)).toBe("speaks of something named before");
    }
    for (const sentence of [
      "Two men were arrested at the harbour on Friday night.",
      "If this year's budget passes, the bridge will reopen in March.",
      "When the storm hit, three boats sank in the harbour.",
      "Although she may side with the council, even Mayor Ann Roe has doubts about the bridge.",
      "After his speech on Monday, Ottar Halvard left the harbour office.",
      "When it comes to ferries, Tessel has the oldest fleet in the region.",
    ]) {
      expect(keyFactProblem(sentence)).toBeNull();
    }
  });

  it("refuses a list's numbered item and a sentence explaining or repeating one before it", () => {
    for (const sentence of [
      "First, at just 3.5 inches diagonally, the whole screen was reachable.",
      "Lastly, every dollar these apps made should be refunded to their buyers.",
      "Maybe that’s because the team has a new pool in North Bethesda this year.",
      "Perhaps this is why the council voted to close the Tessel bridge on Monday.",
      "With the console still hard to find in shops, those same accusations have been made again.",
    ]) {
      expect(keyFactProblem(sentence)).toBe("answers a sentence before it");
    }
    for (const sentence of [
      "The first of the ferries left Tessel at 9 a.m. on Monday.",
      "Next year the council will close the Tessel bridge for repairs.",
      "The council said the closure was because the bridge failed an inspection.",
      "Residents who saw the same storm in 1987 said this one was worse.",
    ]) {
      expect(keyFactProblem(sentence)).toBeNull();
    }
  });

  it("refuses a noun phrase alone, a blurb rather than a statement", () => {
    expect(
      keyFactProblem("A succinct rundown of what’s wrong with the council’s harbour budget."),
    ).toBe("a noun phrase, no statement");
    expect(keyFactProblem("A storm closed the harbour in Tessel on Monday night.")).toBeNull();
  });

  it("refuses an opening that points at a text or a list the reader has not seen", () => {
    expect(keyFactProblem("In it, the two executives describe how leakers were caught.")).toBe(
      "refers to a sentence before it",
    );
    expect(keyFactProblem("Here are some of their resolutions for the new year in Tessel.")).toBe(
      "refers to a sentence before it",
    );
    expect(keyFactProblem("In it the council set out a plan to reopen the bridge.")).toBeNull();
    expect(keyFactProblem("Here the council set out a plan to reopen the bridge.")).toBeNull();
  });

  it("refuses two sentences an extractor ran together without a stop", () => {
    for (const sentence of [
      "The skipper wept as it began to set in With the race still on, Halvard left the boat.",
      "The mayor will leave office in January While in Tessel, she also plans to rest.",
    ]) {
      expect(keyFactProblem(sentence)).toBe("two sentences run together");
      expect(sourceSentenceProblem(sentence)).toBeNull();
    }
    for (const sentence of [
      "The harbour master told The Tessel Gazette that the quay would reopen.",
      "Officials said the ferry is Doing Away With Paper Tickets this summer.",
      "The skipper said she would race again, with the crew she trusts.",
    ]) {
      expect(keyFactProblem(sentence)).toBeNull();
    }
  });
});

describe("sourceSentenceProblem", () => {
  it("refuses a caption's label before the statement, in English", () => {
    for (const sentence of [
      "Scene: Police, ambulances and fire engines were at the harbour by noon.",
      "Victim: Anna Holt, 34, was named by her family on Tuesday.",
      "Waiting: The ferry crew stood on the quay for an hour.",
    ]) {
      expect(sourceSentenceProblem(sentence)).toBe("opens with a label");
      // A one-word label opens a caption: no key fact either.
      expect(keyFactProblem(sentence)).toBe("opens with a label");
    }
    // A title's own name before its colon may open a key fact (a headline-only item's).
    expect(keyFactProblem("Star Wars: Battlefront II releases tomorrow.")).toBeNull();
    expect(keyFactProblem("Chris said: the harbour will reopen in May.")).toBeNull();
    expect(sourceSentenceProblem("Szene: Polizei und Feuerwehr waren am Hafen.", "de")).toBeNull();
  });

  it("keeps a speaker's words, whose verb names who speaks", () => {
    for (const sentence of [
      "Chris said: 'The harbour will reopen in May.'",
      'They added: "The ferry will run daily from Tuesday."',
      "Police said: the harbour will reopen in May.",
    ])
      expect(sourceSentenceProblem(sentence)).toBeNull();
  });
});

describe("a quotation carried to the next paragraph (continuesQuotation)", () => {
  const straight = 'The harbour master wrote on Monday: "The east pier will reopen in May.';
  const curly = "Mayor Ilse Varga told the council: “The ferry to Tessel will run daily.";

  it("is no scrap of a quote: straight and curly marks", () => {
    for (const sentence of [straight, curly]) {
      expect(keyFactProblem(sentence)).toBe("a scrap of a quote");
      expect(keyFactProblem(sentence, "en", true)).toBeNull();
      expect(sourceSentenceProblem(sentence, "en", true)).toBeNull();
    }
  });

  it("is never the dek, which is read alone, where the open mark reads as a scrap", () => {
    for (const sentence of [straight, curly])
      expect(dekProblem(sentence, "en", true)).toBe("a quotation going on past it");
    expect(dekProblem(`${straight}"`, "en")).toBeNull();
  });

  it("leaves a paragraph that is the open quotation alone a scrap (a later one of it)", () => {
    for (const continuation of [
      '"Repairs to the east pier cost far less than the council had feared.',
      "“Repairs to the east pier cost far less than the council had feared.",
      ' ("Repairs to the east pier cost far less than the council had feared.',
    ]) {
      expect(keyFactProblem(continuation, "en", true)).toBe("a scrap of a quote");
      expect(sourceSentenceProblem(continuation, "en", true)).toBe("a scrap of a quote");
    }
    // A speaker named inside it, before the quotation it leaves open.
    expect(
      keyFactProblem(
        '"Repairs cost less," the master added, "and the pier reopens in May.',
        "en",
        true,
      ),
    ).toBeNull();
  });

  it("keeps every other test", () => {
    expect(keyFactProblem(`the master ${straight.slice(4)}`, "en", true)).toBe(
      "starts mid-sentence",
    );
    expect(
      keyFactProblem('He wrote on Monday: "The east pier will reopen in May.', "en", true),
    ).toBe("opens on an unresolved word");
    expect(keyFactProblem('Why did she write: "The east pier will reopen?', "en", true)).toBe(
      "a question",
    );
  });

  it("reads a sentence cut from inside a bracket as a scrap, and a list item as whole", () => {
    for (const scrap of [
      "(Ms. Varga, who chairs the harbour board, is one of its longest-serving members.",
      "Harbour] Visitor Centre was opened without the plaque in there.",
      "The pier (east side] will reopen in May after the repairs.",
    ]) {
      expect(keyFactProblem(scrap)).toBe("a scrap of a bracket");
      expect(sourceSentenceProblem(scrap)).toBe("a scrap of a bracket");
    }
    for (const whole of [
      "The east pier (closed since March) will reopen in May.",
      "1) The east pier will reopen in May after the repairs.",
      "The board [of the harbour] voted to reopen the east pier in May.",
    ])
      expect(keyFactProblem(whole)).toBeNull();
  });

  it("leaves marks out of balance in another way a scrap", () => {
    expect(keyFactProblem("She wrote: “The east pier “will reopen in May.", "en", true)).toBe(
      "a scrap of a quote",
    );
  });
});

describe("definiteUnnamed", () => {
  it("flags a dek whose subject is 'the' and a noun the headline does not name", () => {
    const headline = "Tessel smashes snowfall record with flakes still falling";
    expect(definiteUnnamed("The storm brought 34 inches of snow on Monday.", headline)).toBe(true);
    expect(definiteUnnamed("The company added that the port stays shut.", headline)).toBe(true);
  });

  it("keeps one the headline names, or one that describes what it speaks of", () => {
    expect(
      definiteUnnamed("The storm brought 34 inches of snow.", "Storm dumps snow on Tessel"),
    ).toBe(false);
    expect(
      definiteUnnamed("The storms brought 34 inches of snow.", "Storm dumps snow on Tessel"),
    ).toBe(false);
    const other = "Varrowby votes on the new harbour budget";
    expect(definiteUnnamed("The final polls are trickling in across Varrowby.", other)).toBe(false);
    expect(definiteUnnamed("The recently opened ferry terminal was closed.", other)).toBe(false);
    expect(definiteUnnamed("The Tessel council voted on Monday.", other)).toBe(false);
    expect(definiteUnnamed("A storm brought 34 inches of snow.", other)).toBe(false);
  });
});

describe("tellsNextStep", () => {
  it("flags a subject, then 'later' or 'then' before a verb in the past", () => {
    expect(tellsNextStep("Mayor Iris Brannock later issued a statement on the ferry.")).toBe(true);
    expect(tellsNextStep("Halvard then pivoted to the budget of the Tessel port.")).toBe(true);
    expect(tellsNextStep("State investigators later determined the parcel was safe.")).toBe(true);
  });

  it("keeps a time phrase, a title, a later clause and a verb in the present", () => {
    expect(tellsNextStep("A second ferry later in the year will serve Varrowby.")).toBe(false);
    expect(tellsNextStep("More than a century later, the quay still stands.")).toBe(false);
    expect(tellsNextStep("The then-mayor of Tessel opened the quay in 1990.")).toBe(false);
    expect(tellsNextStep("Crews cleared the quay, and the ferry then sailed at noon.")).toBe(false);
    expect(tellsNextStep("The council will later vote on the harbour budget.")).toBe(false);
    expect(tellsNextStep("Ferries to Varrowby resumed on Monday.")).toBe(false);
  });
});
