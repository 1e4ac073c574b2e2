// Dates as feeds write them: RFC 3339, RFC 822 (also with day and month names in Portuguese,
// Spanish, French, German, Italian or Dutch, as some publishers localise them), CDATA-wrapped.
const MONTHS: Record<string, number> = {};
const MONTH_NAMES = [
  ["jan", "janeiro", "ene", "enero", "janv", "janvier", "januar", "gen", "gennaio", "januari"],
  [
    "feb",
    "fev",
    "fevereiro",
    "febrero",
    "fevr",
    "févr",
    "février",
    "februar",
    "febbraio",
    "februari",
  ],
  ["mar", "março", "marco", "marzo", "mars", "mär", "märz", "maerz", "mrt", "maart"],
  ["apr", "abr", "abril", "avr", "avril", "aprile", "april"],
  ["may", "mai", "maio", "mayo", "mag", "maggio", "mei"],
  ["jun", "junho", "junio", "juin", "juni", "giu", "giugno"],
  ["jul", "julho", "julio", "juil", "juillet", "juli", "lug", "luglio"],
  ["aug", "ago", "agosto", "août", "aout", "august", "augustus"],
  ["sep", "sept", "set", "setembro", "septiembre", "septembre", "september", "settembre"],
  ["oct", "out", "outubro", "octubre", "octobre", "okt", "oktober", "ott", "ottobre"],
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
  /^(?:[^\s,\d]+,?\s+)?(\d{1,2})\s+([^\s\d.]+)\.?\s+(\d{2,4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{4}|[A-Za-z]{1,5})?$/;
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
};

function fromRfc822(text: string): Date | undefined {
  const match = RFC822.exec(text);
  if (match === null) return undefined;
  const [, day, monthName = "", yearText = "", hour, minute, second, zone = "GMT"] = match;
  const month = MONTHS[monthName.toLowerCase()];
  if (month === undefined) return undefined;
  let year = Number(yearText);
  if (yearText.length === 2) year += year < 50 ? 2000 : 1900;
  let offsetMinutes: number | undefined;
  if (/^[+-]\d{4}$/.test(zone)) {
    const sign = zone.startsWith("-") ? -1 : 1;
    offsetMinutes = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)));
  } else {
    offsetMinutes = ZONES[zone.toUpperCase()] ?? 0;
  }
  const utc = Date.UTC(year, month, Number(day), Number(hour), Number(minute), Number(second ?? 0));
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
  if (rfc822 !== undefined) return rfc822;
  // RFC 3339 / ISO 8601; a date without a zone is read as UTC rather than local time.
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text}Z` : text;
  const parsed = Date.parse(iso);
  if (Number.isNaN(parsed)) return undefined;
  const year = new Date(parsed).getUTCFullYear();
  return year >= 1970 && year <= 9999 ? new Date(parsed) : undefined;
}
