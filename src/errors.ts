// One error type for the whole service: a stable code, a message that says what and where,
// and the next step for the person or agent that hit it.

export type SvcErrorCode =
  | "invalid_config"
  | "invalid_argument"
  | "input_not_found"
  | "input_unreadable"
  | "invalid_feed"
  | "store_unavailable"
  | "store_migration_failed"
  | "no_edition"
  | "publish_locked"
  | "publish_failed"
  | "build_locked"
  | "internal";

export class SvcError extends Error {
  readonly code: SvcErrorCode;
  readonly nextStep: string | undefined;

  constructor(code: SvcErrorCode, message: string, nextStep?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "SvcError";
    this.code = code;
    this.nextStep = nextStep;
  }
}

/** Turns anything thrown into a one-line description, without a stack trace. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
