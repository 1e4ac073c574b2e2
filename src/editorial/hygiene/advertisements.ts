// Advertising is not news: a Manifest that its publisher labels as paid for (a sponsor's post
// in a blog's feed, a newspaper's "paid post" or "partner content") is left out of the
// stories, whatever it says. Publishers are bound to label such content (native advertising
// is disclosed by a label or a sentence the reader cannot miss), so the labels are general
// signals, not one site's wording: a label before or after the title, a tag of the Manifest,
// a sentence of the text that says who paid for it, or a section of the address that holds
// sponsors' posts. The label words are English with the common German, French, Spanish and
// Italian forms.
//
// A bare label inside a text ("Advertisement" between two paragraphs of a newspaper's page)
// is an advertising slot, page furniture, not a disclosure: navigation drops it and the report
// stays news.

/** What the check reads of a Manifest. */
export interface AdvertisementSource {
  title: string;
  text: string;
  url: string;
  tags?: readonly string[];
}

/** The label words that say nothing else, lower case. */
const PLAIN_LABEL = String.raw`sponsor(?:ed)?(?: (?:content|post|story|article|feature))?|advertisement|advertorial|ad|paid (?:post|content|partnership|feature)|(?:brand|partner)(?:ed)? content|anzeige|gesponsert|publicit[ée]|publireportage|publi-reportage|sponsoris[ée]|contenu sponsoris[ée]|contenido patrocinado|patrocinado|publirreportaje|publiredazionale|contenuto sponsorizzato`;
/**
 * Every label word: also those that open a news title as its kicker ("Promoted: how Leeds
 * did it", "Werbung: EU bans…"), which label only in brackets or alone.
 */
const LABEL = String.raw`(?:${PLAIN_LABEL}|promoted|werbung)`;
const KICKER_LABEL = String.raw`(?:${PLAIN_LABEL})`;

/**
 * A label opening the title, set off in brackets or by a colon, a pipe or a dash ("[Sponsor]
 * Timing — …", "Sponsored: …", "Paid Post | …", "ANZEIGE: …"); or closing it the same way
 * ("… (Sponsored)", "… | Advertisement"). A label word that opens a headline without its
 * mark ("Promotion for the coach", "Ad spending rose") is a headline.
 */
const TITLE_LABEL = new RegExp(
  String.raw`^\s*(?:\[\s*${LABEL}\s*\]|\(\s*${LABEL}\s*\)|${KICKER_LABEL}\s*[:|–—])|(?:\[\s*${LABEL}\s*\]|\(\s*${LABEL}\s*\)|\s[|–—-]\s*${KICKER_LABEL})\s*$`,
  "u",
);

/**
 * A disclosure in the text: "This post is sponsored by …", "This article was paid for by …",
 * "This is a sponsored post.", "My thanks to Acme for sponsoring last week's feed." (a
 * publication thanking the sponsor of its feed, site, episode or week, in its own voice or
 * at the start of the text). "A bill sponsored by Senator Roe", "thanks to local firms for
 * sponsoring the parade this week" and "This story was underwritten by a grant…" (a
 * newsroom's funding, not an advertiser's message) are news.
 */
const DISCLOSURE = new RegExp(
  [
    String.raw`\bthis (?:post|article|story|content|page|feature|episode|video|newsletter|edition) (?:is|was|has been) (?:sponsored|paid for|brought to you) by\b`,
    String.raw`\bthis is an? (?:sponsored|paid|promoted) (?:post|article|story|message|feature)\b`,
    String.raw`(?:^\s*|\b(?:my|our) )thanks to\b[^.!?]{1,80}\bfor sponsoring (?:[\p{L}'’.-]+ ){0,4}(?:feed|site|blog|podcast|newsletter|episode|show|week|month)\b`,
  ].join("|"),
  "u",
);

/**
 * A section of the address that holds paid content: "/sponsors/", "/sponsored/",
 * "/advertorial/", "/paid-post/", "/partner-content/", "/brandvoice/" (also as a name's
 * ending: "/sites/acme-brandvoice/"), or a host named for it ("paidpost.", "sponsored."). A
 * whole section only: an article's slug ("/nike-drops-olympic-sponsors/") is news.
 */
const PAID_PATH =
  /\/(?:sponsors?|sponsored|sponsored-content|sponsored-posts?|advertorials?|paid-posts?|paidpost|partner-content|brandvoice|brand-studio|promoted|[\w-]+-brandvoice)(?:\/|$)/u;
const PAID_HOST = /^(?:paidpost|sponsored|advertorial|brandstudio)\./u;

/**
 * A tag that is a disclosure label alone: "sponsored", "Paid Post", "Advertorial". Tags name
 * subjects, so the words that also name one ("advertisement", "publicité", "werbung", "ad",
 * which health news uses for Alzheimer's disease) are not read as labels there.
 */
const TAG_LABEL =
  /^\s*(?:sponsored(?: (?:content|post|story|article|feature))?|advertorial|paid (?:post|content|partnership|feature)|(?:brand|partner)(?:ed)? content|anzeige|gesponsert|publireportage|publi-reportage|sponsoris[ée]|contenu sponsoris[ée]|contenido patrocinado|publirreportaje|publiredazionale|contenuto sponsorizzato)\s*$/u;

/** Characters of the text read for a disclosure: it stands in the first or the last lines. */
const DISCLOSURE_CHARACTERS = 300;

/**
 * Words every disclosure (DISCLOSURE) and every paid section's address (PAID_PATH,
 * PAID_HOST) holds, in any case: the builder checks every Manifest, and one scan for a few
 * words costs a fraction of lower-casing the text and running the patterns over it.
 */
const DISCLOSURE_GATE = /sponsor|paid|brought to you|promoted/i;
const PAID_ADDRESS_GATE = /sponsor|advertorial|paid|partner-content|brand|promoted/i;

function pathAndHost(url: string): { path: string; host: string } {
  try {
    const parsed = new URL(url);
    return { path: parsed.pathname.toLowerCase(), host: parsed.hostname.toLowerCase() };
  } catch {
    return { path: "", host: "" };
  }
}

/**
 * Why a Manifest is advertising ("title", "tag", "disclosure", "address"), or null when
 * nothing says it is. Reads the title, the tags, the first and last DISCLOSURE_CHARACTERS of
 * the text, and the URL.
 */
export function advertisementSignal(
  source: AdvertisementSource,
): "title" | "tag" | "disclosure" | "address" | null {
  if (TITLE_LABEL.test(source.title.toLowerCase())) return "title";
  if (source.tags?.some((tag) => TAG_LABEL.test(tag.toLowerCase()))) return "tag";
  const { text } = source;
  const ends =
    text.length <= 2 * DISCLOSURE_CHARACTERS
      ? text
      : `${text.slice(0, DISCLOSURE_CHARACTERS)}\n${text.slice(-DISCLOSURE_CHARACTERS)}`;
  if (DISCLOSURE_GATE.test(ends) && DISCLOSURE.test(ends.toLowerCase())) return "disclosure";
  if (!PAID_ADDRESS_GATE.test(source.url)) return null;
  const { path, host } = pathAndHost(source.url);
  if (PAID_PATH.test(path) || PAID_HOST.test(host)) return "address";
  return null;
}

/** Whether a Manifest is labelled as advertising (advertisementSignal). */
export function isAdvertisement(source: AdvertisementSource): boolean {
  return advertisementSignal(source) !== null;
}
