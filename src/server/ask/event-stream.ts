// The /ask answer as server-sent events, in NLWeb 0.54's shape: unnamed `data:` frames, each
// one JSON object, that together make up the JSON answer (docs/ask.md, "The event stream"):
//
//   data: {"_meta": {...}, "query": "..."}       always first
//   data: {"results": [<one result>]}           one frame per fact, best first
//   data: {"next_step": "...", "no_match": true} always last (no_match only when nothing
//                                                 matched); the stream then ends
//
// https://html.spec.whatwg.org/multipage/server-sent-events.html
import type { Answer } from "./answer-question.js";

/** As the spec writes it; an event stream is always UTF-8 (it has no charset parameter). */
export const EVENT_STREAM_TYPE = "text/event-stream";

/** One event: JSON has no raw newlines, so one `data:` line carries it whole. */
function frame(data: object): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

/** The frames of `answer`, in order. Shallow-merging them (results concatenated) gives `answer`. */
export function answerFrames(answer: Answer): string[] {
  const { _meta, query, results, ...tail } = answer;
  return [
    frame({ _meta, query }),
    ...results.map((result) => frame({ results: [result] })),
    frame(tail),
  ];
}

/**
 * Whether `Accept` asks for an event stream: it names `text/event-stream` with a non-zero
 * weight that is not lower than that of `application/json`.
 */
export function acceptsEventStream(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const weights = new Map<string, number>();
  for (const range of accept.toLowerCase().split(",")) {
    const [type = "", ...params] = range.split(";").map((part) => part.trim());
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(type, Number.isNaN(weight) ? 0 : weight);
  }
  const stream = weights.get("text/event-stream") ?? 0;
  return stream > 0 && stream >= (weights.get("application/json") ?? 0);
}
