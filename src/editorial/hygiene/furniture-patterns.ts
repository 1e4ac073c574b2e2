// The seed patterns of page furniture: what captions, credits, link lines, sign-up prompts,
// legal lines and embedded posts look like on news pages. They seed the hygiene stage; the
// general signals (repetition by one publisher, shape, verbs, capitals) in
// sentence-shape.ts and boilerplate-lines.ts do most of the work. Each pattern names a kind
// of furniture in general (an agency credit, a "read more" link), never one site's sentence.
// English first, with the common German, French and Spanish forms where they are cheap.
//
// FURNITURE patterns are written in lower case and run on the lower-cased sentence: V8 runs a
// case-insensitive Unicode pattern about fifty times slower (20-30 µs a sentence each), and
// the builder reads every sentence of every Manifest. The few rules that need capitals run
// on the sentence as written (CASED_FURNITURE).
import type { DropReason } from "./drop-reasons.js";

/** Posts embedded from social networks: "pic.twitter.com/…", "— Name (@handle) June 1, 2018". */
export const EMBED =
  /pic\.twitter\.com\/|\(@\w{1,30}\)\s+\p{L}+\s+\d{1,2},\s+\d{4}|^co\/\w+|https?:\/\/t$|\ba post shared by\b|\bview this post on instagram\b/u;

/**
 * Web addresses, e-mail addresses and handles. A bare domain ("Amazon.com said") is a name. An
 * address is read from the first character of its local part (the lookbehind): tried from
 * every character of a long run of letters with no "@" after it, the pattern was quadratic.
 */
export const LINK =
  /\bhttps?:\/\/|\bwww\.\w|(?<![\w.+-])[\w.+-]+@[\w-]+\.[\w.-]*\p{L}|(?:^|[\s(])@\w{2,}/u;

/** Rights and terms lines. "Copyright" alone is news ("a copyright case"); a year or © is not. */
export const LEGAL =
  /\bcopyright\s*(?:©|\(c\)|\d{4})|©|\ball rights reserved\b|\bmay not be (?:published|reproduced|broadcast|redistributed)|\b(?:reproduced|republished|copied|redistributed|reprinted|used)\b[^.]{0,40}\bwithout (?:\w+ ){0,2}(?:consent|permission)\b|\bwithout (?:the )?(?:prior|express|written)(?: written)? (?:consent|permission)\b|\bincluding but not limited to\b|\bterms (?:of|and) (?:use|service|conditions)\b|\bprivacy policy\b|\bexternal links are provided\b|\bnot responsible for the content of external\b|\balle rechte vorbehalten\b|\btous droits réservés\b|\btodos los derechos reservados\b/u;

/** Newsletter, sign-up, follow-us and robot-check prompts. */
export const SUBSCRIPTION =
  /\bsign up\b|\bsubscribe\b|\bnewsletters?\b|\bverify you'?re not a robot\b|\binvalid email\b|\benter your email\b|\byour email address\b|\bfollow (?:us|(?:[\p{L}.]+\s){1,3})on (?:twitter|facebook|instagram|linkedin)\b|\blike us on facebook\b|\bdownload (?:our|the) (?:free )?app\b|\benable javascript\b|\babonnieren\b|\babonnez-vous\b|\bsuscríbete\b/u;

/**
 * Lines that point to other pages or page parts rather than state anything; editor's notes.
 * A label word that also opens statements ("More than 50 people were hurt", "Watch parties
 * were held", "Trending topics changed") is a label only before a separator or alone.
 */
export const NAVIGATION =
  /^(?:read more|related (?:articles?|stories|coverage)|see also|click here|skip to|share this|next story|previous story|top stories|most read|more great stories|mehr zum thema|lesen sie auch|lire aussi|à lire aussi|lea también)\b|^(?:related|more|watch|listen|advertisement|trending|recommended)\s*(?:[:|–—-]|$)|^more (?:from|on)\b[^.!?]*:$|\bcontinue reading\b|\bmedia playback is (?:unsupported|not supported)\b|\b(?:your|this) browser (?:does not|doesn['’]t|cannot|can['’]t) (?:support|play|display)\b|\bread the original article\b|\bclick (?:here|below)\b|\b(?:watch|see|read) (?:the )?(?:full )?(?:\w+ )?(?:video|trailer|story|gallery|clip) (?:below|above|here)\b|\bread more about (?:them|it|this) here\b|\bclick to share\b|\(opens in new window\)|\bscroll (?:down )?for (?:video|more)\b|\bselect (?:month|category)\b|^\[[^\]]*\]\.?$|^\[?editor['’]s note\b|^(?<repeated>\p{L}{3,})\s+\k<repeated>\b|\bthis (?:video|content|embed) (?:is not available|cannot be displayed)\b|\b(?:facebook|twitter|pinterest|whatsapp|linkedin|reddit|email)\s+(?:facebook|twitter|pinterest|whatsapp|linkedin|reddit|email|messenger)\b/u;

/** Photo and video captions, and the file-photo lines of agency copy. */
export const CAPTION =
  /\bhide caption\b|\b(?:image|media|photo) caption\b|\bimage copyright\b|^(?:photos?|pictures?|images?|gallery|video)\s*:|^file\s*[-–—]|\bfile (?:photo|image|picture)\b|\((?:ap|afp|reuters|epa|getty)[^)]{0,40}(?:photo|images?)[^)]{0,40}\)|\b\d{1,3} of \d{1,3}\s*$|\bfull screen\b|\bautoplay\b|\bskip ad\b|\bview photos\b|\bshow all \d|^caption\b|^\([^()]{3,60}\/[^()]{3,60}\)|\bin this (?:\w+ )?(?:photo|image|picture|photograph|handout|video still)\b|\b(?:photo|image|picture)s? (?:released|provided|taken|obtained) by\b|\(pictured\)|^pictured (?:is|are|here|above|below|left|right)\b|,\s*(?:not )?pictured\b|\bis pictured\b|\btoggle caption\b|\bbuy photo\b|\benlarge this image\b|\bcontent of this image is as provided\b|^(?:an?|this) (?:photo|image|picture|photograph|screenshot|video still|handout) (?:(?:issued|released|provided|taken|obtained|made available) by|(?:of|from)\b[^,;]*\bshowing)\b|^this (?:photo|image|picture|photograph|screenshot) shows\b/u;

/** Captions told by capitals: "Photograph: Jane Roe/AP", gallery credits, agency tags. */
export const CAPTION_CASED =
  /\b(?:[Pp]hotograph|[Pp]hoto|[Ii]mage|[Pp]icture):\s*\p{Lu}|\b(?:Getty Images|Associated Press|Press Association|Splash News|Rex Features|Shutterstock|EPA|Reuters|AFP)\s+\d{1,3}\s+\p{Lu}|^(?:GETTY|REUTERS|EPA|AFP|AP|PA)\b[*\s]/u;

/** A byline: "By Jane Roe", "By Jane Roe and John Doe, Staff Writers" (names capitalised). */
export const BYLINE =
  /^(?:By|BY)\s+\p{Lu}[\p{L}.'-]*(?:\s+(?:and\s+)?\p{Lu}[\p{L}.'-]*){0,5}\s*(?:[,|/].{0,40})?$/u;

/** The trades an author's note names. */
const WRITING_TRADE = String.raw`(?:writer|journalist|author|columnist|contributor|correspondent|editor|commentator|analyst|blogger|reporter|novelist|broadcaster)s?`;

/**
 * An author's note, the whole sentence: a name, "is a" and the writer's trade, maybe a second
 * trade and where or for whom ("Robert Bridge is an American writer and journalist.", "Jane
 * Roe is a columnist for The Harbour Gazette."). A sentence that goes on after the trade is
 * news ("Jane Roe is a journalist who was detained in…").
 */
export const AUTHOR_NOTE = new RegExp(
  String.raw`^(?:\p{Lu}[\p{L}'’.-]+ ){1,3}is an? (?:[\p{L}-]+,? ){0,4}${WRITING_TRADE}(?:,? and (?:[\p{L}-]+ ){0,2}${WRITING_TRADE})?(?: (?:based|living) in \p{Lu}[\p{L}.-]*(?:,? \p{Lu}[\p{L}.-]*){0,2}| (?:for|at|with) (?:the )?\p{Lu}[\p{L}.&'’-]*(?: \p{Lu}[\p{L}.&'’-]*){0,4})?\.$`,
  "u",
);

/**
 * Author lines, agency tags and photo credits. After the label, "(?:\s*:\s+|\s+)" is
 * "\s*:?\s+" without its ambiguity (which split a long run of spaces in every way).
 */
export const CREDIT =
  /^(?:author|written by|reporting by|additional reporting by|edited by|editing by|compiled by|photos? by)(?:\s*:\s+|\s+)\p{L}|\((?:ap|afp|reuters|dpa|efe|ansa|kna|epd)(?:,\s*\w+)*\)\s*$|\/\s*(?:getty images|afp|reuters|ap|epa|shutterstock)\s*$|\bcontributed (?:reporting )?to this (?:story|report|article)\b/u;

/** The initials of the desk that edited a report: "jm/dm (AFP, dpa)". */
export const DESK_INITIALS = /^\p{Ll}{1,4}\/\p{Ll}{1,4}\b/u;

/**
 * A credit in parentheses inside running text: "(Photo: Getty Images)", "(AP Photo/Jane Roe)",
 * "(Lucy Roe / The Independent)", "(Getty Images)". Extracted pages run a caption, its credit
 * and the next paragraph together; what follows the last credit is the paragraph.
 */
export const INLINE_CREDIT =
  /\((?:(?:photos?|image|picture|credit|video)\s*:[^()]{0,80}|(?:AP|AFP|EPA|PA|Reuters|Getty|Getty Images|AFP\/Getty Images|AFP\/Getty)|[^()]{2,40}\/\s?(?:AP|AFP|EPA|PA|Reuters|Getty Images|Getty|The [\p{L} ]{2,30}|[\p{Lu}][\p{L}]+ (?:News|Press|Post|Times|Photos?)))\)\s*/giu;

/**
 * A label run into the sentence it introduces: "Photo LONDON -- At least seven…", "Caption
 * Trump arrives…", "Advertisement The council…". What follows the label is the sentence.
 */
export const LEADING_LABEL =
  /^(?:[Pp]hotos?|[Cc]aption|[Vv]ideo|[Ii]mages?|[Gg]raphic|[Gg]allery|[Aa]dvertisement|[Ll]isten|[Ww]atch|[Pp]lay video|[Ss]lideshow|PHOTO|VIDEO|WATCH)\s+(?=["“]?[\p{Lu}\p{N}])/u;

/**
 * A wire or network tag before a report's first sentence: "(CNN) Scores of people were…",
 * "(Reuters) - Broadcom made…", "(AP) — A Pennsylvania woman says…". One to three capitalised
 * words in brackets, maybe a dash, then the sentence.
 */
export const LEADING_TAG =
  /^\(\p{Lu}[\p{L}.&'’]*(?: \p{Lu}[\p{L}.&'’]*){0,2}\)\s*(?:[-–—]+\s*)?(?=["“]?[\p{Lu}\p{N}])/u;

/**
 * A label or a heading in capitals run into the sentence it stands before: a video player's
 * "CLOSE", an agency or network credit ("USA TODAY NETWORK President Obama shakes hands…"), a
 * section's or a box's heading ("CHINA'S PLANS FOR SPACE EXPLORATION Since 2009, China
 * has…", "SET UP FRAUD ALERTS Equifax…"). Words in capitals, then a capitalised word and a
 * lower-case letter. Taken as a label only when it is two words or more, or one word before
 * a word that opens a clause ("CLOSE It's no secret…"): a single one before a name is an
 * organisation or a dateline ("UNICEF Executive Director…", "WASHINGTON President…"), part
 * of the sentence.
 */
export const LEADING_CAPITALS =
  // Two capitals, then the class that holds capitals: `\p{Lu}{2,}` before it would let a long
  // run of capitals be split between the two in every way, quadratic backtracking on a word of
  // capitals with no sentence after it (40,000 of them took a second). Words are split by
  // spaces only, so a run of words is read one way.
  /^(\p{Lu}{2}[\p{Lu}&.'’-]*(?:\s+\p{Lu}{2}[\p{Lu}&.'’-]*)*)\s+(?=(\p{Lu}[\p{Ll}'’]+)\s)/u;

/**
 * A heading or caption run into the next sentence without a stop: "…rescuers have worked A
 * large-scale rescue operation is under way…", "…consulate in Afghanistan The blast was…".
 * A capitalised article after a word, followed by a lower-case word, starts a new sentence.
 */
export const RUN_IN_START = /(?<=[\p{L}\p{N}'’”)])\s+(?=(?:The|A|An)\s+\p{Ll}[\p{Ll}-]{2,})/gu;
/**
 * What every RUN_IN_START match holds (a space, a capitalised article, a space): tried first,
 * since most sentences hold none, and it is several times cheaper than the pattern's
 * lookbehind tried at every space.
 */
export const MAY_RUN_IN = /\s(?:The|An?)\s/u;

/**
 * Lower-case patterns in the order they are tried: the first that matches names the reason.
 * A pattern with a gate runs only on sentences holding one of its strings (a pattern that may
 * start anywhere, such as an e-mail address, costs a scan from every position).
 */
export const FURNITURE: ReadonlyArray<
  readonly [DropReason, RegExp] | readonly [DropReason, RegExp, readonly string[]]
> = [
  ["embed", EMBED, ["pic.twitter", "(@", "co/", "http", "post shared", "instagram"]],
  ["link", LINK, ["@", "http", "www."]],
  ["legal", LEGAL],
  ["subscription", SUBSCRIPTION],
  ["navigation", NAVIGATION],
  ["caption", CAPTION],
  ["credit", CREDIT],
];

/**
 * One pattern that matches wherever one of `patterns` does. They must share their flags, not
 * be global or sticky, and refer back to a group by name only (a numbered reference would
 * point to another pattern's group once they are joined).
 */
export function anyOf(patterns: readonly RegExp[]): RegExp {
  const flags = patterns[0]?.flags ?? "u";
  for (const pattern of patterns) {
    if (pattern.flags !== flags || pattern.global || pattern.sticky)
      throw new Error(`anyOf: /${pattern.source}/${pattern.flags} cannot be joined`);
    if (/(?<!\\)(?:\\\\)*\\[1-9]/u.test(pattern.source))
      throw new Error(`anyOf: /${pattern.source}/ refers back to a group by number`);
  }
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join("|"), flags);
}

/**
 * The FURNITURE patterns without a gate, joined: most sentences match none of them, and one
 * scan of a sentence for all of them costs about a third less than a scan for each.
 */
export const UNGATED_FURNITURE = anyOf(
  FURNITURE.flatMap((entry) => (entry.length === 2 ? [entry[1]] : [])),
);

/**
 * A call to action addressed to the reader: an imperative that opens the sentence ("Join Jane
 * Roe on Harbour News to get today's scoops.", "Get the Morning Briefing by Email…", "Add
 * Weather as an interest to stay up to date…"). News states; it does not tell its reader to
 * do things. The verb must be followed by what an imperative takes (an article, a pronoun, a
 * particle, a question word as in "Find out what … has to say", or a name), so a noun that
 * opens a statement goes on ("Share prices fell", "Call
 * centres closed", "Support for the bill grew"). A quotation opens with its mark, so a
 * speaker's imperative is not read.
 */
export const CALL_TO_ACTION =
  /^Please\s+\p{Ll}|^(?:Join|Get|Watch|Click|Tap|Download|Listen to|Check out|Visit|Learn more|Find out|Discover|Explore|Register|Donate|Shop|Buy|Order|Add|Tell us|Contact us|Email us|Send us|Don't miss|Never miss|Be the first|Keep up|Stay up)\s+(?:the|a|an|our|us|me|your|this|these|them|it|more|here|now|up|to|with|what|how|why|who|where|when|whether|\p{Lu})/u;

/**
 * An editor's update note: "Update, 2:40 p.m. PT: Adds…", "UPDATED at 10:30 GMT", "UPDATE 2-…",
 * "Updated | …" (the separators a title's parts are set off by, as in a site's suffix).
 */
export const UPDATE_NOTE =
  /^(?:UPDATE|Update|UPDATED|Updated)[SDsd]?(?:\s*[,:(–—|-]|\s+\d|\s+(?:at|on)\s+\d)/u;

/**
 * An editor's correction note: "An earlier version said that…", "Because of an editing error,
 * an earlier version of this post said…", "Earlier versions of this story included…", "This
 * post has been updated.", "This article was amended on 4 November 2016." A note about the
 * report, not a statement of the event. "…refusing to sign an earlier version of the bill"
 * is news: the version must be of this report, or say what it got wrong.
 */
export const CORRECTION_NOTE =
  /^[\s•*–-]*(?:(?:Editor['’]s note|Correction|CORRECTION)\s*:\s*)?(?:(?:Because of|Due to) an? [\p{L}' ’]{1,30} error, )?(?:[Aa]n? (?:earlier|previous)|Earlier|Previous) versions? (?:of this (?:article|story|post|report|piece|video|page|column) )?(?:\p{Ll}+ly )?(?:said|stated|misstated|misspelled|misidentified|misattributed|misquoted|gave|reported|referred|included|described|omitted|had)\b|^[\s•*–-]*This (?:article|story|post|report|piece|page|video) (?:has been|was) (?:updated|corrected|amended|changed|edited)\b/u;

/** Patterns that need the sentence as written, tried after FURNITURE. */
/** A "Read more" link label run into the text around it: "…email tale Read more As…". */
export const READ_MORE_INSIDE = /\S\s+Read more\b/u;

export const CASED_FURNITURE: ReadonlyArray<readonly [DropReason, RegExp]> = [
  ["navigation", READ_MORE_INSIDE],
  ["navigation", UPDATE_NOTE],
  ["navigation", CORRECTION_NOTE],
  ["subscription", CALL_TO_ACTION],
  ["caption", CAPTION_CASED],
  ["credit", DESK_INITIALS],
  ["credit", BYLINE],
  ["credit", AUTHOR_NOTE],
];
