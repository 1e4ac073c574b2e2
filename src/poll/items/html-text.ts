// HTML to plain text with a real HTML parser (linkedom): block elements become line breaks
// (paragraphs a blank line), scripts, styles, figures and embeds are dropped, entities are
// decoded, whitespace is collapsed within lines.
import { type DomElement, type DomNode, parseDocument } from "./dom.js";

const DROPPED = new Set([
  "SCRIPT",
  "STYLE",
  "NOSCRIPT",
  "TEMPLATE",
  "FIGURE",
  "FIGCAPTION",
  "IFRAME",
  "SVG",
  "FORM",
  "BUTTON",
  "OBJECT",
  "EMBED",
  "VIDEO",
  "AUDIO",
  "PICTURE",
  "CANVAS",
  "NAV",
  "ASIDE",
  "SELECT",
]);
const PARAGRAPHS = new Set([
  "P",
  "DIV",
  "SECTION",
  "ARTICLE",
  "HEADER",
  "FOOTER",
  "MAIN",
  "BLOCKQUOTE",
  "PRE",
  "TABLE",
  "UL",
  "OL",
  "DL",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "HR",
]);
const LINES = new Set(["LI", "TR", "DT", "DD", "BR"]);
/** Table cells sit side by side on their row's line, a space apart. */
const CELLS = new Set(["TD", "TH"]);

let container: DomElement | undefined;

/** The nodes of an HTML fragment, parsed into one reused element (cheaper than a document). */
function parse(html: string): ArrayLike<DomNode> {
  container ??= parseDocument("<!doctype html><html><body></body></html>").document.createElement(
    "div",
  );
  container.innerHTML = html;
  return container.childNodes;
}

function walk(nodes: ArrayLike<DomNode>, out: string[]): void {
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index] as DomNode;
    if (node.nodeType === 3) {
      // In HTML, a line break inside text is a space: only elements break lines.
      out.push((node.textContent ?? "").replace(/\s+/g, " "));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const name = node.nodeName.toUpperCase();
    if (DROPPED.has(name)) continue;
    if (name === "BR") {
      out.push("\n");
      continue;
    }
    // A paragraph is set apart by a blank line; a list item or table row ends its line.
    const paragraph = PARAGRAPHS.has(name);
    if (paragraph) out.push("\n\n");
    walk(node.childNodes, out);
    if (paragraph) out.push("\n\n");
    else if (LINES.has(name)) out.push("\n");
    else if (CELLS.has(name)) out.push(" ");
  }
}

/** Plain text of an HTML fragment; text without markup is only tidied. */
export function htmlToText(html: string): string {
  const raw = /[<&]/.test(html)
    ? (() => {
        const out: string[] = [];
        walk(parse(html), out);
        return out.join("");
      })()
    : html;
  return raw
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[\s\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
