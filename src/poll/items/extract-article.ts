// An article page reduced to its article (Mozilla's Readability on linkedom): for feeds that
// carry only teasers (`full_text`).
import { Readability } from "@mozilla/readability";
import { parseDocument } from "./dom.js";
import { htmlToText } from "./html-text.js";

export function extractArticle(
  html: string,
  url: string,
): { title?: string; text: string } | undefined {
  const { document } = parseDocument(html);
  // Readability resolves links against the document's URL; linkedom has none of its own.
  const base = document.createElement("base");
  base.setAttribute("href", url);
  document.head?.appendChild(base);
  const article = new Readability(document, { keepClasses: false }).parse();
  if (article === null || !article.content) return undefined;
  const text = htmlToText(article.content);
  if (text === "") return undefined;
  return { ...(article.title ? { title: article.title.trim() } : {}), text };
}
