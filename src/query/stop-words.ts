// Words that are neither indexed nor searched: English function words, the words a question
// is made of ("how", "did", "tell me") and reporting verbs that most facts carry ("said").
// A short list on purpose: a general list such as stopwords-iso (1,298 English words) also
// drops "interest", "home", "fire" and "world", which are what people ask about; very common
// content words are simply weighed down by BM25's IDF. Measured: docs/ask.md, "Ranking".

const FUNCTION_WORDS =
  "a an the of in on at to for from by with about into onto over after before between under above below during since until upon via and or but nor so yet than then that this these those there here it its itself is are was were be been being am do does did done doing has have had having will would shall should can could may might must not no i me my mine we us our ours you your yours he him his she her hers they them their theirs one ones as if because while also just very too only such some any each every all both either neither other another more most much many few lot lots own same up down out off again further once whether";

const QUESTION_WORDS =
  "what whats which who whom whose when where why how anything something everything tell explain know say said says saying told according please news latest update updates happen happened happening going go get got thing things";

export const QUERY_STOP_WORDS: ReadonlySet<string> = new Set(
  `${FUNCTION_WORDS} ${QUESTION_WORDS}`.split(/\s+/),
);
