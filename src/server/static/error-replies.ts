// Error replies of the server, one shape for every route: 404 for a missing file (JSON,
// Markdown or HTML by `Accept`, spec "Errors"), 405 for a method a file does not take.
import type { NotFoundErrorBody } from "../../api/error-body.js";
import { NOT_FOUND_CODE } from "../../api/error-codes.js";
import { siteLinks } from "../../tree/site-links.js";
import type { ErrorForm } from "./negotiate.js";

export interface ErrorReply {
  status: number;
  contentType: string;
  body: string;
}

const SHOWN_PATH_LENGTH = 200;

/** The path as shown in a message: printable ASCII, at most 200 characters. */
function shownPath(path: string): string {
  const printable = path.replace(/[^\x20-\x7e]/g, "?");
  return printable.length > SHOWN_PATH_LENGTH
    ? `${printable.slice(0, SHOWN_PATH_LENGTH)}...`
    : printable;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** `next_step` of a 404: where the pages are listed and where the developer page is. */
export function notFoundNextStep(baseUrl: string): string {
  const links = siteLinks(baseUrl);
  return `See ${links.file("llms.txt")} for an index of every page, ${links.file("editions/latest.json")} for the latest stories and topics, and ${links.developers} for the developer page.`;
}

/** The 404 reply for `path` in the form the client asked for. */
export function notFoundReply(baseUrl: string, path: string, form: ErrorForm): ErrorReply {
  const shown = shownPath(path);
  const body: NotFoundErrorBody = {
    error: NOT_FOUND_CODE,
    message: `There is no file at ${shown}.`,
    next_step: notFoundNextStep(baseUrl),
  };
  if (form === "markdown") {
    return {
      status: 404,
      contentType: "text/markdown; charset=utf-8",
      body: `# Not found (\`${body.error}\`)\n\n${body.message.replace(/[\\`*_[\]<>]/g, "\\$&")}\n\n${body.next_step}\n`,
    };
  }
  if (form === "html") {
    const links = siteLinks(baseUrl);
    const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    return {
      status: 404,
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body>\n<h1>Not found</h1>\n<p><code>${body.error}</code>: ${escapeHtml(body.message)}</p>\n<p>See ${link(links.file("llms.txt"))} for an index of every page, ${link(links.file("editions/latest.json"))} for the latest stories, and ${link(links.developers)} for the developer page.</p>\n</body></html>\n`,
    };
  }
  return { status: 404, contentType: "application/json", body: JSON.stringify(body) };
}

/** 405 for a method other than GET, HEAD and OPTIONS on a published file. */
export function methodNotAllowedReply(baseUrl: string, method: string): ErrorReply {
  return {
    status: 405,
    contentType: "application/json",
    body: JSON.stringify({
      error: "method_not_allowed",
      message: `Published files are read with GET or HEAD, not ${shownPath(method)}.`,
      next_step: notFoundNextStep(baseUrl),
    }),
  };
}
