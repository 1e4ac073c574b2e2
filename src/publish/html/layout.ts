// The frame every page shares: document head (title, description, viewport, the stylesheet,
// alternate formats), a skip link, the site navigation, the page's main content and a footer
// with the machine-readable entry points and the credit line.
import type { SiteLinks } from "../../tree/site-links.js";
import { FICTIONAL_NOTICE } from "../../demo/demo-ids.js";
import { TREE_PATHS } from "../../tree/site-links.js";
import { type Html, markup, type HtmlValue } from "./html.js";

/** Another representation of the page: `<link rel="alternate" type=... href=...>`. */
export interface Alternate {
  href: string;
  type: string;
  title: string;
}

export interface PageFrame {
  siteName: string;
  links: SiteLinks;
  title: string;
  description: string;
  /** The page's own address (`<link rel="canonical">`). */
  canonical?: string;
  alternates: readonly Alternate[];
  /** Extra elements of the head (JSON-LD). */
  head?: HtmlValue;
  /** Which entry of the navigation this page is, marked `aria-current`. */
  current?: "home" | "roundups" | "developers";
  /** The credit line of the reuse terms, shown in the footer. */
  credit?: string;
  /** The page shows demo stories: a notice under the navigation says they are fictional. */
  fictional?: boolean;
  main: HtmlValue;
}

/** The feeds, as alternates every list page offers. */
export function feedAlternates(links: SiteLinks): Alternate[] {
  return [
    { href: links.feeds.json_feed, type: "application/feed+json", title: "JSON Feed" },
    { href: links.feeds.rss, type: "application/rss+xml", title: "RSS" },
    { href: links.feeds.atom, type: "application/atom+xml", title: "Atom" },
  ];
}

function navItem(href: string, label: string, current: boolean): Html {
  const mark = current ? markup` aria-current="page"` : "";
  return markup`<li><a href="${href}"${mark}>${label}</a></li>\n`;
}

function alternateLink(alt: Alternate): Html {
  return markup`<link rel="alternate" type="${alt.type}" href="${alt.href}" title="${alt.title}">\n`;
}

function footer(frame: PageFrame): Html {
  const { links } = frame;
  const entries: Array<[string, string]> = [
    [links.file(TREE_PATHS.latest), "latest.json"],
    [links.feeds.json_feed, "JSON Feed"],
    [links.feeds.rss, "RSS"],
    [links.feeds.atom, "Atom"],
    [links.file(TREE_PATHS.llmsTxt), "llms.txt"],
    [links.file(TREE_PATHS.reuse), "Reuse terms"],
    [links.file(TREE_PATHS.openApi), "OpenAPI"],
  ];
  return markup`<footer class="site-footer">
<div>
<p>Stories for software agents and the people who read them: every claim cites the Manifests (provenance records) it comes from. Rebuilt at 00:00 and 12:00 UTC.</p>
<ul class="inline-list">
${entries.map(([href, label]) => markup`<li><a href="${href}">${label}</a></li>\n`)}</ul>
${frame.credit === undefined ? "" : markup`<p>Credit: ${frame.credit}.</p>\n`}</div>
</footer>
`;
}

/** A whole HTML document. */
export function renderPage(frame: PageFrame): string {
  const { links } = frame;
  const canonical =
    frame.canonical === undefined ? "" : markup`<link rel="canonical" href="${frame.canonical}">\n`;
  const page = markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title}</title>
<meta name="description" content="${frame.description}">
${canonical}<link rel="stylesheet" href="${links.file(TREE_PATHS.stylesheet)}">
${frame.alternates.map(alternateLink)}${frame.head ?? ""}</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<header class="site-header">
<nav aria-label="Site">
<ul>
<li><a class="brand" href="${links.home}">${frame.siteName}</a></li>
${navItem(links.home, "Latest", frame.current === "home")}${navItem(links.roundupsPage, "Roundups", frame.current === "roundups")}${navItem(links.developers, "Developers", frame.current === "developers")}</ul>
</nav>
${
  frame.fictional === true
    ? markup`<p class="notice fictional" role="note">${FICTIONAL_NOTICE.replace("`svc demo --remove`", "svc demo --remove")}</p>
`
    : ""
}</header>
<main id="content">
${frame.main}
</main>
${footer(frame)}</body>
</html>
`;
  return page.toString();
}
