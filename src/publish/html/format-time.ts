// Times as people read them on the pages, always in UTC and always from the data (a cut, a
// `published_at`), never from the clock: the same edition gives the same bytes. Month names
// are written out here rather than taken from Intl, whose output follows the ICU data of the
// Node build.
import { type Html, markup } from "./html.js";

const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");

const two = (n: number) => String(n).padStart(2, "0");

/** `21 Nov 2026, 12:00 UTC`; the text as given when it is not a time. */
export function formatUtc(time: string | number): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return String(time);
  const month = MONTHS[date.getUTCMonth()] ?? "";
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}

/** A `<time>` element whose `datetime` is the exact instant (ISO 8601, UTC). */
export function timeElement(time: string | number): Html {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return markup`${String(time)}`;
  return markup`<time datetime="${date.toISOString()}">${formatUtc(time)}</time>`;
}
