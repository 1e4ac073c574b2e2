// A memo of a pure function of a sentence (and its language): wire copies and rewrites repeat
// sentences word for word, so the builder meets most sentences of a topic more than once.
// Bounded, for the long-running server that builds edition after edition: when it holds
// `limit` sentences it starts again empty (what it returns never depends on what it holds).

/** Sentences a memo holds before it starts again (some megabytes of text at most). */
const DEFAULT_LIMIT = 100_000;

/** Values are objects: a memo tells "not computed yet" by undefined. */
export class TextMemo<T extends object> {
  readonly #byLanguage = new Map<string, Map<string, T>>();
  #size = 0;

  constructor(
    private readonly compute: (text: string, language: string) => T,
    private readonly limit = DEFAULT_LIMIT,
  ) {}

  /** compute(text, language), computed once per distinct text and language. */
  get(text: string, language = ""): T {
    let known = this.#byLanguage.get(language);
    if (!known) this.#byLanguage.set(language, (known = new Map<string, T>()));
    const found = known.get(text);
    if (found !== undefined) return found;
    if (this.#size >= this.limit) {
      this.#byLanguage.clear();
      this.#byLanguage.set(language, (known = new Map<string, T>()));
      this.#size = 0;
    }
    const value = this.compute(text, language);
    known.set(text, value);
    this.#size++;
    return value;
  }
}
