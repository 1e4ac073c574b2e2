// Whether an English sentence has a finite verb, without a tagger: a label, heading or list
// item ("Invalid email address.", "President Donald Trump in Seoul last week.") has none.
// A heuristic tuned to miss rather than to accuse: any plausible finite form counts.

/** Auxiliaries, modals and copulas: always finite. */
const AUXILIARIES = new Set(
  (
    "am is are was were be has have had do does did will would can cannot could shall should " +
    "may " +
    "might must won't can't don't doesn't didn't isn't aren't wasn't weren't hasn't haven't " +
    "hadn't wouldn't couldn't shouldn't ain't"
  ).split(" "),
);

/** Irregular past tenses common in news (regular ones end in -ed). */
const IRREGULAR_PAST = new Set(
  (
    "said told went came took made got gave found left fell hit shot began became brought " +
    "built caught chose drew drove ate fought flew forgot froze grew hung held kept knew led " +
    "lost met paid put ran rose saw sent set shook sold spoke spent stood stole struck swore " +
    "taught thought threw understood won wrote broke bought sat slept sang sank wore fled hid " +
    "laid heard felt meant quit cut let beat bore blew bent bit bled bred burst cast clung crept " +
    "dealt dug dove fed forbade forgave fit got lay lit overtook rode rang shone shut slid " +
    "sped spun split spread sprang stuck stung strove swept swam swung tore woke wept withdrew"
  ).split(" "),
);

/** Base forms of verbs common in news, for "-s" forms and for imperatives and "we/they + verb". */
const VERBS = (
  "say tell show make take get go come give find leave know think see want need use look " +
  "call plan face warn claim report add remain appear seem lead include continue keep hold " +
  "bring begin become try ask work feel provide stand lose pay meet run move live believe " +
  "happen write sit set learn change play open close win offer expect allow hope rise fall " +
  "cut hit kill die injure arrest charge deny accuse reject approve announce confirm agree " +
  "launch release reveal hit strike urge vow fire sign sell buy raise drop fly land crash " +
  "flee burn collapse soar surge slump climb jump grow reach end start stop return turn " +
  "become name seek face fear push pull fight help save send serve spend build break " +
  "describe discover explain identify insist mean mark need note order own pass post " +
  "prepare promise protest receive remove require respond rule share stay suggest support " +
  "threaten travel vote wait watch wear welcome worry admit argue blame cause celebrate " +
  "create decide defend demand destroy develop earn estimate force form gather ignite " +
  "manage miss mourn nab occur oppose praise protect prove publish rally reduce refuse " +
  "reopen resign sentence shatter smash spark spot stun suffer tease transfer trigger " +
  "unveil upset visit appear apologize apologise capture captures cost drag hurt seize " +
  "slam stage match let put act love hate like feel look sound seem reveal improve park " +
  "operate wipe arrive drive melt aim emerge enjoy"
).split(" ");

const S_FORMS = new Set(VERBS.flatMap((verb) => [`${verb}s`, `${verb}es`, ies(verb)]));
const BASE_FORMS = new Set(VERBS);

function ies(verb: string): string {
  return /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`;
}

/** Subjects that take a base-form verb ("We carry", "They keep", "some love"). */
const PLAIN_SUBJECTS = new Set([
  "i",
  "we",
  "you",
  "they",
  "some",
  "many",
  "both",
  "people",
  "police",
]);
/** Adverbs between a subject and its verb ("also appear", "still face"). */
const ADVERBS = new Set(["also", "still", "now", "just", "often", "never", "only", "all", "each"]);
/** What follows a name's "'s" when it stands for "is" or "has" ("Ann's not", "Kim's been"). */
const AFTER_IS = new Set(["not", "never", "been", "also", "just", "still", "going", "got", "now"]);
/** Contractions of a subject with a finite verb ("it's", "they've", "I'm"). */
const CONTRACTED_FINITE = /^[a-z]+['’](re|ve|ll|d|m)$/;
const PRONOUN_S = /^(it|he|she|that|there|what|who|here|where|this|let)['’]s$/;
/** "-ed" words that are not past tenses. */
const NOT_PAST = new Set([
  "red",
  "bed",
  "hundred",
  "shed",
  "seed",
  "speed",
  "feed",
  "need",
  "bled",
]);
/** Words after which an "-s" word is a plural noun ("the reports", "two years"), not a verb. */
const BEFORE_NOUNS = new Set(
  (
    "the a an of in on at for with from by to into onto over under about after before between " +
    "during through against among than as and or but nor his her their its our my your these " +
    "those some many few several all both each every no other such more most any new old top " +
    "last first next per via plus own two three four five six seven eight nine ten dozens " +
    "hundreds thousands millions"
  ).split(" "),
);
/** An "-s" ending that is not a third-person verb ("address", "bus", "crisis", "famous", "'s"). */
const NOT_S_VERB = /(ss|us|is|ics|['’]s)$/;
/** Nouns ending in "s" that name things, not actions ("ABC News", "New York Times"). */
const S_NOUNS = new Set(["news", "series", "species", "times", "sports", "headlines", "means"]);

function isPluralSubject(word: string | undefined): boolean {
  return word !== undefined && (PLAIN_SUBJECTS.has(word) || /^[a-z]{3,}s$/.test(word));
}

/** An "-s" word after a word that is not a determiner, preposition or number: likely a verb. */
function isThirdPersonForm(word: string, previous: string | undefined): boolean {
  if (S_FORMS.has(word)) return true;
  if (previous === undefined || BEFORE_NOUNS.has(previous) || /\d/.test(previous)) return false;
  return /^[a-z]{2,}s$/.test(word) && !NOT_S_VERB.test(word) && !S_NOUNS.has(word);
}

/** The words of a sentence, lower case, with inner apostrophes kept. */
export function sentenceWords(text: string): string[] {
  return [...text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)].map((m) => m[0]);
}

function isFiniteForm(words: readonly string[], index: number): boolean {
  const [word, previous, next] = [words[index] ?? "", words[index - 1], words[index + 1]];
  if (AUXILIARIES.has(word) || IRREGULAR_PAST.has(word)) return true;
  if (/n['’]t$/.test(word) || PRONOUN_S.test(word) || CONTRACTED_FINITE.test(word)) return true;
  if (/['’]s$/.test(word) && AFTER_IS.has(next ?? "")) return true;
  if (word.length >= 4 && word.endsWith("ed") && !NOT_PAST.has(word)) return true;
  if (isThirdPersonForm(word, previous)) return true;
  // An imperative opens a sentence; a plural subject takes the base form.
  if (BASE_FORMS.has(word)) {
    if (index === 0 || isPluralSubject(previous) || ADVERBS.has(previous ?? "")) return true;
    if (next === "to") return true;
  }
  return previous !== undefined && PLAIN_SUBJECTS.has(previous) && /^[a-z]{3,}$/.test(word);
}

/** True when some word of the sentence can be a finite verb. */
export function hasFiniteVerb(text: string): boolean {
  const words = sentenceWords(text);
  return words.some((_, index) => isFiniteForm(words, index));
}
