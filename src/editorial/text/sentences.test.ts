// Sentences are exact substrings of the text, split where a reader would split them.
import { describe, expect, it } from "vitest";
import { splitSentences } from "./sentences.js";

describe("splitSentences", () => {
  it("knows abbreviations, decimals and quotes", () => {
    expect(
      splitSentences(
        'Dr. Smith went to St. Ellis on Jan. 5. He said "we are fine." Then 3.5 people left! Why?',
      ),
    ).toEqual([
      "Dr. Smith went to St. Ellis on Jan. 5.",
      'He said "we are fine."',
      "Then 3.5 people left!",
      "Why?",
    ]);
  });

  it("goes on after a title before a name and after a dateline's state", () => {
    expect(
      splitSentences(
        "Photos show Mugabe meeting army Cmdr. Constantino Chiwenga. Adm. Mike Mullen spoke at Ft. Greely. PASADENA, Calif. — Floats rolled on. He lives in Pasadena, Calif. The end came.",
      ),
    ).toEqual([
      "Photos show Mugabe meeting army Cmdr. Constantino Chiwenga.",
      "Adm. Mike Mullen spoke at Ft. Greely.",
      "PASADENA, Calif. — Floats rolled on.",
      "He lives in Pasadena, Calif.",
      "The end came.",
    ]);
  });

  it("reads US copy's states, party tags and plural titles as a reader does", () => {
    expect(
      splitSentences(
        'Rep. Peter King, R-N.Y., who opposes it, spoke. Sen. Lindsey Graham (R-S.C.) agreed. Prominent Republicans are calling for Ariz. Gov. Jan Brewer to veto it. The ban came with Wash. Gov. Jay Inslee\'s order. It followed the Newtown, Conn. shooting. The game is in Glendale, Ariz. in 2015. Sens. Dick Durbin and Rand Paul (Ky.) met. He renewed the post-Sept. 11 law. The NAACP met in Kansas City, Mo. The resolution passed. He thanked Harry Reid, D-Nev. Kyl said nothing. She said it was "nothing on Mo." Mr. Cowan smiled.',
      ),
    ).toEqual([
      "Rep. Peter King, R-N.Y., who opposes it, spoke.",
      "Sen. Lindsey Graham (R-S.C.) agreed.",
      "Prominent Republicans are calling for Ariz. Gov. Jan Brewer to veto it.",
      "The ban came with Wash. Gov. Jay Inslee's order.",
      "It followed the Newtown, Conn. shooting.",
      "The game is in Glendale, Ariz. in 2015.",
      "Sens. Dick Durbin and Rand Paul (Ky.) met.",
      "He renewed the post-Sept. 11 law.",
      "The NAACP met in Kansas City, Mo.",
      "The resolution passed.",
      "He thanked Harry Reid, D-Nev.",
      "Kyl said nothing.",
      'She said it was "nothing on Mo."',
      "Mr. Cowan smiled.",
    ]);
  });

  it("splits after a small number that ends a sentence", () => {
    expect(splitSentences("Rovers won 3. The crowd cheered.")).toEqual([
      "Rovers won 3.",
      "The crowd cheered.",
    ]);
  });

  it("goes on after 'U.N.' before a name, and ends there before a new clause", () => {
    expect(
      splitSentences(
        "It defies U.N. Security Council sanctions. Exports to the U.S. The company said so. Asked about it, U.S. President Trump smiled. It grew in the U.S. He left.",
      ),
    ).toEqual([
      "It defies U.N. Security Council sanctions.",
      "Exports to the U.S.",
      "The company said so.",
      "Asked about it, U.S. President Trump smiled.",
      "It grew in the U.S.",
      "He left.",
    ]);
  });

  it("splits two texts run together without a stop (a caption before its paragraph)", () => {
    expect(
      splitSentences(
        "The scene after a tram overturned in Croydon, south London The 42-year-old driver is held. Teams were sent to the scene According to the boy's parents, he fell. He told The Associated Press that the film The Shape of Water won.",
      ),
    ).toEqual([
      "The scene after a tram overturned in Croydon, south London",
      "The 42-year-old driver is held.",
      "Teams were sent to the scene",
      "According to the boy's parents, he fell.",
      "He told The Associated Press that the film The Shape of Water won.",
    ]);
    // Other languages capitalise otherwise.
    expect(splitSentences("Er sah den Film The cat is a pet.", "de")).toHaveLength(1);
    expect(splitSentences("Er sah den Film The cat is a pet.", "en")).toHaveLength(2);
  });

  it("splits before a count word after a lower-case word, never inside a name", () => {
    expect(
      splitSentences(
        "Two hurt after shooting near demonstration Five people have been hurt, police said. The Formula One team and Channel Four staff were there.",
      ),
    ).toEqual([
      "Two hurt after shooting near demonstration",
      "Five people have been hurt, police said.",
      "The Formula One team and Channel Four staff were there.",
    ]);
    expect(
      splitSentences(
        'Tony Dow, known for playing Wally Cleaver on "Leave It to Beaver," dead at 77',
      ),
    ).toHaveLength(1);
  });

  it("splits after a credit in brackets or a closed quotation, and before a pronoun's clause after a name", () => {
    expect(
      splitSentences(
        "Mr Collett's family paid tribute to the 62-year-old (British Transport Police) They said he was loved. (Photo: Getty Images) But the teenager overtook 13 cars. She held a sign 'Love Trumps Hate' There was misery for her fans. They named Dorota Rynkiewicz and Mark Smith They also confirmed the others. The gaps between the peaks It's all about costs. Obama met Trump in the Oval Office He said they had talked.",
      ),
    ).toEqual([
      "Mr Collett's family paid tribute to the 62-year-old (British Transport Police)",
      "They said he was loved.",
      "(Photo: Getty Images)",
      "But the teenager overtook 13 cars.",
      "She held a sign 'Love Trumps Hate'",
      "There was misery for her fans.",
      "They named Dorota Rynkiewicz and Mark Smith",
      "They also confirmed the others.",
      "The gaps between the peaks",
      "It's all about costs.",
      "Obama met Trump in the Oval Office",
      "He said they had talked.",
    ]);
    // A pronoun inside a title goes on: the words after it are capitalised.
    for (const title of [
      "He grew up watching Leave It to Beaver on television.",
      "Fans sang Let It Be at the gates.",
      "They watched What We Do in the Shadows twice.",
      "She wrote for The Guardian (London) in the nineties.",
    ]) {
      expect(splitSentences(title)).toEqual([title]);
    }
  });

  it("splits before a part of a group named after it, even after a capitalised word", () => {
    expect(
      splitSentences(
        "Rovers came back to win the Harbour Cup One of the great upsets can now be told. Crews worked overnight REUTERS Some of the roads stay closed.",
      ),
    ).toEqual([
      "Rovers came back to win the Harbour Cup",
      "One of the great upsets can now be told.",
      "Crews worked overnight REUTERS",
      "Some of the roads stay closed.",
    ]);
    expect(splitSentences("The Formula One team and Channel One staff were there.")).toHaveLength(
      1,
    );
  });

  it("splits after a quotation closed by its stop and before 'A' and a name after a lower-case word", () => {
    expect(
      splitSentences(
        '"Why couldn\'t you just lose a triangle?" The 170-gram bars were cut. The search took over 100 hours A Chinese boy trapped down a well has been found. "Go!" Smith shouted at the film A Quiet Place.',
      ),
    ).toEqual([
      '"Why couldn\'t you just lose a triangle?"',
      "The 170-gram bars were cut.",
      "The search took over 100 hours",
      "A Chinese boy trapped down a well has been found.",
      '"Go!" Smith shouted at the film A Quiet Place.',
    ]);
    expect(
      splitSentences(
        "The closure will leave Furnace A as the only blast furnace operating. Five people were shot in Seattle A gunman opened fire.",
      ),
    ).toEqual([
      "The closure will leave Furnace A as the only blast furnace operating.",
      "Five people were shot in Seattle",
      "A gunman opened fire.",
    ]);
  });

  it("splits before a capitalised preposition, quantifier or conjunction after a lower-case word", () => {
    expect(
      splitSentences(
        "Melania and Michelle looked a little less awkward in their photo After meeting with Obama, Trump had lunch. Rescuers carry on searching More than 80 diggers have been sent. Marines stand guard where they are meeting today As Trump met with Obama, Kushner met aides.",
      ),
    ).toEqual([
      "Melania and Michelle looked a little less awkward in their photo",
      "After meeting with Obama, Trump had lunch.",
      "Rescuers carry on searching",
      "More than 80 diggers have been sent.",
      "Marines stand guard where they are meeting today",
      "As Trump met with Obama, Kushner met aides.",
    ]);
    // Inside a name or a title the next word is capitalised, or the word before is.
    for (const whole of [
      "She starred in the film After Earth with her father.",
      "They played As Time Goes By at the wedding.",
      "He reviewed Gone With the Wind for the paper.",
      "The Boys In Blue won again on Sunday.",
    ]) {
      expect(splitSentences(whole)).toEqual([whole]);
    }
  });

  it("splits before a linking adverb and its comma, capitalised in mid-sentence", () => {
    expect(
      splitSentences(
        "A breakdown of the vote by ward However, turnout rose in every ward. The mayor Meanwhile, said nothing.",
        "en",
      ),
    ).toEqual([
      "A breakdown of the vote by ward",
      "However, turnout rose in every ward.",
      "The mayor",
      "Meanwhile, said nothing.",
    ]);
    // In lower case it goes on: "…that, however, the vote…".
    expect(splitSentences("He said that, however, the vote would go on.", "en")).toEqual([
      "He said that, however, the vote would go on.",
    ]);
  });

  it("splits paragraphs joined without a space, the stop staying with its sentence", () => {
    expect(
      splitSentences("Crews reopened the bridge on Monday.The harbour stays shut!Ferries wait."),
    ).toEqual(["Crews reopened the bridge on Monday.", "The harbour stays shut!", "Ferries wait."]);
  });

  it("keeps a bracketed ticker in one sentence", () => {
    expect(
      splitSentences("Volkswagen (VOWG_p.DE) has yet to fix the cars. Apple (AAPL.O) rose."),
    ).toEqual(["Volkswagen (VOWG_p.DE) has yet to fix the cars.", "Apple (AAPL.O) rose."]);
  });

  it("splits scripts without spaces by ICU rules", () => {
    expect(splitSentences("東京は晴れ。明日は雨です。", "ja")).toEqual([
      "東京は晴れ。",
      "明日は雨です。",
    ]);
  });

  it("returns only substrings of the text", () => {
    const text = "First line without a stop\nSecond line. Third one!";
    for (const sentence of splitSentences(text)) expect(text).toContain(sentence);
  });
});
