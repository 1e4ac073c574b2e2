// Content negotiation (RFC 9110 §12.5): the content coding from `Accept-Encoding` and the
// form of an error page from `Accept`. Header values repeat, so answers are memoized.
import type { Encoding } from "./static-file.js";

const MEMO_LIMIT = 256;

/** `name;q=0.5, other` -> [[name, 0.5], [other, 1]] (names lowercased). */
function weighted(header: string): Array<[string, number]> {
  return header.split(",").map((part) => {
    const [name = "", ...parameters] = part.split(";");
    let quality = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split("=");
      if (key?.trim().toLowerCase() === "q") quality = Number(value?.trim() ?? "1");
    }
    return [name.trim().toLowerCase(), Number.isFinite(quality) ? quality : 0];
  });
}

function memoized<T>(compute: (header: string) => T): (header: string) => T {
  const memo = new Map<string, T>();
  return (header) => {
    let answer = memo.get(header);
    if (answer === undefined) {
      answer = compute(header);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(header, answer);
    }
    return answer;
  };
}

function qualityOf(weights: Array<[string, number]>, name: string): number {
  return (
    weights.find(([token]) => token === name)?.[1] ??
    weights.find(([token]) => token === "*")?.[1] ??
    0
  );
}

/** Brotli, then gzip, whichever the client accepts with the higher weight; else identity. */
export const chooseEncoding: (header: string) => Encoding = memoized((header) => {
  const weights = weighted(header);
  const br = qualityOf(weights, "br");
  const gzip = qualityOf(weights, "gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return "identity";
});

export type ErrorForm = "json" | "markdown" | "html";

const FORMS: Array<[ErrorForm, string]> = [
  ["json", "application/json"],
  ["markdown", "text/markdown"],
  ["html", "text/html"],
];

function rangeQuality(weights: Array<[string, number]>, type: string): number {
  const family = `${type.split("/")[0]}/*`;
  for (const candidate of [type, family, "*/*"]) {
    const found = weights.find(([range]) => range === candidate);
    if (found !== undefined) return found[1];
  }
  return 0;
}

/** JSON unless `Accept` prefers Markdown or HTML (JSON wins ties and the no-match case). */
export const chooseErrorForm: (header: string) => ErrorForm = memoized((header) => {
  const weights = weighted(header);
  let best: ErrorForm = "json";
  let bestQuality = rangeQuality(weights, "application/json");
  for (const [form, type] of FORMS) {
    const quality = rangeQuality(weights, type);
    if (quality > bestQuality) [best, bestQuality] = [form, quality];
  }
  return best;
});
