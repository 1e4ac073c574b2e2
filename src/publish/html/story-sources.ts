// The sources of a story page: one numbered entry per cited Manifest (`#m-<id>`), and the
// citation links that follow every claim and point to those entries.
import type { Story } from "../../api/story.js";
import type { Manifest } from "../../manifests/schema.js";
import { timeElement } from "./format-time.js";
import { type Html, markup, joinHtml } from "./html.js";
import { safeHref } from "./story-site.js";

export interface Source {
  number: number;
  id: string;
  manifest: Manifest | undefined;
}

export type SourceIndex = ReadonlyMap<string, Source>;

/** The fragment of a source's entry. Manifest ids are letters, digits and `._:-`. */
export function sourceAnchor(id: string): string {
  return `m-${id}`;
}

/**
 * Every Manifest the story carries, in its order, then any cited id it carries no record of
 * (listed by id alone), so that every citation link lands on an entry.
 */
export function indexSources(story: Story, citedIds: readonly string[]): SourceIndex {
  const sources = new Map<string, Source>();
  for (const manifest of story.manifests ?? []) {
    if (!sources.has(manifest.id)) {
      sources.set(manifest.id, { number: sources.size + 1, id: manifest.id, manifest });
    }
  }
  for (const id of [...story.cited_manifest_ids, ...citedIds]) {
    if (!sources.has(id)) sources.set(id, { number: sources.size + 1, id, manifest: undefined });
  }
  return sources;
}

/** A `lang` for text in another language than the page's English. */
export function langAttribute(language: unknown): Html | "" {
  if (typeof language !== "string" || /^en(-|$)/i.test(language)) return "";
  return markup` lang="${language}"`;
}

/** The language of the first cited Manifest that names one. */
export function languageOf(ids: readonly string[], sources: SourceIndex): string | undefined {
  for (const id of ids) {
    const language = sources.get(id)?.manifest?.language;
    if (typeof language === "string") return language;
  }
  return undefined;
}

/** `[1, 3]` after a claim: each number links to its source's entry and names the Manifest id. */
export function citations(ids: readonly string[], sources: SourceIndex): Html {
  if (ids.length === 0) return markup``;
  const links = ids.map((id) => {
    const source = sources.get(id);
    const number = source?.number ?? "?";
    const publisher = source?.manifest?.publisher?.name;
    const label = `Source ${number}${publisher === undefined ? "" : `, ${publisher}`}`;
    return markup`<a href="#${sourceAnchor(id)}" title="Manifest ${id}" aria-label="${label}">${number}</a>`;
  });
  return markup` <span class="cites">[${joinHtml(links, ", ")}]</span>`;
}

function sourceEntry(source: Source): Html {
  const manifest = source.manifest;
  const anchor = sourceAnchor(source.id);
  if (manifest === undefined) {
    return markup`<li id="${anchor}">Manifest <code>${source.id}</code> (its record is not part of this story).</li>\n`;
  }
  const href = safeHref(manifest.url);
  const title =
    href === undefined
      ? markup`${manifest.title}`
      : markup`<a href="${href}">${manifest.title}</a>`;
  const lang = langAttribute(manifest.language);
  return markup`<li id="${anchor}"><cite${lang} dir="auto">${title}</cite>, ${manifest.publisher?.name} (${manifest.publisher?.domain}), ${timeElement(manifest.published_at)}.<br><span class="muted">Manifest <code>${source.id}</code></span></li>\n`;
}

/** The numbered list of sources. */
export function sourcesList(sources: SourceIndex): Html {
  return markup`<ol class="sources">\n${[...sources.values()].map(sourceEntry)}</ol>\n`;
}
