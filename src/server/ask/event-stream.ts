// The /ask answer as server-sent events, in NLWeb 0.54's shape: unnamed `data:` frames, each
// one JSON object, that together make up the JSON answer (docs/ask.md, "The event stream"):
//
//   data: {"_meta": {...}, "query": "..."}        always first, written before the search
//   data: {"results": [<one result>]}            one frame per fact, best first
//   data: {"next_step": "...", "no_match": true}  the rest of the answer (no_match only when
//                                                  nothing matched)
//   data: {"message_type": "complete", ...}       always last, on no match and on failure too;
//                                                  the stream then ends
//
// A failure after the first frame is a Failure frame (NLWeb 0.54: `_meta.response_type`
// "Failure", `error: {code, message}`) followed by the last frame. `query_id`, when the
// caller sent one, is in every frame, as NLWeb's server sends it.
//
// https://html.spec.whatwg.org/multipage/server-sent-events.html
import {
  ANSWER_META,
  type Answer,
  type AskFactResult,
  type answerHead,
} from "./answer-question.js";
import type { AskCall } from "./ask-call.js";

/** As the spec writes it; an event stream is always UTF-8 (it has no charset parameter). */
export const EVENT_STREAM_TYPE = "text/event-stream";

/** One event: JSON has no raw newlines, so one `data:` line carries it whole. */
function frame(data: object): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

/**
 * The frames of `answer`, in order, without the end event. Shallow-merging them (results
 * concatenated) gives `answer`.
 */
export function answerFrames(answer: Answer): string[] {
  const { _meta, query, query_id, results, ...tail } = answer;
  const id = query_id === undefined ? {} : { query_id };
  return [
    frame({ _meta, query, ...id }),
    ...results.map((result) => frame({ results: [result], ...id })),
    frame({ ...tail, ...id }),
  ];
}

/**
 * The last event of every stream. NLWeb's server ends its streams with `message_type`
 * "complete", which its chat UIs wait for; NLWeb_Core's parser reads `type` "complete".
 */
export const END_EVENT = Object.freeze({ message_type: "complete", type: "complete" });

/** NLWeb 0.54's Failure response, as one event. */
export function failureEvent(code: string, message: string, queryId: string | undefined) {
  return {
    _meta: { ...ANSWER_META, response_type: "Failure" },
    error: { code, message },
    ...(queryId === undefined ? {} : { query_id: queryId }),
  };
}

/**
 * Results as NLWeb's chat UI (nlweb-chat.js) can show them: it drops a result whose `url` or
 * `name` equals that of one it shows, so each result's `url` is its `@id` (the story's address
 * with the fact's fragment) and a headline already used gets " (2)", " (3)"… Only for requests
 * in NLWeb's object form; the JSON answer and the other streams keep the spec's fields.
 */
export function nlwebChatResults(results: readonly AskFactResult[]): AskFactResult[] {
  const uses = new Map<string, number>();
  return results.map((result) => {
    const n = (uses.get(result.name) ?? 0) + 1;
    uses.set(result.name, n);
    return { ...result, url: result["@id"], name: n === 1 ? result.name : `${result.name} (${n})` };
  });
}

const FAILED_MESSAGE =
  "The answer could not be completed; the results above, if any, are all there are. Ask again in a moment.";

/**
 * The events of a streamed answer: the head first, then the search (`answer()`, which may
 * throw), its results and the rest of the answer, then the end event. A throw after the head
 * becomes a Failure event and the end event; it never escapes.
 */
export function* answerEvents(
  call: AskCall,
  head: ReturnType<typeof answerHead>,
  answer: () => Answer,
): Generator<string> {
  const id = call.queryId === undefined ? {} : { query_id: call.queryId };
  yield frame(head);
  try {
    const full = answer();
    const shown = call.nlweb === true ? { ...full, results: nlwebChatResults(full.results) } : full;
    // NLWeb's chat UI shows nothing and keeps waiting when no result comes: say why.
    if (call.nlweb === true && full.results.length === 0) {
      yield frame(failureEvent("no_match", full.next_step ?? "Nothing matches.", call.queryId));
    }
    yield* answerFrames(shown).slice(1);
  } catch {
    yield frame(failureEvent("internal_error", FAILED_MESSAGE, call.queryId));
  }
  yield frame({ ...END_EVENT, ...id });
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
