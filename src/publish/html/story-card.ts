// A story as the list pages show it (home and topic pages): the headline linking to the
// story page, the dek, when, trust and sources, and the JSON and Markdown versions.
import type { StorySummary, Trust } from "../../api/story.js";
import type { SiteLinks } from "../../tree/site-links.js";
import { timeElement } from "./format-time.js";
import { type Html, markup } from "./html.js";

/** What each trust level means, in words (the `Trust` schema's description). */
export const TRUST_WORDS: Readonly<Record<Trust, { label: string; meaning: string }>> = {
  corroborated: {
    label: "Corroborated",
    meaning: "its top facts are stated by two or more publishers",
  },
  "single-source": { label: "Single source", meaning: "one publisher reports it" },
  contested: { label: "Contested", meaning: "sources disagree on something (see Unresolved)" },
};

function publishers(count: number | undefined): string {
  if (count === undefined) return "";
  return `${count} ${count === 1 ? "publisher" : "publishers"}`;
}

/** `Corroborated: its top facts are stated by … · 3 publishers`, as far as they are known. */
export function trustLine(trust: string | undefined, count: number | undefined): Html {
  const words = trust === undefined ? undefined : TRUST_WORDS[trust as Trust];
  const sources = publishers(count);
  if (trust === undefined && sources === "") return markup``;
  const trustText =
    trust === undefined
      ? ""
      : words === undefined
        ? markup`<span class="trust">${trust}</span>`
        : markup`<span class="trust">${words.label}</span>: ${words.meaning}`;
  const separator = trust !== undefined && sources !== "" ? " · " : "";
  return markup`<p class="meta">${trustText}${separator}${sources}</p>\n`;
}

/** One story of a list, its headline a heading of `level` (h2 or h3). */
export function storyCard(story: StorySummary, links: SiteLinks, level: 2 | 3): Html {
  const link = markup`<a href="${story.url}">${story.headline}</a>`;
  const heading =
    level === 2 ? markup`<h2 dir="auto">${link}</h2>` : markup`<h3 dir="auto">${link}</h3>`;
  const updated =
    story.updated_at !== undefined && story.updated_at !== story.published_at
      ? markup` · updated ${timeElement(story.updated_at)}`
      : "";
  const json =
    story.json === undefined
      ? ""
      : markup` · <a href="${story.json}" type="application/json">JSON</a>`;
  const markdown =
    story.markdown === undefined
      ? ""
      : markup` · <a href="${story.markdown}" type="text/markdown">Markdown</a>`;
  const dek = story.dek === undefined ? "" : markup`<p dir="auto">${story.dek}</p>\n`;
  return markup`<li>
${heading}
${dek}<p class="meta">${timeElement(story.published_at)}${updated}${json}${markdown}</p>
${trustLine(story.trust, story.source_count)}</li>
`;
}
