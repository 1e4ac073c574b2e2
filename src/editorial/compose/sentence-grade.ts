// Can a reportable sentence stand alone as a key fact, or open a story as its dek? The
// hygiene stage has already dropped page furniture; this reads what is left as an editor
// would: a statement (not a question), complete (quotes closed, or carried to the next
// paragraph by the newspapers' convention; not a scrap of one), and
// self-contained (not opening on a pronoun or a conjunction that points to a sentence the
// reader has not seen). The dek must also be a plain declarative sentence of some length.
import { hasFiniteVerb, isNounPhraseAlone, isPlainVerb } from "../hygiene/finite-verbs.js";
import { closingMarkOfOpenQuotation, quotesBalanced } from "../text/open-quotation.js";

/** Key facts: at least this many words (a shorter sentence rarely states a claim). */
export const MIN_KEY_FACT_WORDS = 6;
/** The dek: between these many words (a summary, not a label and not a paragraph). */
export const DEK_WORDS = { min: 8, max: 60 } as const;

/** Openers that need the previous sentence: pronouns, conjunctions and linking adverbs. */
const DEPENDENT_OPENERS = new Set(
  (
    "he she it they this that these those his her its their him them we i you us our " +
    "but and so or nor yet also then still however meanwhile moreover instead besides " +
    "furthermore nevertheless nonetheless otherwise thus hence therefore later earlier " +
    "another both such which other others same specifically similarly likewise additionally " +
    "further"
  ).split(" "),
);

const FIRST_WORD = /^[\s"“‘'(]*([\p{L}]+)/u;
/**
 * Linking phrases of several words that open on what a sentence before said: "For instance,
 * lawmakers did not read…", "In fact, Republicans may have…", "As a result, the bank will…";
 * and the words that number a list's items ("First, at just 3.5 inches…", "Lastly, every
 * dollar…"), whose reader has not seen the list. English.
 */
const LINKING_PHRASE =
  /^(?:For (?:instance|example)|In (?:fact|addition|contrast|turn|other words)|As a result|By contrast|On the other hand|Even so|That said|First(?:ly)?|Second(?:ly)?|Third(?:ly)?|Next|Finally|Lastly),/u;
/**
 * A sentence that explains or repeats one before it: "Maybe that’s because the team has…",
 * "This is why the council…", and "these same" or "those same" anywhere ("…, those same
 * accusations of false scarcity have been…"). English.
 */
const EXPLAINS_BEFORE = /^(?:\S+\s+){0,6}?(?:that|this)(?:['’]s| is| was) (?:because|why)\b/iu;
const SAME_AGAIN = /\b(?:these|those) same\b/iu;

/**
 * EXPLAINS_BEFORE or SAME_AGAIN, each tried only on a sentence holding its key word: tried on
 * every fact of a build, the patterns took 1% of it.
 */
function explainsBefore(text: string): boolean {
  return (
    ((text.includes("because") || text.includes("why")) && EXPLAINS_BEFORE.test(text)) ||
    (text.includes(" same") && SAME_AGAIN.test(text))
  );
}
/**
 * An opening that dates the sentence from an event before it: "More than a century later,
 * the library…", "Two days later, …". The dek's reader has not seen that event; a key fact
 * or a section sentence, read with the story, may lean on it. English.
 */
const LATER_OPENING = /^[^,]{0,40}\blater,/u;
/**
 * "These" or "those" before a noun anywhere in the dek ("…wants to push back on those
 * accusations.", "…was not responsible for those emails."): things named before it. Not the
 * pronoun before what tells whom it means ("a support group for those trying to…", "those who",
 * "those of"), nor "these days". English.
 */
const DEMONSTRATIVE_NOUN =
  /\b(?:these|those)\s+(?!(?:who|whom|whose|which|that|of|in|at|with|on|for|from|days)\b|\p{Ll}+(?:ing|ed)\b)\p{Ll}/iu;
/**
 * "However" set off by commas inside the sentence ("The marquee effort, however, is…",
 * "Democrats rejected the offer…, however, maintaining…"): it sets the sentence against one
 * before it, as an opening "However" does. English.
 */
const INNER_CONTRAST = /\S,\s+however[,.;]/iu;
/**
 * An opening quotation mark: double or curly, or a straight single one before a letter, as
 * British copy quotes ("'Did you sign this letter?' Kimmel asked."; "'90s" is no quotation).
 */
const OPENING_QUOTE = /^[\s(]*(?:["“‘]|'(?=\p{L}))/u;

/**
 * Whether a sentence opens with a quotation ("“It's definitely not intentional,” he told…"):
 * a speaker's words, whose "it" and "them" point into a conversation the reader has not
 * heard. It is never the dek, nor a key fact (a reported who, what, where, when or how
 * many); "What we know" and the sources' sections still show it, under its speaker's name.
 */
export function opensWithQuote(text: string): boolean {
  return OPENING_QUOTE.test(text);
}
/**
 * "Also" among the first words ("Mrs. Clinton is also doing better…", "The company also
 * said…"): the sentence adds to one before it, so it cannot open a story. English.
 */
const EARLY_ALSO = /^\S+(?:\s+\S+){0,4}\s+also\b/iu;
/**
 * A reference back to a sentence the dek's reader has not seen, past its first word (which
 * keyFactProblem reads): "these" or "those" and a noun among its first words ("Using
 * Javascript, those sites were…", "…growth in these categories…"), a personal pronoun as the
 * subject after an opening phrase ("Scattered across the earth, they were…", "To be honest,
 * they’d have been…"; "it" is often no one: "When HomePod was announced, it seemed…").
 * A key fact, read with its story, may lean on these. English.
 */
const BACK_REFERENCE =
  /^(?:\S+\s+){0,8}?(?:these|those)\s+\p{Ll}|^[^,]{3,60},\s+(?:they|he|she|we)(?:['’](?:d|ll|re|ve|s))?\s+\p{Ll}/u;
/**
 * An opening that points at a text or a list the reader has not seen: "In it, Rice and
 * Freedman speak…" (the video, the memo), "Here are some of their resolutions…". Never a dek
 * or a key fact. English.
 */
const POINTS_AT_TEXT = /^(?:In|From|Of|With) (?:it|them|this|that),|^Here (?:are|is)\b/u;
/**
 * A statement already made, spoken of as known: "…made his comments in an interview with…",
 * "Comey made the announcement in a letter to Congress…", "The decision was made by…". The
 * sentence tells when or where something was said, not what: the dek's reader has not seen
 * what the comments were. A noun followed by what it holds says it ("The decision to close
 * the pier was…", "The announcement that…"). English.
 */
const STATEMENT_SPOKEN_OF =
  /\b(?:made|delivered|issued|gave) (?:his|her|their|its|the) (?:comments?|remarks?|announcement|statement)\b(?! (?:that|on|about|of)\b)|^(?:The|His|Her|Their|Its) (?:comments?|remarks?|announcement|statement|decision|move)\b(?! (?:to|of|that|by|on|for|in|from|about|against)\b)/u;
/**
 * A part of a group the reader has not met: "Some of the emails were collected…", "Two of
 * them…", "Most of those arrested…". As a dek it points back to a sentence not shown (a key
 * fact or a section sentence may lean on the story around it). English.
 */
const PARTITIVE_OPENING =
  /^(?:some|many|most|all|none|one|two|three|four|five|several|few|half|each|both|either|neither|\d+) of (?:the|these|those|them|its|their|his|her|our)\b/iu;
/**
 * A count or a demonstrative that stands for people or things named before: a number word as
 * the subject of its verb ("Two opted for a trial…", "Three were arrested…"), or a
 * demonstrative after an opening conjunction ("If this is true, …", "When that happens, …").
 * "Two men were arrested" and "If this year's budget passes" name what they speak of. English.
 */
const COUNT_SUBJECT =
  /^(?:One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Both)\s+(?:is|was|are|were|has|had|have|will|would|could|also|remain|remained|died|opted|said|say)\b/u;
const DEMONSTRATIVE_CLAUSE =
  /^(?:If|When|While|Although|Though|As|Because|Since|Unless|After|Before|Once|Until)\s+(?:this|that|these|those)\s+(?:is|was|are|were|has|had|will|would|could|happens|happened|means|meant|does|did)\b/u;
/**
 * A person's pronoun in an opening clause, and a main clause after its comma that names no one
 * in its first words: "As he left for Utah on Monday, the president said…", "Although he's
 * expressed openness…, his comments could…". The pronoun points to someone named before. A
 * name after the comma resolves it ("Although she may side with the plaintiffs, even Justice
 * Ruth Bader Ginsburg…"; "After his war rhetoric of recent weeks, Donald Trump struck…"), and
 * "it" is often no one ("When it comes to tablets, …"). English.
 */
const PRONOUN_CLAUSE =
  /^(?:As|When|While|After|Before|Since|Although|Though|Because|If|Once|Until|Despite)\s+(?:he|she|they|we|his|her|their)\b[^,]{0,120},\s+(?!(?:\S+\s+){0,2}\p{Lu})/u;

/** "Label: text" openings: "Victim: Phil Seary was named…", "UPDATE: …", "Q&A What…". */
const LABEL_OPENING = /^(?:[\p{Lu}][\p{L}&'-]*(?:\s[\p{L}&'-]+)?\s?:\s|Q&A\b)/u;
/** One word and a colon before a sentence: "Victim: Anna Holt…", "Split: Sarah Silverman…". */
const ONE_WORD_LABEL = /^[\p{Lu}][\p{L}&'-]*:\s+["“]?[\p{Lu}\p{N}]/u;

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** A full stop closing the sentence, before any closing quotes or brackets. */
const CLOSING_STOP = /[.。।]["”’'»)\]]*$/u;

/**
 * Words: runs of letters and digits (counted without building them). Counting stops at
 * `enough` words: a test for a minimum needs no more, and reads the start of the sentence only.
 */
export function wordCount(text: string, enough = Infinity): number {
  let [count, inWord] = [0, false];
  for (let index = 0; index < text.length && count < enough; index++) {
    const code = text.charCodeAt(index);
    const isWord =
      code < 128
        ? (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122)
        : WORD_CHARACTER.test(text.charAt(index));
    if (isWord && !inWord) count++;
    inWord = isWord;
  }
  return count;
}

/** Whether `text` keeps to a word cap of StoryLimits (0 is no cap: nothing is counted). */
export function withinWordCap(text: string, cap: number): boolean {
  return cap === 0 || wordCount(text) <= cap;
}

/**
 * The sentence as the grade reads it, trimmed. A quotation it leaves open at the end of its
 * paragraph, where the next paragraph opens with a quote mark (`continuesQuotation`, read
 * where the sentence is cut from its text: ../text/open-quotation.ts), goes on by the
 * newspapers' convention: it is read as closed at the sentence's end, so that it is no scrap
 * of a quote and every other test judges it as the closed quotation it is (`The mayor wrote:
 * "The wall will be rebuilt.`). A sentence that is the open quotation alone, from its first
 * character (`"The wall will be rebuilt.`: a later paragraph of the quotation, or a first one
 * whose speaker comes after it), names no speaker and is read as it is: a scrap of a quote.
 */
function gradedText(text: string, continuesQuotation: boolean): string {
  const trimmed = text.trim();
  if (!continuesQuotation) return trimmed;
  const mark = closingMarkOfOpenQuotation(trimmed);
  if (mark === undefined) return trimmed;
  const opened = trimmed.lastIndexOf(mark === '"' ? '"' : "“");
  const alone = OPENING_QUOTE.exec(trimmed)?.[0].length === opened + 1;
  return alone ? trimmed : trimmed + mark;
}

/** A list's item marker closing on a bracket: "1) ", "b) ". */
const ITEM_MARKER = /^(?:\d{1,2}|[a-z])\)\s/u;

/**
 * Round and square brackets that pair up: none closes before it opens and none is left open.
 * A sentence cut from inside a bracket ("(Ms. Tlaib, who is Palestinian-American, is one of
 * the first Muslims in Congress." where the aside goes on past it; "Capitol] Visitor Center
 * was opened…" from a quotation's editorial insert) is a scrap, as an unclosed quotation is.
 */
function bracketsBalanced(text: string): boolean {
  let [round, square] = [0, 0];
  for (let at = ITEM_MARKER.test(text) ? text.indexOf(")") + 1 : 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 40) round++;
    else if (code === 91) square++;
    else if (code === 41 && --round < 0) return false;
    else if (code === 93 && --square < 0) return false;
  }
  return round === 0 && square === 0;
}

/**
 * Two sentences run together without a stop, where an extractor joined a caption or a
 * paragraph to the next: a lower-case word, then a word that opens clauses written with a
 * capital, then a lower-case word ("…as the realisation began to set in With the race still
 * ongoing, Massa left…", "…in January While in Washington, DC, Trump also plans…"). Titles
 * ("Doing Away With Controversial…") capitalise the word before too; "The" is left out, as
 * names hold it ("told The Athletic"). Never a key fact; a source's own sentences may show it,
 * read in order under its publisher's name, and /ask may answer from it. English.
 */
const RUN_TOGETHER =
  /\p{Ll}{2} (?:With|He|She|They|But|However|We|His|Her|Their|After|When|While|Despite) \p{Ll}/u;

/** A complete statement: long enough, not a question, quotes closed, not started mid-way. */
function statementProblem(trimmed: string): string | null {
  if (wordCount(trimmed, MIN_KEY_FACT_WORDS) < MIN_KEY_FACT_WORDS) return "too short";
  if (/\?["”’']?$/u.test(trimmed)) return "a question";
  if (!quotesBalanced(trimmed)) return "a scrap of a quote";
  if (!bracketsBalanced(trimmed)) return "a scrap of a bracket";
  const first = FIRST_WORD.exec(trimmed)?.[1];
  if (first && first === first.toLowerCase() && first !== first.toUpperCase())
    return "starts mid-sentence";
  return null;
}

/**
 * A sentence that is one quotation from its first mark to its last, nothing outside it: in
 * double marks, or in single ones closing on its last stop ("'Now let's get out and play!'";
 * an apostrophe inside is no closing mark).
 */
const WHOLE_QUOTATION = /^[\s(]*(?:"[^"]+"|“[^”]+”|['‘].*[.!?…,]['’])[\s)]*$/u;

/**
 * A speaker's words without the speaker: a sentence that is a quotation and nothing else
 * ("“But now I know how silly and unimportant it is.”", "“We carry these costs for as long as
 * possible…”"). The report names the speaker in another sentence; read alone, as a key fact,
 * nobody is saying it. A quotation followed by its speaker ("…,” the mayor said) is whole.
 */
function speakerMissing(trimmed: string): boolean {
  return WHOLE_QUOTATION.test(trimmed);
}

/**
 * Quoted passages in double marks: what a named speaker says in the first person. A curly
 * quotation runs to the next mark of either kind: read to the next closing mark only, a run of
 * opening marks with none after them was read again from each one (quadratic).
 */
const DOUBLE_QUOTED = /"[^"]*"|“[^“”]*”/gu;
/**
 * The first person: "I" before a verb or an apostrophe ("I think", "I've") and not after a
 * name ("World War I", "Elizabeth I"), and me, my, we, us, our (in lower case: "US" is the
 * country). English.
 */
const FIRST_PERSON =
  /(?<!\p{Lu}\p{L}*\s)\bI(?=\s+\p{Ll}|['’])|\b(?:[Mm]e|[Mm]y|[Mm]ine|[Ww]e|us|[Oo]urs?)\b/u;
/** A verb or phrase that names who is speaking: "…, she said", "according to…". English. */
const ATTRIBUTION =
  /\b(?:said|says|say|told|tells|tell|added|adds|wrote|writes|according|tweeted|posted|explained|stated|insisted|noted|claimed|asked|replied|recalled|argued|warned|declared|announced|acknowledged|admitted|confirmed|commented|statement)\b/iu;

/**
 * A speaker's words without quotation marks or speaker: the first person outside any quotation
 * and no one named as saying it ("The personal conduct of a tiny fraction of our 125,000
 * employees does not…", "Sorry, this zipcode is not in our deliverable area…"). A report
 * states facts in the third person; its first person is a spokesman's statement, a blogger's
 * aside or the site speaking to its reader, none of which is a fact of the event.
 */
function firstPersonUnattributed(trimmed: string): boolean {
  const outside = trimmed.replace(DOUBLE_QUOTED, " ");
  return FIRST_PERSON.test(outside) && !ATTRIBUTION.test(trimmed);
}

/**
 * A sentence that ends on "so" after a verb of thinking or saying, or on a bare demonstrative,
 * stands for a claim made before it ("President Trump and South Korea seem to think so.",
 * "Two hours later, United confirmed that."). English.
 */
const CLOSING_PRO_FORM =
  /(?:\b(?:think|thinks|thought|believe|believes|believed|say|says|said|hope|hopes|hoped|expect|expects|expected|do|does|did) so|\b(?:that|this|these|those))[.!]?["”’']?$/iu;

/**
 * How much of the end of a sentence CLOSING_PRO_FORM needs: its longest match ("believed
 * so.”") is 13 code units, and one more keeps its opening `\b` judged on the real character
 * before it. Tested on the whole text, the regex would be tried from every position.
 */
const PRO_FORM_TAIL = 16;

function endsOnProForm(text: string): boolean {
  return CLOSING_PRO_FORM.test(text.length > PRO_FORM_TAIL ? text.slice(-PRO_FORM_TAIL) : text);
}

/**
 * Why `text` cannot be a key fact, or null when it can. `language`: the Manifest's tag;
 * `continuesQuotation`: its open quotation goes on in the next paragraph (gradedText).
 */
export function keyFactProblem(
  text: string,
  language = "en",
  continuesQuotation = false,
): string | null {
  const trimmed = gradedText(text, continuesQuotation);
  const problem = statementProblem(trimmed);
  if (problem) return problem;
  const first = FIRST_WORD.exec(trimmed)?.[1];
  // Inside an opening quote a pronoun is the speaker's ("We will rebuild," the mayor said).
  if (first && !OPENING_QUOTE.test(trimmed) && DEPENDENT_OPENERS.has(first.toLowerCase()))
    return "opens on an unresolved word";
  if (language.startsWith("en") && RUN_TOGETHER.test(trimmed)) return "two sentences run together";
  if (
    LINKING_PHRASE.test(trimmed) ||
    INNER_CONTRAST.test(trimmed) ||
    (language.startsWith("en") && explainsBefore(trimmed))
  )
    return "answers a sentence before it";
  if (
    COUNT_SUBJECT.test(trimmed) ||
    DEMONSTRATIVE_CLAUSE.test(trimmed) ||
    PRONOUN_CLAUSE.test(trimmed)
  )
    return "speaks of something named before";
  if (POINTS_AT_TEXT.test(trimmed)) return "refers to a sentence before it";
  if (speakerMissing(trimmed)) return "a quotation without its speaker";
  if (language.startsWith("en") && firstPersonUnattributed(trimmed))
    return "the first person without a speaker";
  if (endsOnProForm(trimmed)) return "ends on a word that needs the previous sentence";
  if (language.startsWith("en") && !hasFiniteVerb(trimmed)) return "no finite verb";
  if (language.startsWith("en") && isNounPhraseAlone(trimmed)) return "a noun phrase, no statement";
  // A one-word label opens a caption or a box ("Split: Sarah Silverman, 47, announced…"); a
  // title's name before its colon ("Star Wars: Battlefront II releases…") is the title's.
  if (language.startsWith("en") && ONE_WORD_LABEL.test(trimmed) && labelled(trimmed))
    return "opens with a label";
  return null;
}

/**
 * Why `text` cannot be shown among its own source's sentences, or null when it can: a
 * complete statement. Unlike a key fact it may open on a pronoun ("He was identified as…"):
 * it is read under its publisher's name, after that source's earlier sentences.
 * `continuesQuotation` as for keyFactProblem.
 */
export function sourceSentenceProblem(
  text: string,
  language = "en",
  continuesQuotation = false,
): string | null {
  const trimmed = gradedText(text, continuesQuotation);
  const problem = statementProblem(trimmed);
  if (problem) return problem;
  if (language.startsWith("en") && !hasFiniteVerb(trimmed)) return "no finite verb";
  if (language.startsWith("en") && labelled(trimmed)) return "opens with a label";
  return null;
}

/**
 * A caption's or a box's label before the statement ("Scene: Police, ambulances and fire
 * engines were in attendance…", "Victim: …"), not a speaker's ("They added: 'He will be…'",
 * "Chris said: …"). English: the speaker is told by the verb.
 */
function labelled(trimmed: string): boolean {
  const label = LABEL_OPENING.exec(trimmed)?.[0];
  return label !== undefined && !ATTRIBUTION.test(label);
}

/** "The", one lower-case noun and its verb: "The storm brought…", "The company added…". */
const DEFINITE_SUBJECT = /^The\s+(\p{Ll}[\p{L}-]*)\s+(\p{Ll}+)\b/u;
const WORD_STEM = 4;

/**
 * Whether a dek's subject is a bare definite noun the headline does not name: "The storm
 * brought 34 inches of snow…" under "Erie smashes snowfall record…", "The company added…"
 * with no company named. Read alone, as the dek is, "the storm" points to a sentence the
 * reader has not seen; a headline that names it ("Storm dumps 34 inches on Erie")
 * introduces it. Only "The" + one noun + a plain verb is read ("The final polls are…" and
 * "The recently opened Apple store…" describe what they speak of). Words are compared on
 * their first letters (a crude stem: "storm", "storms"). English.
 */
export function definiteUnnamed(text: string, headline: string): boolean {
  const match = DEFINITE_SUBJECT.exec(text.trim());
  if (match === null) return false;
  const [, noun = "", verb = ""] = match;
  if (noun.endsWith("ly") || !isPlainVerb(verb)) return false;
  const named = new Set(
    (headline.toLowerCase().match(/\p{L}+/gu) ?? []).map((word) => word.slice(0, WORD_STEM)),
  );
  return !named.has(noun.slice(0, WORD_STEM));
}

/**
 * A step told after another: its subject, then "later" or "then" before a verb in the past
 * ("Barry Rand later issued a statement…", "Trump then pivoted to Clinton…"). Not a time
 * phrase ("later in the year", "a century later,"), nor "then-" before a title. English.
 */
const NEXT_STEP = /^[^,;:]{1,60}?\s(?:later|then)\s+(\p{Ll}+)\b/u;

/**
 * Whether `text` tells a step after one its report told before it (NEXT_STEP): a dek or a key
 * fact, read alone, lacks that step, where "What we know", read in order, may show it.
 */
export function tellsNextStep(text: string): boolean {
  if (!text.includes(" later ") && !text.includes(" then ")) return false;
  const verb = NEXT_STEP.exec(text.trim())?.[1];
  return verb !== undefined && isPlainVerb(verb);
}

/**
 * Why `text` cannot be a dek, or null when it can: a key fact, declarative, plain.
 * `continuesQuotation` as for keyFactProblem.
 */
export function dekProblem(
  text: string,
  language = "en",
  continuesQuotation = false,
): string | null {
  return keyFactProblem(text, language, continuesQuotation) ?? dekShapeProblem(text);
}

/**
 * Why a sentence that can be a key fact (keyFactProblem is null) cannot be a dek, or null:
 * the dek's own rules, for callers that have graded it as a key fact already.
 */
export function dekShapeProblem(text: string): string | null {
  const trimmed = text.trim();
  const count = wordCount(trimmed);
  if (count < DEK_WORDS.min) return "too short";
  if (count > DEK_WORDS.max) return "too long";
  if (trimmed.includes("?")) return "holds a question";
  if (/!["”’']?$/u.test(trimmed)) return "an exclamation";
  // A headline-only item's text is a line without a stop: a key fact, never the dek, which
  // would repeat a headline under the headline.
  if (!CLOSING_STOP.test(trimmed)) return "no closing stop";
  if (OPENING_QUOTE.test(trimmed)) return "opens with a quote";
  // A quotation that goes on in the next paragraph (gradedText) is a key fact, read in its
  // list; the dek is read alone, at the top, where a mark that never closes reads as a scrap.
  if (!quotesBalanced(trimmed)) return "a quotation going on past it";
  if (EARLY_ALSO.test(trimmed)) return "continues an earlier sentence";
  if (PARTITIVE_OPENING.test(trimmed)) return "a part of a group not named";
  if (
    BACK_REFERENCE.test(trimmed) ||
    LATER_OPENING.test(trimmed) ||
    DEMONSTRATIVE_NOUN.test(trimmed)
  )
    return "refers to a sentence before it";
  if (STATEMENT_SPOKEN_OF.test(trimmed)) return "speaks of a statement made before it";
  if (LABEL_OPENING.test(trimmed)) return "opens with a label";
  return null;
}
