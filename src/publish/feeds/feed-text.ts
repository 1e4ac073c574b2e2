// Text as every feed carries it: only characters XML 1.0 allows, on one line. The same
// cleaning runs for the JSON Feed too, so that the three feeds say exactly the same thing.

/**
 * Code points outside XML 1.0's `Char` production (https://www.w3.org/TR/xml/#charsets): C0
 * controls other than tab, newline and carriage return, U+FFFE, U+FFFF and lone surrogates.
 * No escape can put them in an XML document, so they are replaced.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ASCII_WHITESPACE = /[\t\n\r ]+/g;

/**
 * A headline, dek, topic or title ready for any feed: characters XML cannot carry become
 * spaces, runs of ASCII white space (line breaks included) become one space, ends trimmed.
 * Other characters (quotes, `<`, `&`, emoji, any script) are kept; the writers escape them.
 */
export function cleanFeedText(text: string): string {
  return text.replace(NOT_XML_CHAR, " ").replace(ASCII_WHITESPACE, " ").trim();
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML content or a double-quoted attribute (RSS descriptions are HTML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * feedsmith writes with fast-xml-parser's `format: true`, which puts a CDATA section (used
 * for text holding `<`, `>` or `&`) on its own indented line: `<title>\n  <![CDATA[…]]>\n
 * </title>`. That white space would become part of the title, link or id. This removes it.
 * Safe because no text given to feedsmith contains a line break (cleanFeedText and the URL
 * check of feed-input.ts), so these patterns can only be the formatter's.
 */
export function tightenCdata(xml: string): string {
  return xml.replace(/>\n *<!\[CDATA\[/g, "><![CDATA[").replace(/\]\]>\n *<\//g, "]]></");
}
