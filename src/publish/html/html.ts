// A tiny HTML template helper: `markup` is a tagged template that escapes every value it is
// given unless the value is already markup made by `markup` (or `raw`). No framework: the pages
// are small, static and rendered once per edition, a string is all they need, and escaping by
// default makes forgetting it impossible: text from Manifests is hostile until proven
// otherwise, and the only way to put markup in a page is to build it with `markup` itself.
// (Not named `html`: Prettier would reformat the HTML inside such templates and change the
// pages it makes.)

/** Markup that is safe to put in a page as it is. */
export class Html {
  readonly #text: string;
  constructor(text: string) {
    this.#text = text;
  }
  toString(): string {
    return this.#text;
  }
}

/** What a template accepts: text (escaped), markup, lists of either, or nothing. */
export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Characters HTML does not allow in text (C0 controls other than tab, line feed, carriage
 * return and form feed; U+FFFE, U+FFFF; lone surrogates) become a space, as in the feeds.
 */
/* eslint-disable no-control-regex -- matching control characters is the point */
const NOT_ALLOWED =
  /[\u0000-\u0008\u000b\u000e-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Anything escapeHtml would change: most text has none, and then costs one scan. */
const NEEDS_ESCAPING = /[&<>"'\u0000-\u0008\u000b\u000e-\u001f\u007f\ufffe\uffff\ud800-\udfff]/;
/* eslint-enable no-control-regex */

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  if (!NEEDS_ESCAPING.test(text)) return text;
  return text.replace(NOT_ALLOWED, " ").replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join("");
  return escapeHtml(String(value));
}

/** `markup\`<p>${text}</p>\``: every value escaped unless it is markup itself. */
export function markup(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return new Html(out);
}

/** Markup written by us (a stylesheet link, JSON-LD that escapes itself): not escaped. */
export function raw(text: string): Html {
  return new Html(text);
}

/** Joins markup with a separator (escaped like any text). */
export function joinHtml(parts: readonly HtmlValue[], separator: HtmlValue): Html {
  const out: HtmlValue[] = [];
  parts.forEach((part, index) => {
    if (index > 0) out.push(separator);
    out.push(part);
  });
  return new Html(render(out));
}
