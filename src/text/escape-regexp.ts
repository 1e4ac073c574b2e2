// A word as a literal inside a RegExp built at run time (a surname, a tag's word): every
// character with a meaning in a pattern escaped. Node 20 has no RegExp.escape.

/** `text` with the characters that mean something in a pattern escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
}
