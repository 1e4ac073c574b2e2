// ASCII tests for the builder's fast paths: most news copy is ASCII, and the scanners that
// read it by hand (tokens.ts, sentence keys, anchors) fall back to Unicode patterns otherwise.

const NON_ASCII = /[\u0080-\uffff]/;

/** Whether `text` holds a character beyond ASCII. */
export function hasNonAscii(text: string): boolean {
  return NON_ASCII.test(text);
}

/** 0-9. */
export function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** A-Z. */
export function isAsciiUpper(code: number): boolean {
  return code >= 65 && code <= 90;
}

/** A-Z and a-z. */
export function isAsciiLetter(code: number): boolean {
  return isAsciiUpper(code) || (code >= 97 && code <= 122);
}
