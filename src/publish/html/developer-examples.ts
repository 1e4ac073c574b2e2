// The examples of the developer page: each one a curl command people can paste, carrying the
// same request in `data-example-*` attributes so that a test can send every example to a
// running server and check that it works (test/pages-browser.test.ts).
import { type Html, markup } from "./html.js";

export interface Example {
  /** Stable name, e.g. `latest`, `ask-post`. */
  id: string;
  method: "GET" | "POST";
  url: string;
  headers?: Readonly<Record<string, string>>;
  /** A JSON body (POST). */
  body?: unknown;
  /** curl flags shown before the URL (e.g. `-N` for a stream). */
  flags?: readonly string[];
}

/** One argument for a POSIX shell: single-quoted unless it holds only safe characters. */
export function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand(example: Example): string {
  const parts = ["curl", "-s", ...(example.flags ?? [])];
  if (example.method !== "GET") parts.push("-X", example.method);
  for (const [name, value] of Object.entries(example.headers ?? {})) {
    parts.push("-H", shellQuote(`${name}: ${value}`));
  }
  if (example.body !== undefined) parts.push("-d", shellQuote(JSON.stringify(example.body)));
  parts.push(shellQuote(example.url));
  return parts.join(" ");
}

/** The example as a code block; a plain GET also as a link to open in the browser. */
export function exampleBlock(example: Example): Html {
  const headers =
    example.headers === undefined
      ? ""
      : markup` data-example-headers="${JSON.stringify(example.headers)}"`;
  const body =
    example.body === undefined ? "" : markup` data-example-body="${JSON.stringify(example.body)}"`;
  const open =
    example.method === "GET" && example.headers === undefined
      ? markup`<p class="muted">Open: <a href="${example.url}">${example.url}</a></p>\n`
      : "";
  return markup`<pre><code data-example="${example.id}" data-example-method="${example.method}" data-example-url="${example.url}"${headers}${body}>${curlCommand(example)}</code></pre>\n${open}`;
}
