// Mentions: the figures of a sentence that speak of the event, each with the values its
// wording allows and the words around it that say what it measures.
import { tokenize } from "../../../text/tokens.js";
import { isFurniture, otherTimeClauses } from "./event-time.js";
import type { Figure, FigureKind } from "./figure.js";
import { readFigures } from "./read-figures.js";
import { allowedRange, numberBefore, numberValue, qualifierBefore } from "./qualifiers.js";
import { MONTHS, REPORTING_VERBS, WEEKDAYS } from "../../text/english-words.js";
import { type Token, tokenizeSentence } from "./sentence-tokens.js";

/** The words around a figure that say what it measures, and of whom. */
export interface MentionWords {
  /**
   * The nearest content word before and after it in its clause ("cut", "injured"), not past
   * a reporting verb ("Police said"). Names (capitalised words after the first) say where and
   * who, not what: they are left out.
   */
  anchors: ReadonlySet<string>;
  /** Content words within CONTEXT_WINDOW tokens on either side. */
  context: ReadonlySet<string>;
  /** The names of its clause: capitalised words after the first, days and months aside. */
  names: ReadonlySet<string>;
}

export interface Mention {
  kind: FigureKind;
  /** What it measures: the stem of the counted noun, the currency, or the kind. */
  unit: string;
  value: number;
  /** The values its wording allows ("about 6,000": 5,400 to 6,600). */
  low: number;
  high: number;
  /** As written: "$310 million", "2,300 people", "June 14". */
  shown: string;
  /**
   * Its words, read when first asked for: only figures that may conflict are compared by
   * them, and most figures of a cluster never are.
   */
  words: () => MentionWords;
  sentence: string;
}

/** How far an anchor may be from the figure, in tokens. */
const ANCHOR_REACH = 3;
/** Tokens on each side of a figure that describe it. */
const CONTEXT_WINDOW = 5;

type Stems = (token: Token) => string;

const CAPITALISED = /^\p{Lu}/u;

/** Words whose stems are kept (a vocabulary is far smaller; cleared when reached). */
const STEM_CACHE_LIMIT = 100_000;
/** Language → lower-cased word → its stem ("" for a stop word): the same words recur. */
const stemCache = new Map<string, Map<string, string>>();

/** What a lower-cased word of `language` is compared as: its first token, or "". */
function wordStem(lower: string, language: string): string {
  let stems = stemCache.get(language);
  if (!stems || stems.size >= STEM_CACHE_LIMIT)
    stemCache.set(language, (stems = new Map<string, string>()));
  let stem = stems.get(lower);
  if (stem === undefined) stems.set(lower, (stem = tokenize(lower, language)[0] ?? ""));
  return stem;
}

function stemsFor(language: string, tokens: readonly Token[]): Stems {
  return (token) => {
    if (token.isNumber || (token !== tokens[0] && CAPITALISED.test(token.text))) return "";
    return wordStem(token.lower, language);
  };
}

function anchorAt(
  tokens: readonly Token[],
  from: number,
  step: 1 | -1,
  clause: number,
  stem: Stems,
) {
  for (let index = from, taken = 0; taken < ANCHOR_REACH; index += step, taken++) {
    const token = tokens[index];
    // "Police said 3 people died": the source is not what the figure measures.
    if (!token || token.clause !== clause || REPORTING_VERBS.has(token.lower)) return undefined;
    const word = stem(token);
    if (word) return word;
  }
  return undefined;
}

/**
 * The names of a clause, and of the sentence's first clause when that one leads into it ("In
 * Tessel, 12 schools closed"): who and where the figure speaks of. Attributions in other
 * clauses ("…, KBN understands") are left out, as are days and months.
 */
function namesOf(tokens: readonly Token[], clause: number): Set<string> {
  const names = new Set<string>();
  for (let at = 1; at < tokens.length; at++) {
    const token = tokens[at]!;
    if (token.clause !== clause && token.clause !== 0) continue;
    if (!CAPITALISED.test(token.text) || token.quoted) continue;
    if (!WEEKDAYS.has(token.lower) && !MONTHS.has(token.lower)) names.add(token.lower);
  }
  return names;
}

function wordsAround(figure: Figure, tokens: readonly Token[], stem: Stems): MentionWords {
  const { first, last } = figure;
  const clause = (tokens[first] as Token).clause;
  const anchors = new Set<string>();
  for (const anchor of [
    anchorAt(tokens, first - 1, -1, clause, stem),
    anchorAt(tokens, last + 1, 1, (tokens[last] as Token).clause, stem),
  ])
    if (anchor !== undefined) anchors.add(anchor);
  const context = new Set<string>();
  for (let near = first - CONTEXT_WINDOW; near <= last + CONTEXT_WINDOW; near++) {
    const token = tokens[near];
    if (!token || (near >= first && near <= last)) continue;
    const word = stem(token);
    if (word) context.add(word);
  }
  return { anchors, context, names: namesOf(tokens, clause) };
}

function describeFigure(
  figure: Figure,
  tokens: readonly Token[],
  text: string,
  sentence: string,
  stem: Stems,
): Mention {
  const [low, high] = allowedRange(
    figure.kind,
    figure.value,
    qualifierBefore(tokens, figure.first),
  );
  let words: MentionWords | undefined;
  return {
    kind: figure.kind,
    unit: figure.unit,
    value: figure.value,
    low,
    high,
    shown: text.slice(figure.start, figure.end),
    words: () => (words ??= wordsAround(figure, tokens, stem)),
    sentence,
  };
}

/**
 * A count that ends a range or a change: "10 to 15 minutes" allows 10 to 15; "rose from 37
 * to 43 guests" also reports 37 guests, the earlier value.
 */
function withNumberBefore(mention: Mention, tokens: readonly Token[], figure: Figure): Mention[] {
  const before = figure.kind === "count" ? numberBefore(tokens, figure.first) : undefined;
  // "1 to 2 million": the first number takes the figure's scale.
  const value =
    (before?.value ?? 0) * (figure.value / numberValue((tokens[figure.first] as Token).text));
  if (!before || value === figure.value) return [mention];
  if (!before.isChange)
    return value < figure.value ? [{ ...mention, low: Math.min(mention.low, value) }] : [mention];
  const shown = (tokens[figure.first - 2] as Token).text;
  return [mention, { ...mention, value, low: value, high: value, shown }];
}

/**
 * A number with something after it that can make it a figure (a unit, a sign, a time's
 * colon), an amount's currency, or a month before a day. Most sentences with digits have
 * none ("in 2016.", "Flight 175."), and this costs far less than reading their tokens. A
 * number is read from its first digit and a month from its first letter (the lookbehinds):
 * a match from inside either is one from its start too, and trying every digit of a long run
 * ("0,0,0,…") or every letter was quadratic.
 */
const FIGURE_SHAPE =
  /(?<!\p{N}[.,:]?)\p{N}(?:[.,:]?\p{N})*\s?-?(?:[%°]|\p{L})|[$€£¥]\s?\p{N}|\p{N}:\p{N}/u;
const MONTH_BEFORE_DAY =
  /(?<![\p{L}\p{N}_])(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\.?\s+\p{N}/u;

/** Cheap test run before reading a sentence: false means it holds no figure. */
export function mayHoldFigure(sentence: string): boolean {
  return FIGURE_SHAPE.test(sentence) || MONTH_BEFORE_DAY.test(sentence.toLowerCase());
}

/**
 * The mentions of the event in one sentence; `quotedAtStart` when it goes on a quotation
 * opened in an earlier sentence.
 */
export function mentionsInSentence(
  sentence: string,
  language: string,
  quotedAtStart = false,
): Mention[] {
  if (!mayHoldFigure(sentence)) return [];
  const tokenized = tokenizeSentence(sentence, quotedAtStart);
  const { text, tokens } = tokenized;
  if (!tokens.some((token) => token.isNumber) || isFurniture(tokenized)) return [];
  const otherTime = otherTimeClauses(tokens);
  const figures = readFigures(
    text,
    tokens,
    { language },
    (token) => token.quoted || otherTime.has(token.clause),
  );
  const stem = stemsFor(language, tokens);
  // A loop, not flatMap: a build reads tens of thousands of sentences, most of one figure.
  const mentions: Mention[] = [];
  for (const figure of figures) {
    const mention = describeFigure(figure, tokens, text, sentence, stem);
    for (const each of withNumberBefore(mention, tokens, figure)) mentions.push(each);
  }
  return mentions;
}
