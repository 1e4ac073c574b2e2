// Errors of /ask that stop a request before the handler (body parsing) or inside it, carrying
// the status and the Error body to send. One place maps each to its reply (register-ask.ts).
import type { ErrorBody } from "../../api/error-body.js";

export class AskHttpError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;

  constructor(statusCode: number, body: ErrorBody) {
    super(body.message);
    this.name = "AskHttpError";
    this.statusCode = statusCode;
    this.body = body;
  }
}

/** The most a POST /ask body may hold: a 500-character question fits many times over. */
export const ASK_BODY_LIMIT = 16 * 1024;

export function bodyTooLarge(): AskHttpError {
  return new AskHttpError(413, {
    error: "body_too_large",
    message: `The request body is larger than ${ASK_BODY_LIMIT} bytes.`,
    next_step:
      'Send a smaller body, e.g. {"query": "your question"}: a question has at most 500 characters.',
  });
}

export function unsupportedMediaType(contentType: string | undefined): AskHttpError {
  return new AskHttpError(415, {
    error: "unsupported_media_type",
    message:
      contentType === undefined
        ? "The body has no Content-Type; /ask reads JSON."
        : `The body is ${JSON.stringify(contentType.slice(0, 60))}; /ask reads JSON.`,
    next_step:
      "Send the body as JSON with Content-Type: application/json, or use GET /ask?query=...",
  });
}
