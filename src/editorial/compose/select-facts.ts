// Which facts a story shows, and where: the dek (a declarative sentence that states the
// event, normally from a lead), the key facts and the further facts of "What we know".
// Relevance weighs centrality (the cluster's shared words), corroboration (publishers that
// state the claim in any wording: corroboration.ts), informativeness (names and numbers)
// and position (news puts the event first). Facts are then picked by maximal marginal
// relevance, so each one adds something: a paraphrase of a fact already shown is never shown
// again, and every section says something the others do not.
import {
  anchorsOf,
  paraphraseSupport,
  restates,
  similarity,
  StoryAnchors,
} from "./corroboration.js";
import type { Fact } from "./facts.js";
import { countIn } from "./word-ids.js";
import { floorApplies, type StoryLimits } from "./limits.js";
import {
  definiteUnnamed,
  dekShapeProblem,
  keyFactProblem,
  opensWithQuote,
  tellsNextStep,
  withinWordCap,
} from "./sentence-grade.js";

/** Shares of relevance: centrality, corroboration, informativeness, position. */
export const RELEVANCE_WEIGHTS = { centrality: 0.4, corroboration: 0.3, anchors: 0.15, lead: 0.15 };
/** Maximal marginal relevance: share of relevance against similarity to what is shown. */
export const MMR_LAMBDA = 0.7;
/** Anchors (names, numbers) at which a sentence counts as fully informative. */
const FULL_ANCHORS = 3;
/** Sentences of a text past this position get no lead credit. */
const LEAD_SENTENCES = 6;
/** Extra weight of position when choosing the dek ("normally from a lead"). */
const DEK_LEAD_BONUS = 0.2;
/**
 * A key fact whose numbers are all in an earlier key fact, and at least this share of whose
 * words too, repeats its claim for the reader (`restates`, at a looser share than the 0.6
 * that keeps a sentence out of the lists altogether), unless it is much the longer
 * (KEY_FACT_LONGER). It is left out of the key facts, with no other fact taking its place,
 * and may stand in "What we know". Three blind editors read every story's key facts in order
 * and named those that only repeat an earlier one: 289 of 899 (32%) on six real sets
 * (eval/audit/restatements.ts). The rule was chosen by leave-one-set-out cross-validation
 * over those six sets, scoring each by the restatements a rule leaves out less the facts that
 * add something it leaves out, among shares of 0.25 to 0.6 with and without the length guard,
 * Dice overlaps, overlaps weighted by the story's own word frequencies, a test of new names,
 * a cap on new words and the corroboration's looser paraphrase test (docs/stories.md,
 * "Restated key facts").
 */
export const KEY_FACT_RESTATED = 0.35;
/**
 * A key fact with more than this many times the content words of an earlier one is not its
 * restatement: it tells the earlier claim and more ("Teo Brandt scored twice as Port Ellis
 * Mariners came from behind to beat Tessel Rovers 3-1…" after "Port Ellis Mariners are top
 * of the league after a 3-1 home win over Tessel Rovers."). Without it, the demo's question
 * on who scored lost its answer. Chosen with KEY_FACT_RESTATED (1, 1.25, 1.5, 2).
 */
export const KEY_FACT_LONGER = 1.5;

/** Whether key fact `later` only repeats the claim of the earlier key fact `earlier`. */
export function repeatsKeyFact(later: Fact, earlier: Fact): boolean {
  return (
    later.shape.words.length <= KEY_FACT_LONGER * earlier.shape.words.length &&
    restates(later, earlier, KEY_FACT_RESTATED)
  );
}

/**
 * Candidates read in full (grade, names, paraphrases): the best by a first, cheap relevance
 * (the publishers stating the exact wording and the numbers stand in for corroboration and
 * names). Large clusters hold hundreds of facts; a story shows 20.
 */
const CANDIDATES_READ = 40;

export interface ShownFact {
  fact: Fact;
  /** Publishers stating its claim in any wording. */
  support: number;
}

export interface SelectedFacts {
  dek: Fact | undefined;
  keyFacts: ShownFact[];
  /** Further facts for "What we know", none repeating a key fact (the dek is the first). */
  more: ShownFact[];
  /** Publishers behind the best-supported shown fact. */
  topSupport: number;
}

interface Candidate {
  fact: Fact;
  support: number;
  relevance: number;
  lead: number;
  /** Its names and numbers (anchorsOf). */
  anchors: number;
}

/** Numbers written as words: "four people", "dozens of homes". English. */
const NUMBER_WORD =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundreds?|thousands?|millions?|billions?|dozens?|half)\b/iu;
/**
 * Words that open a sentence without naming anyone: articles, pronouns, prepositions,
 * conjunctions and adverbs. Any other capitalised first word is taken as its subject's name
 * ("Rihanna is mourning…", "Police said…"). English.
 */
const UNNAMED_OPENERS = new Set(
  (
    "the a an this that these those it its he his she her they their them we our us i my you " +
    "your there here in on at for with from to of by after before as when while since until " +
    "if but and so or yet also then still now however meanwhile perhaps maybe sometimes " +
    "often some many most more all any each every no not one such what which who how why " +
    "where instead even just only because although though unless once during despite"
  ).split(" "),
);
const OPENING_WORD = /^[\s"“‘'(]*(\p{Lu}[\p{L}'’-]+)/u;

/**
 * What a sentence names or counts, for the key facts' floor (StoryLimits.keyFactAnchors):
 * its names and numbers (anchorsOf), a number written as a word, and a capitalised first word
 * that is not a function word (anchorsOf leaves the first word out: it is capitalised anyway).
 */
export function namesAndNumbers(text: string, anchors = anchorsOf(text).size): number {
  const word = OPENING_WORD.exec(text)?.[1]?.toLowerCase();
  // The word before its apostrophe: "police's" → "police".
  const apostrophe = word?.search(/['’]/u) ?? -1;
  const first = apostrophe < 0 ? word : word?.slice(0, apostrophe);
  const named = first !== undefined && !UNNAMED_OPENERS.has(first) ? 1 : 0;
  return anchors + named + (NUMBER_WORD.test(text) ? 1 : 0);
}

/** Position credit: 1 for a report's first sentence, falling to 0 at LEAD_SENTENCES. */
function leadCredit(fact: Fact): number {
  return Math.max(0, 1 - fact.position / LEAD_SENTENCES);
}

function relevanceOf(
  fact: Fact,
  parts: { maxCentrality: number; corroborationScale: number; backers: number; anchors: number },
): number {
  return (
    RELEVANCE_WEIGHTS.centrality * (fact.centrality / parts.maxCentrality) +
    RELEVANCE_WEIGHTS.corroboration * (Math.log2(1 + parts.backers) / parts.corroborationScale) +
    RELEVANCE_WEIGHTS.anchors * Math.min(1, parts.anchors / FULL_ANCHORS) +
    RELEVANCE_WEIGHTS.lead * leadCredit(fact)
  );
}

/** How many numbers a space-joined list holds (SentenceShape.numbers), without splitting it. */
function numberCount(numbers: string): number {
  if (numbers === "") return 0;
  let count = 1;
  for (let at = numbers.indexOf(" "); at >= 0; at = numbers.indexOf(" ", at + 1)) count++;
  return count;
}

function candidatesOf(
  facts: readonly Fact[],
  language: string,
  publishers: number,
  wordCap: number,
  storyAnchors: StoryAnchors,
): Candidate[] {
  const maxCentrality = Math.max(1e-9, ...facts.map((fact) => fact.centrality));
  const corroborationScale = Math.log2(1 + Math.max(1, publishers));
  const first = facts.map((fact, order) => ({
    fact,
    order,
    score: relevanceOf(fact, {
      maxCentrality,
      corroborationScale,
      backers: fact.publishers.length,
      anchors: numberCount(fact.shape.numbers),
    }),
  }));
  first.sort((a, b) => b.score - a.score || a.order - b.order);
  const usable: Fact[] = [];
  for (const { fact } of first) {
    if (usable.length === CANDIDATES_READ) break;
    if (!withinWordCap(fact.text, wordCap)) continue;
    if (keyFactProblem(fact.text, language, fact.continuesQuotation) === null) usable.push(fact);
  }
  const anchors = usable.map((fact) => storyAnchors.of(fact.text));
  const support = paraphraseSupport(usable, anchors);
  return usable.map((fact, index) => {
    const backers = support.get(fact)?.size ?? fact.publishers.length;
    const parts = {
      maxCentrality,
      corroborationScale,
      backers,
      anchors: anchors[index]!.size,
    };
    return {
      fact,
      support: backers,
      relevance: relevanceOf(fact, parts),
      lead: leadCredit(fact),
      anchors: parts.anchors,
    };
  });
}

/**
 * The best by `score` of the items that `passes`; the first in fact order on ties. The test,
 * dearer than the score, is run from the best down until one passes.
 */
function bestPassing<T>(
  items: readonly T[],
  score: (item: T) => number,
  passes: (item: T) => boolean,
): T | undefined {
  const scored = items.map((item, order) => ({ item, order, value: score(item) }));
  scored.sort((a, b) => b.value - a.value || a.order - b.order);
  return scored.find(({ item }) => passes(item))?.item;
}

/** The best by `score`; the first in fact order on ties. */
function best<T>(items: readonly T[], score: (item: T) => number): T | undefined {
  let chosen: T | undefined;
  let top = -Infinity;
  for (const item of items) {
    const value = score(item);
    if (value > top) [chosen, top] = [item, value];
  }
  return chosen;
}

/**
 * Picks up to `count` candidates by MMR against `shown`, skipping restatements of it and the
 * candidates `accept` refuses. A candidate's MMR score depends only on what is picked, so
 * refusing one when it comes up picks what filtering the pool first would, and the test (a
 * dear one) runs on the few that come up.
 */
function pickByMmr(
  pool: Candidate[],
  shown: Candidate[],
  count: number,
  accept: (candidate: Candidate) => boolean,
): Candidate[] {
  const picked: Candidate[] = [];
  let remaining = pool.filter(
    (candidate) => !shown.some((other) => restates(candidate.fact, other.fact)),
  );
  // The highest overlap of each candidate with what is shown, updated as facts are picked.
  const overlap = new Map(
    remaining.map((candidate) => [
      candidate,
      Math.max(0, ...shown.map((other) => similarity(candidate.fact, other.fact))),
    ]),
  );
  while (picked.length < count && remaining.length > 0) {
    const next = best(
      remaining,
      (candidate) => MMR_LAMBDA * candidate.relevance - (1 - MMR_LAMBDA) * overlap.get(candidate)!,
    )!;
    if (!accept(next)) {
      remaining = remaining.filter((candidate) => candidate !== next);
      continue;
    }
    picked.push(next);
    remaining = remaining.filter(
      (candidate) => candidate !== next && !restates(candidate.fact, next.fact),
    );
    for (const candidate of remaining) {
      const withNext = similarity(candidate.fact, next.fact);
      if (withNext > overlap.get(candidate)!) overlap.set(candidate, withNext);
    }
  }
  return picked;
}

/**
 * Picks up to `count` candidates in order of relevance, skipping restatements of `shown` and
 * of each other: "What we know" adds facts, it does not need MMR's finer balance.
 */
function pickByRelevance(pool: Candidate[], shown: Candidate[], count: number): Candidate[] {
  const picked: Candidate[] = [];
  const ordered = [...pool].sort((a, b) => b.relevance - a.relevance);
  const restatesOne = (candidate: Candidate, others: readonly Candidate[]) =>
    others.some((other) => restates(candidate.fact, other.fact));
  for (const candidate of ordered) {
    if (picked.length === count) break;
    if (!restatesOne(candidate, shown) && !restatesOne(candidate, picked)) picked.push(candidate);
  }
  return picked;
}

/** Share of `words` (distinct term ids) found in `within`. */
function shareOf(words: ArrayLike<number>, within: Int32Array): number {
  return words.length === 0 ? 0 : countIn(words, within) / words.length;
}

/** What selectFacts knows of the story beyond its facts. */
export interface StoryContext {
  /** Distinct publishers of its Manifests. */
  publishers: number;
  /** Content words of its headline (term ids). */
  headlineWords?: ArrayLike<number>;
  /** Its headline. */
  headline?: string;
  /** Its Manifests. */
  reports?: number;
  /** The largest share of a fact's words one report not stating it uses (supportBeyond). */
  supportBeyond?: (fact: Fact) => number;
  /**
   * Whether a fact calls someone by surname alone whom its reader cannot place
   * (short-names.ts): never the dek, nor a key fact, which are read alone.
   */
  unplaced?: (fact: Fact) => boolean;
  /** Its sentences' anchors, read once for the story (shared with "What each source reports"). */
  anchors?: StoryAnchors;
}

/** Dek, key facts and further facts of one cluster's facts (ranked by facts.ts). */
export function selectFacts(
  facts: readonly Fact[],
  limits: Pick<
    StoryLimits,
    | "keyFacts"
    | "factsShown"
    | "keyFactSupport"
    | "keyFactWords"
    | "keyFactAnchors"
    | "keyFactLead"
    | "keyFactLeadMany"
    | "dekHeadlineWeight"
  >,
  language: string,
  story: StoryContext,
): SelectedFacts {
  const { publishers, headlineWords = [], headline, reports = 1, supportBeyond } = story;
  const placed = (candidate: Candidate) => !story.unplaced?.(candidate.fact);
  const candidates = candidatesOf(
    facts,
    language,
    publishers,
    limits.keyFactWords,
    story.anchors ?? new StoryAnchors(),
  );
  // A claim no other report touches is one report's aside, or its account of another event
  // where a cluster mixes several: not a key fact, though "What we know" may still show it.
  const floor = limits.keyFactSupport;
  const supported =
    supportBeyond === undefined || !floorApplies(floor, reports)
      ? () => true
      : (candidate: Candidate) => supportBeyond(candidate.fact) >= floor.share;
  // A key fact is read alone: it names whom it speaks of (StoryContext.unplaced) and what, as
  // the dek does ("The tabloid published…" under a headline that names no tabloid points to a
  // sentence its reader has not seen).
  const introduced = (candidate: Candidate) =>
    headline === undefined || !definiteUnnamed(candidate.fact.text, headline);
  // It does not tell the step after one its report told before ("Trump then pivoted to…").
  const firstStep = (candidate: Candidate) => !tellsNextStep(candidate.fact.text);
  // A key fact names someone or something or gives a number (who, where, when, how many);
  // "What we know" may still show the others.
  const least = limits.keyFactAnchors;
  const anchored = (candidate: Candidate) =>
    candidate.anchors >= least || namesAndNumbers(candidate.fact.text, candidate.anchors) >= least;
  // One report's key facts come from its lead (StoryLimits.keyFactLead); its dek, when the
  // lead is shorter, from the sentences that earn lead credit (LEAD_SENTENCES): a report whose
  // first sentences are no dek (a question, a scene, a quotation) still has the statement of
  // its event a little further down as its dek, rather than none.
  const lead = limits.keyFactLead;
  const within = (sentences: number) =>
    reports === 1 && lead > 0
      ? (candidate: Candidate) => candidate.fact.position < sentences
      : () => true;
  const inLead = within(lead);
  const inDekLead = within(Math.max(lead, LEAD_SENTENCES));
  // Several reports' key facts come from their leads (StoryLimits.keyFactLeadMany).
  const many = limits.keyFactLeadMany;
  const leadsOne =
    reports > 1 && many > 0
      ? (candidate: Candidate) => candidate.fact.leadPosition < many
      : () => true;
  // In a story of several reports the dek holds a word of the headline: with none, it states
  // another report's event ("Repealing Obamacare's mandate would…" under "Rasual Butler…
  // killed in car crash"), where a cluster mixes two. One report's lead is its own event.
  const statesHeadline = (candidate: Candidate) =>
    reports === 1 ||
    headlineWords.length === 0 ||
    shareOf(headlineWords, candidate.fact.shape.words) > 0;
  const dek = bestPassing(
    candidates,
    (candidate) =>
      candidate.relevance +
      DEK_LEAD_BONUS * candidate.lead +
      limits.dekHeadlineWeight * shareOf(headlineWords, candidate.fact.shape.words),
    // Candidates are key facts already (candidatesOf): only the dek's own rules are left.
    (candidate) =>
      anchored(candidate) &&
      inDekLead(candidate) &&
      dekShapeProblem(candidate.fact.text) === null &&
      statesHeadline(candidate) &&
      introduced(candidate) &&
      firstStep(candidate) &&
      placed(candidate),
  );
  const shown = dek ? [dek] : [];
  // A key fact speaks of the story's event: it holds a word of the headline or of the dek. One
  // holding neither is about something else (another event a cluster mixes in, a report's
  // aside) or leans on what its report said before ("The ruling allows…", "South Korea
  // appears to welcome this step."). "What we know" may still show it.
  const onEvent = (candidate: Candidate) =>
    headlineWords.length === 0 ||
    countIn(headlineWords, candidate.fact.shape.words) > 0 ||
    (dek !== undefined && countIn(dek.fact.shape.words, candidate.fact.shape.words) > 0);
  const accepted = (candidate: Candidate) =>
    supported(candidate) &&
    placed(candidate) &&
    introduced(candidate) &&
    firstStep(candidate) &&
    onEvent(candidate);
  // The dek's claim leads the key facts: an agent reading only the list gets the event.
  const picked = [
    ...shown,
    ...pickByMmr(
      candidates.filter(
        (candidate) =>
          candidate !== dek &&
          anchored(candidate) &&
          inLead(candidate) &&
          leadsOne(candidate) &&
          !opensWithQuote(candidate.fact.text),
      ),
      shown,
      limits.keyFacts - shown.length,
      accepted,
    ),
  ];
  // Each key fact says something no key fact before it says (KEY_FACT_RESTATED). No other
  // fact fills the place: those next in line are weaker (filling it brought junk in, measured
  // 2026-11-28), and the fact left out may still stand in "What we know".
  const keyFacts: Candidate[] = [];
  for (const candidate of picked) {
    if (!keyFacts.some((earlier) => repeatsKeyFact(candidate.fact, earlier.fact)))
      keyFacts.push(candidate);
  }
  // The room key facts leave goes to "What we know": the facts kept out of the key facts by
  // their position are shown there, and answered from (/ask).
  const more = pickByRelevance(
    candidates.filter((candidate) => !keyFacts.includes(candidate)),
    keyFacts,
    limits.factsShown + Math.max(0, limits.keyFacts - keyFacts.length),
  );
  return {
    dek: dek?.fact,
    keyFacts: keyFacts.map(({ fact, support }) => ({ fact, support })),
    more: more.map(({ fact, support }) => ({ fact, support })),
    topSupport: Math.max(0, ...keyFacts.map((candidate) => candidate.support)),
  };
}
