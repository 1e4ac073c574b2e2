// String methods for the builder's per-character loops, called through saved references to
// the builtins. Why: once any module of the process subclasses String (ioredis does, with
// `class VerbatimString extends String`, and the CLI loads it for the server), V8 (Node 20)
// keeps String.prototype in slow dictionary mode, and every `text.charCodeAt(i)` then looks
// the method up in a dictionary: 4-7x slower, which made reading 10,000 texts twice as slow.
// A saved builtin called with .call is inlined as before, whatever String.prototype looks like.
/* eslint-disable @typescript-eslint/unbound-method -- the builtins are called with .call */
const charCodeAtBuiltin = String.prototype.charCodeAt;
const sliceBuiltin = String.prototype.slice;
const toLowerCaseBuiltin = String.prototype.toLowerCase;
/* eslint-enable @typescript-eslint/unbound-method */

/** text.charCodeAt(index). */
export function charCodeAt(text: string, index: number): number {
  return charCodeAtBuiltin.call(text, index);
}

/** text.slice(start, end). */
export function sliceOf(text: string, start: number, end?: number): string {
  return sliceBuiltin.call(text, start, end);
}

/** text.toLowerCase(). */
export function lowerCase(text: string): string {
  return toLowerCaseBuiltin.call(text);
}
