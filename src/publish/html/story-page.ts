// The story page (`/stories/{date}/{slug}/`, file `index.markup` beside `index.json`): headline,
// dek, trust and sources, key facts and sections, each claim followed by its citations, the
// unresolved points, every cited Manifest, the other formats and the credit line. It shows
// only what the story's JSON holds, every claim word for word.
import { citesDemo } from "../../demo/demo-ids.js";
import { TOPIC_SLUG_PATTERN } from "../../api/common.js";
import type { CitedText, Story } from "../../api/story.js";
import type { Manifest } from "../../manifests/schema.js";
import { storyLinksOf } from "../../tree/site-links.js";
import { timeElement } from "./format-time.js";
import { type Html, markup, type HtmlValue } from "./html.js";
import { renderPage } from "./layout.js";
import { trustLine } from "./story-card.js";
import { storyJsonLd } from "./story-json-ld.js";
import { storySite } from "./story-site.js";
import {
  citations,
  indexSources,
  langAttribute,
  languageOf,
  type SourceIndex,
  sourcesList,
} from "./story-sources.js";

/** An unresolved point names publishers; it cites their Manifests (as the Markdown does). */
function unresolvedIds(sentence: string, manifests: readonly Manifest[]): string[] {
  return manifests
    .filter((manifest) => {
      const name = manifest.publisher?.name;
      return typeof name === "string" && name !== "" && sentence.includes(name);
    })
    .map((manifest) => manifest.id);
}

/** A claim, word for word, followed by its citations. */
function claim(words: string, ids: readonly string[], sources: SourceIndex): Html {
  const lang = langAttribute(languageOf(ids, sources));
  return markup`<span${lang} dir="auto">${words}</span>${citations(ids, sources)}`;
}

function paragraph(item: CitedText, sources: SourceIndex): Html {
  const who = item.publisher;
  const when = item.published_at;
  const label =
    who === undefined && when === undefined
      ? ""
      : markup`<strong>${who}${who !== undefined && when !== undefined ? ", " : ""}${when === undefined ? "" : timeElement(when)}</strong>: `;
  return markup`<p>${label}${claim(item.text, item.manifest_ids, sources)}</p>\n`;
}

function section(id: string, heading: string, body: HtmlValue): Html {
  return markup`<section aria-labelledby="${id}">\n<h2 id="${id}">${heading}</h2>\n${body}</section>\n`;
}

function storyHeader(story: Story, sources: SourceIndex): Html {
  const site = storySite(story);
  const topic = story.topic;
  const topicLine =
    topic === undefined || !TOPIC_SLUG_PATTERN.test(topic)
      ? ""
      : markup`<p class="meta"><a href="${site.links.topicPage(topic)}">${topic}</a>${typeof story.beat === "string" ? markup` · ${story.beat}` : ""}</p>\n`;
  const headlineIds = story.headline_manifest_id === undefined ? [] : [story.headline_manifest_id];
  const dekIds = story.dek_manifest_ids ?? [];
  const dek =
    story.dek === undefined
      ? ""
      : markup`<p class="dek">${claim(story.dek, dekIds, sources)}</p>\n`;
  const updatedAt = story.updated_at;
  const updated =
    updatedAt === undefined || updatedAt === story.published_at
      ? ""
      : markup` · updated ${timeElement(updatedAt)}`;
  return markup`<header>
${topicLine}<h1${langAttribute(languageOf(headlineIds, sources))} dir="auto">${story.headline}</h1>
${dek}<p class="meta">Published ${timeElement(story.published_at)}${updated}</p>
${trustLine(story.trust, story.source_count)}<p class="formats">This story for programs: <a href="${jsonUrl(story)}" type="application/json">JSON</a> · <a href="${markdownUrl(story)}" type="text/markdown">Markdown</a></p>
</header>
`;
}

function jsonUrl(story: Story): string {
  return story.json ?? storyLinksOf(story.url).json;
}

function markdownUrl(story: Story): string {
  return story.markdown ?? storyLinksOf(story.url).markdown;
}

function claimList(
  items: ReadonlyArray<{ text: string; manifest_ids: string[] }>,
  sources: SourceIndex,
  className: string,
): Html {
  return markup`<ul class="${className}">\n${items.map((item) => markup`<li>${claim(item.text, item.manifest_ids, sources)}</li>\n`)}</ul>\n`;
}

function unresolvedSection(story: Story, sources: SourceIndex): Html {
  const manifests = story.manifests ?? [];
  const points = (story.unresolved ?? []).map((point) => ({
    text: point,
    manifest_ids: unresolvedIds(point, manifests),
  }));
  return section(
    "unresolved",
    "Unresolved",
    points.length === 0
      ? markup`<p>Nothing unresolved: no number or date is reported differently by these sources.</p>\n`
      : claimList(points, sources, "claims unresolved"),
  );
}

function reuseSection(story: Story): Html {
  const reuse = story.reuse;
  if (reuse === undefined) return markup``;
  const rules = [reuse.summary, reuse.link_rule, reuse.keep_ids_rule, reuse.no_endorsement];
  return section(
    "reuse",
    "Reuse",
    markup`${reuse.attribution === undefined ? "" : markup`<p class="credit">Credit: ${reuse.attribution}.</p>\n`}${rules.map((rule) => (rule === undefined ? "" : markup`<p>${rule}</p>\n`))}${reuse.license_url === undefined ? "" : markup`<p><a href="${reuse.license_url}">The reuse terms</a></p>\n`}`,
  );
}

/** The whole page of a story, from its JSON alone. */
export function renderStoryPage(input: Story): string {
  const story = input;
  const site = storySite(story);
  const keyFacts = story.key_facts ?? [];
  const sources = indexSources(story, [
    ...keyFacts.flatMap((fact) => fact.manifest_ids),
    ...story.sections.flatMap((part) => part.paragraphs.flatMap((item) => item.manifest_ids)),
  ]);
  const main = markup`<article>
${storyHeader(story, sources)}${keyFacts.length === 0 ? "" : section("key-facts", "Key facts", claimList(keyFacts, sources, "claims"))}${story.sections.map(
    (part, index) =>
      section(
        `section-${index + 1}`,
        part.heading,
        part.paragraphs.map((item) => paragraph(item, sources)),
      ),
  )}${unresolvedSection(story, sources)}${section("sources", "Sources", markup`<p>Each number in brackets above links to one of these sources: a Manifest, the provenance record of an original publication.</p>\n${sourcesList(sources)}`)}${reuseSection(story)}</article>`;
  return renderPage({
    siteName: site.siteName,
    links: site.links,
    title: `${story.headline} | ${site.siteName}`,
    description: story.dek ?? story.headline,
    canonical: story.url,
    fictional: citesDemo(story.cited_manifest_ids),
    alternates: [
      { href: jsonUrl(story), type: "application/json", title: "This story as JSON" },
      { href: markdownUrl(story), type: "text/markdown", title: "This story as Markdown" },
      { href: site.links.feeds.json_feed, type: "application/feed+json", title: "JSON Feed" },
      { href: site.links.feeds.rss, type: "application/rss+xml", title: "RSS" },
      { href: site.links.feeds.atom, type: "application/atom+xml", title: "Atom" },
    ],
    head: storyJsonLd(story, site),
    ...(story.reuse?.attribution === undefined ? {} : { credit: story.reuse.attribution }),
    main,
  });
}
