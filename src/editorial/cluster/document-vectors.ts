// TF-IDF vectors of documents with field weights: by default the title counts for 20% of a
// document's similarity, the lead for 60% and the entity-like terms for 20%, whatever their
// lengths (cluster-parameters.ts says where the shares come from). A headline is a summary
// written by an editor, so each of its words says more about the event than a word of the
// body; names and figures are the sharpest evidence of one event.
import { type LeadReading, readTitleAndLead } from "../text/manifest-reading.js";
import { TermDictionary } from "../text/term-dictionary.js";
import { documentFields, RunTerms } from "./document-fields.js";
import { largestPositions, type SparseVector } from "./sparse-vector.js";

/** Fields of a document vector: title words, lead words, entity-like terms. */
const FIELDS = 3;
/** A vector keeps its strongest terms only; a 1,500-character lead has about 100-150. */
export const VECTOR_TERMS = 128;

/**
 * How a term's weight depends on the number of documents of the input holding it (df):
 * - "smoothed": 1 + ln((n + 1) / (df + 1)), the common smooth idf (a word found in every
 *   document still weighs 1, so an input holding a single event still looks alike);
 * - "plain": ln(n / df), unsmoothed (a word in every document weighs 0).
 */
export type IdfVariant = "smoothed" | "plain";

export interface VectorOptions {
  /** Share of the similarity carried by the title, the lead and the entity-like terms. */
  fieldWeights: readonly [title: number, lead: number, entities: number];
  idf: IdfVariant;
  /**
   * Factor on the weight of a term found in one document only. Such a term matches nothing,
   * so it only lengthens its vector: at 1 a long or cluttered report (captions, a feature's
   * digressions) looks less like every other report of its event; at 0 a report with few
   * shared terms looks very like whatever shares them (a town's name).
   */
  unsharedWeight: number;
}

export interface VectorInput {
  title: string;
  lead: string;
  language: string;
  /** The builder's reading of the document; without it, the title and lead are read here. */
  reading?: LeadReading;
}

/** The weight of a term held by `withTerm` of `documents` documents (see VectorOptions). */
export function inverseDocumentFrequency(
  documents: number,
  withTerm: number,
  options: Pick<VectorOptions, "idf" | "unsharedWeight">,
): number {
  const idf =
    options.idf === "plain"
      ? Math.log(documents / withTerm)
      : 1 + Math.log((documents + 1) / (withTerm + 1));
  return withTerm <= 1 ? idf * options.unsharedWeight : idf;
}

/**
 * Term counts of every document, in chunks of shared buffers (no copying as they fill). A
 * dimension is termId × FIELDS + field, so the same word in the title and in the lead are two
 * dimensions, and a document's sorted dimensions keep each term's fields together.
 */
class CountedDocuments {
  static readonly CHUNK = 1 << 20;
  readonly dimensions: Int32Array[] = [];
  readonly counts: Int32Array[] = [];
  /** Per document: its chunk, first and past-the-end positions. */
  readonly chunkOf: number[] = [];
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  private used = CountedDocuments.CHUNK;
  private scratch = new Int32Array(1024);

  get documents(): number {
    return this.starts.length;
  }

  add(fields: ReadonlyArray<ArrayLike<number>>): void {
    const total = fields.reduce((sum, field) => sum + field.length, 0);
    if (this.scratch.length < total) this.scratch = new Int32Array(2 * total);
    let n = 0;
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f]!;
      for (let i = 0; i < field.length; i++) this.scratch[n++] = field[i]! * FIELDS + f;
    }
    const sorted = this.scratch.subarray(0, n).sort();
    if (this.used + n > CountedDocuments.CHUNK) {
      const size = Math.max(n, CountedDocuments.CHUNK);
      this.dimensions.push(new Int32Array(size));
      this.counts.push(new Int32Array(size));
      this.used = 0;
    }
    const dimensions = this.dimensions[this.dimensions.length - 1]!;
    const counts = this.counts[this.counts.length - 1]!;
    const start = this.used;
    let end = start;
    for (let i = 0; i < n; i++) {
      if (i > 0 && sorted[i] === sorted[i - 1]) counts[end - 1]!++;
      else {
        dimensions[end] = sorted[i]!;
        counts[end++] = 1;
      }
    }
    this.chunkOf.push(this.dimensions.length - 1);
    this.starts.push(start);
    this.ends.push(end);
    this.used = end;
  }
}

function documentFrequencies(counted: CountedDocuments, terms: number): Int32Array {
  const frequency = new Int32Array(terms);
  for (let d = 0; d < counted.documents; d++) {
    const dimensions = counted.dimensions[counted.chunkOf[d]!]!;
    let previous = -1;
    for (let i = counted.starts[d]!; i < counted.ends[d]!; i++) {
      const term = Math.floor(dimensions[i]! / FIELDS);
      if (term !== previous) frequency[term]!++;
      previous = term;
    }
  }
  return frequency;
}

// 1 + ln(count) for the small counts that nearly every term has.
const LOG_TF = Float64Array.from({ length: 64 }, (_, count) =>
  count > 0 ? 1 + Math.log(count) : 0,
);

function termFrequencyWeight(count: number): number {
  return count < LOG_TF.length ? LOG_TF[count]! : 1 + Math.log(count);
}

/**
 * The vectors of counted documents, written one document per call of `add` into shared
 * arrays. A method per document rather than the body of one loop over a topic: V8 optimizes
 * a function called thousands of times early and keeps the code for every topic, where a long
 * loop ran in the interpreter until it was compiled on the stack, and again in the next
 * topic's call (weighing took 25-30 ms in each of the first two topics, 2-3 ms after).
 */
class VectorWriter {
  readonly vectors: SparseVector[] = [];
  private readonly ids: Int32Array;
  private readonly weights: Float64Array;
  private raw = new Float64Array(1024);
  private at = 0;

  constructor(
    private readonly counted: CountedDocuments,
    private readonly idf: Float64Array,
    private readonly shares: VectorOptions["fieldWeights"],
  ) {
    let total = 0;
    for (let d = 0; d < counted.documents; d++) {
      total += Math.min(VECTOR_TERMS, counted.ends[d]! - counted.starts[d]!);
    }
    this.ids = new Int32Array(total);
    this.weights = new Float64Array(total);
  }

  /** Weighs document `d`'s terms and adds its vector. */
  add(d: number): void {
    const { counted, idf, shares, ids, weights } = this;
    const dimensions = counted.dimensions[counted.chunkOf[d]!]!;
    const counts = counted.counts[counted.chunkOf[d]!]!;
    const start = counted.starts[d]!;
    const length = counted.ends[d]! - start;
    if (this.raw.length < length) this.raw = new Float64Array(2 * length);
    const raw = this.raw;
    const norms = [0, 0, 0];
    for (let i = 0; i < length; i++) {
      const dimension = dimensions[start + i]!;
      const weight = termFrequencyWeight(counts[start + i]!) * idf[Math.floor(dimension / FIELDS)]!;
      raw[i] = weight;
      norms[dimension % FIELDS]! += weight * weight;
    }
    // Each present field gets its share of the unit length; absent fields give theirs away.
    const present = shares.reduce((sum, share, f) => sum + (norms[f]! > 0 ? share : 0), 0);
    const scales = norms.map((norm, f) =>
      norm > 0 && present > 0 ? Math.sqrt(shares[f]! / present / norm) : 0,
    );
    for (let i = 0; i < length; i++) raw[i]! *= scales[dimensions[start + i]! % FIELDS]!;
    const kept = largestPositions(raw, VECTOR_TERMS, 0, length);
    let norm = 0;
    for (let k = 0; k < kept.length; k++) norm += raw[kept[k]!]! ** 2;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const vectorStart = this.at;
    for (let k = 0; k < kept.length; k++) {
      const position = kept[k]!;
      // A term weighing nothing (unshared, or in every document under plain idf) is left out.
      if (raw[position]! <= 0) continue;
      ids[this.at] = dimensions[start + position]!;
      weights[this.at++] = raw[position]! * scale;
    }
    this.vectors.push({ ids, weights, start: vectorStart, end: this.at });
  }
}

/**
 * Unit-length vectors of `inputs`, comparable by dot product, each keeping its VECTOR_TERMS
 * strongest dimensions. Document frequencies come from the inputs themselves (the documents
 * of one topic and window). A document with no terms gets an empty vector.
 */
export function documentVectors(
  inputs: readonly VectorInput[],
  options: VectorOptions,
): SparseVector[] {
  const dictionary = new TermDictionary();
  const terms = new RunTerms(dictionary);
  const counted = new CountedDocuments();
  for (const input of inputs) {
    const reading =
      input.reading ?? readTitleAndLead(input.title, input.lead, input.language, dictionary);
    counted.add(documentFields(input.title, input.lead, reading, terms));
  }
  const frequency = documentFrequencies(counted, dictionary.size);
  const idf = Float64Array.from(frequency, (df) =>
    inverseDocumentFrequency(inputs.length, df, options),
  );
  const writer = new VectorWriter(counted, idf, options.fieldWeights);
  for (let d = 0; d < inputs.length; d++) writer.add(d);
  return writer.vectors;
}
