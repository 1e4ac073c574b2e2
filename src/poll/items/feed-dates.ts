// Dates as feeds write them: RFC 3339, RFC 822 (also with day and month names in Portuguese,
// Spanish, French, German, Italian or Dutch, as some publishers localise them), CDATA-wrapped.
const MONTHS: Record<string, number> = {};
const MONTH_NAMES = [
  [
    "jan",
    "january",
    "janeiro",
    "ene",
    "enero",
    "janv",
    "janvier",
    "januar",
    "gen",
    "gennaio",
    "januari",
  ],
  [
    "feb",
    "february",
    "fev",
    "fevereiro",
    "febrero",
    "fevr",
    "fév",
    "févr",
    "février",
    "februar",
    "febbraio",
    "februari",
  ],
  [
    "mar",
    "march",
    "março",
    "marco",
    "marzo",
    "mars",
    "mär",
    "märz",
    "maerz",
    "mrz",
    "mrt",
    "maart",
  ],
  ["apr", "abr", "abril", "avr", "avril", "aprile", "april"],
  ["may", "mai", "maio", "mayo", "mag", "maggio", "mei"],
  ["jun", "june", "junho", "junio", "juin", "juni", "giu", "giugno"],
  ["jul", "july", "julho", "julio", "juil", "juillet", "juli", "lug", "luglio"],
  ["aug", "ago", "agosto", "août", "aout", "august", "augustus"],
  ["sep", "sept", "set", "setembro", "septiembre", "septembre", "september", "settembre"],
  ["oct", "october", "out", "outubro", "octubre", "octobre", "okt", "oktober", "ott", "ottobre"],
  ["nov", "novembro", "noviembre", "novembre", "november"],
  [
    "dec",
    "dez",
    "dezembro",
    "dic",
    "diciembre",
    "déc",
    "decembre",
    "décembre",
    "dezember",
    "dicembre",
    "december",
  ],
];
MONTH_NAMES.forEach((names, index) => {
  for (const name of names) MONTHS[name] = index;
});

const RFC822 =
  /^(?:[^\s,\d]+,?\s+)?(\d{1,2})\s+([^\s\d.]+)\.?\s+(\d{2,4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{2}:?\d{2}|[A-Za-z]{1,5})?$/;
const ZONES: Record<string, number> = {
  UT: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  // Abbreviations European and Brazilian feeds write (RFC 822 knows only the US ones).
  BST: 60,
  CET: 60,
  CEST: 120,
  MEZ: 60,
  MESZ: 120,
  BRT: -180,
};

/** Text that names a time zone (`Z`, `+01:00`, `GMT-0500 (Eastern Standard Time)`, `EST`). */
const ZONED = /\d[Zz]\b|[+-]\d{2}:?\d{2}\b|\b(?:UTC?|GMT|[ECMP][SD]T)\b/;

/** The instant; undefined for text that is not RFC 822 we know, null for a day that does not exist. */
function fromRfc822(text: string): Date | undefined | null {
  const match = RFC822.exec(text);
  if (match === null) return undefined;
  const [, day, monthName = "", yearText = "", hour, minute, second, zone = "GMT"] = match;
  const month = MONTHS[monthName.toLowerCase()];
  if (month === undefined) return undefined;
  let year = Number(yearText);
  if (yearText.length === 2) year += year < 50 ? 2000 : 1900;
  let offsetMinutes: number | undefined;
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (offset !== null) {
    const sign = offset[1] === "-" ? -1 : 1;
    offsetMinutes = sign * (Number(offset[2]) * 60 + Number(offset[3]));
  } else {
    offsetMinutes = ZONES[zone.toUpperCase()] ?? 0;
  }
  const utc = Date.UTC(year, month, Number(day), Number(hour), Number(minute), Number(second ?? 0));
  // Date.UTC rolls 31 February over into March and 25:00 into the next day: such a date
  // names no instant.
  if (new Date(utc).getUTCDate() !== Number(day) || Number(hour) > 23) return null;
  const date = new Date(utc - offsetMinutes * 60_000);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The instant a feed's date names, or undefined when it names none. */
export function parseFeedDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== "string") return undefined;
  const text = value.replace(/^<!\[CDATA\[|\]\]>$/g, "").trim();
  if (text === "") return undefined;
  const rfc822 = fromRfc822(text);
  // Date.parse would roll an impossible day (31 February) over into the next month.
  if (rfc822 === null) return undefined;
  if (rfc822 !== undefined) return rfc822;
  // RFC 3339 / ISO 8601, and what else Date.parse reads ("Sat, Dec 16 2023 02:02:33 PM"). A
  // time without a zone is read as UTC: Date.parse would read it as the host's local time, and
  // the same feed would give other instants on other hosts.
  const zoneless = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$/.exec(text);
  const iso = zoneless ? `${zoneless[1]}T${zoneless[2]}Z` : text;
  const asUtc = ZONED.test(iso) ? Number.NaN : Date.parse(`${iso} UTC`);
  const parsed = Number.isNaN(asUtc) ? Date.parse(iso) : asUtc;
  if (Number.isNaN(parsed)) return undefined;
  const year = new Date(parsed).getUTCFullYear();
  return year >= 1970 && year <= 9999 ? new Date(parsed) : undefined;
}
