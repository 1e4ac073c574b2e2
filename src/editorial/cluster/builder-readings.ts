// Labelled sets read as the builder reads a topic (build-edition.ts): the lines each publisher
// repeats, then one reading per document with one dictionary, whose lead holds the hygiene
// stage's reportable sentences only. Evaluation and cross-validation score these, so that the
// constants are chosen on what the builder compares (without a reading, clustering reads the
// raw start of the text instead).
import { findBoilerplateLines } from "../hygiene/boilerplate-lines.js";
import { readManifest } from "../text/manifest-reading.js";
import { TermDictionary } from "../text/term-dictionary.js";
import type { LabelledSet } from "./parameter-search.js";

/** `set` with each document's builder reading attached (`ClusterDocument.reading`). */
export function withBuilderReadings(set: LabelledSet): LabelledSet {
  const { documents } = set;
  const boilerplate = findBoilerplateLines(
    documents.map(({ publisherDomain, title, text }) => ({ publisherDomain, title, text })),
  );
  const dictionary = new TermDictionary();
  return {
    ...set,
    documents: documents.map((document, index) => ({
      ...document,
      reading: readManifest(document, dictionary, boilerplate[index] ?? []),
    })),
  };
}
