// Page furniture an editor strikes on sight, by kind: the patterns behind the junk detector.
// Each names a general shape of the furniture (a caption counter, a credit with slashes, a
// tweet's signature), not one publisher's wording.

export interface FurnitureKind {
  reason: string;
  patterns: readonly RegExp[];
}

export const FURNITURE: readonly FurnitureKind[] = [
  {
    reason: "legal line (copyright, rights or terms)",
    patterns: [
      /©|\(c\)\s*\d{4}|\bcopyright\s*(©|\(c\))?\s*\d{4}\b|^\s*copyright\b/i,
      /\ball rights reserved\b/i,
      /\bmay not be (re)?published\b|\bterms of (use|service)\b|\bprivacy policy\b/i,
      /\b(published|posted|content) (in|on) this (site|website|page)\b/i,
      /\bexternal links?\b.*\b(reference|responsible)\b/i,
    ],
  },
  {
    reason: "subscription or robot-check prompt",
    patterns: [
      /\bnewsletters?\s+sign[- ]?up\b|\bsign[- ]?up for (our|the|a free) /i,
      /\b(subscribe|subscribing) (now|today|here|to (our|the) (newsletter|channel|podcast))\b/i,
      /\bnot a robot\b|\bverify (that )?you['’]?re\b/i,
      /\b(invalid|enter your|your) e-?mail( address)?\b/i,
      /\bfollow us on\b/i,
      /^\s*please (try again|enable|refresh|update|upgrade)\b|\bview all\b.*\bnewsletters?\b/i,
    ],
  },
  {
    reason: "navigation link (related, read more, continue reading)",
    patterns: [
      /\bcontinue reading\b|\bread more\b|\bclick here\b|\bsee also\b/i,
      /\bread the original (article|story)\b|\b(facebook|twitter) (twitter|pinterest|whatsapp|email|share)\b/i,
      /^\s*(related( coverage| stories| articles| content)?|more|read|also read|watch|listen|recommended|trending|up next|next|previous|most (read|popular))\s*[:|]/i,
      /^\s*(watch|see|scroll|click|tap|read|listen to|check out)\b.*\b(below|above)[.!:]*$/i,
    ],
  },
  {
    reason: "photo or video caption",
    patterns: [
      /\bhide caption\b|\bimage caption\b|\bimage copyright\b|\bphoto caption\b/i,
      /\bmedia playback\b|\bunsupported on your device\b/i,
      /^\s*(photos?|pictures?|images?|video|gallery|slideshow)\s*:/i,
      /^\s*file( photo)?\s*[-–—:]|\bfile photo\b/i,
      /\bin this (undated |handout |file )?(photo|picture|image)\b/i,
      // A caption's label run into the text ("Photo LONDON -- At least seven …").
      /^\s*(Photo|Video|Image|Caption)\s+(?=[A-Z])/,
      /\bpictured\b|\bscroll down for (video|more)\b|^\s*now playing\b|\bcontent of this image\b/i,
      /\b\d+ of \d+\s*$/,
    ],
  },
  {
    reason: "photo credit or agency tag",
    patterns: [
      /\b(via|courtesy of) (AP|Reuters|AFP|Getty|EPA)\b/i,
      /\((getty( images)?|ap|afp|reuters|pa|epa|rex|shutterstock|facebook|twitter|instagram|supplied)\)(?!\s*[-–—])/i,
      /\bcontributed to this (story|report|article)\b|\badditional reporting by\b/i,
      /\bgetty images\b|\bAP photo\b|\b(reuters|afp|ap|epa|getty)\s*\/|\/\s*(reuters|afp|ap|epa|getty)\b/i,
      /^\s*\(?(photo|photograph|credit|image|source|AP|AFP|Reuters|PA)\s*:/i,
      /^\s*\(?[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*)*\s*\/\s*[A-Z]/,
    ],
  },
  {
    reason: "embedded post (tweet)",
    patterns: [
      /pic\.twitter\.com|\btwitter\.com\/|\binstagram\.com\//i,
      /[—–-]\s*[^—–()]{1,60}\(@\w+\)\s+[A-Z][a-z]+\.? \d{1,2}, \d{4}/,
      /\(@\w+\)/,
      // Hashtags in a row or closing the text; one inside prose ("#dieselgate scandal") is prose.
      /#[A-Za-z]\w*\s*#[A-Za-z]|(^|\s)#[A-Za-z]\w*[\s.!]*$/,
    ],
  },
  {
    reason: "link (URL, handle or e-mail address)",
    patterns: [
      /\bhttps?:\/\/|\bwww\.\w/i,
      /\b[\w-]+\.(com|org|net|co\.uk|gov|edu|io)\/\S/i,
      /\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/,
      /(^|[\s("“])@\w{2,}/,
    ],
  },
  {
    reason: "page furniture (pipe-separated label or timestamp)",
    patterns: [
      /\s\|\s|\|\s*\d/,
      /\b\d{1,2}:\d{2}\s*(AM|PM)\s*(ET|EST|EDT|PT|PST|GMT|BST)\s+(Mon|Tue|Wed|Thu|Fri|Sat|Sun)/i,
    ],
  },
];

/** The reason of the first kind of furniture that `text` matches, or null. */
export function furnitureReason(text: string): string | null {
  for (const kind of FURNITURE) {
    if (kind.patterns.some((pattern) => pattern.test(text))) return kind.reason;
  }
  return null;
}
