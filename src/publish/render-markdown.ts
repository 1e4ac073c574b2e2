// The story as Markdown (`index.md`): headline, dek, key facts, sections, unresolved points
// and sources; every paragraph ends with the Manifest ids it cites. The layout is documented
// in docs/publishing.md. Pure: the same story always gives the same bytes.
import type { Story } from "../api/story.js";
import { storyLinksOf } from "../tree/site-links.js";

interface CitedParagraph {
  text: string;
  manifest_ids: string[];
  publisher?: unknown;
  published_at?: unknown;
}

interface ManifestLike {
  id: string;
  url: string;
  title: string;
  published_at: string;
  publisher: { name: string; domain: string };
}

/**
 * Escapes what CommonMark would read as markup, so the copied words show exactly as written:
 * inline markers and entity-like `&` everywhere; block markers (headings, list items, thematic
 * breaks, ordered-list numbers) at the start of the line. Line breaks become spaces; space at
 * either end is dropped (a sentence never starts or ends with one).
 */
export function escapeMarkdown(text: string): string {
  const oneLine = text.replace(/[ \t]*[\r\n]+[ \t]*/g, " ").trim();
  return oneLine
    .replace(/[\\`*_[\]<>|~!]/g, (character) => `\\${character}`)
    .replace(/&(?=#?[a-zA-Z0-9]+;)/g, "\\&")
    .replace(/^[#+=-]/, (marker) => `\\${marker}`)
    .replace(/^(\d{1,9})([.)])/, "$1\\$2");
}

/** ` [id1, id2]`: the ids a paragraph cites, as code so that no id is read as markup. */
function citation(ids: readonly string[]): string {
  if (ids.length === 0) return "";
  return ` [${ids.map((id) => `\`${id.replace(/`/g, "'")}\``).join(", ")}]`;
}

function cited(paragraph: CitedParagraph, label?: string): string {
  const prefix = label ? `**${escapeMarkdown(label)}**: ` : "";
  return `${prefix}${escapeMarkdown(paragraph.text)}${citation(paragraph.manifest_ids)}`;
}

function labelOf(paragraph: CitedParagraph): string | undefined {
  const parts = [paragraph.publisher, paragraph.published_at].filter(
    (part): part is string => typeof part === "string",
  );
  return parts.length > 0 ? parts.join(", ") : undefined;
}

/** An unresolved point names publishers; it cites their Manifests in this story. */
function unresolvedIds(sentence: string, manifests: readonly ManifestLike[]): string[] {
  return manifests
    .filter((manifest) => sentence.includes(manifest.publisher.name))
    .map((manifest) => manifest.id);
}

function field(story: Story, name: string): string | undefined {
  const value = (story as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

export function renderStoryMarkdown(story: Story): string {
  const manifests = (story.manifests ?? []) as unknown as ManifestLike[];
  const lines: string[] = [`# ${escapeMarkdown(story.headline)}`, ""];
  const dekIds = (story as { dek_manifest_ids?: string[] }).dek_manifest_ids ?? [];
  if (story.dek) lines.push(`> ${cited({ text: story.dek, manifest_ids: dekIds })}`, "");
  const facts = [
    `Published: ${story.published_at}`,
    field(story, "updated_at") && `Updated: ${field(story, "updated_at")}`,
    field(story, "topic") && `Topic: ${field(story, "topic")}`,
    story.beat && `Beat: ${story.beat}`,
    story.trust && `Trust: ${story.trust}`,
    story.source_count !== undefined && `Sources: ${story.source_count}`,
  ].filter((fact): fact is string => typeof fact === "string");
  lines.push(facts.map((fact) => `- ${escapeMarkdown(fact)}`).join("\n"), "");
  lines.push(
    `Page: <${story.url}> · JSON: <${field(story, "json") ?? storyLinksOf(story.url).json}>`,
  );
  lines.push("");
  if (story.key_facts && story.key_facts.length > 0) {
    lines.push("## Key facts", "");
    for (const fact of story.key_facts) lines.push(`- ${cited(fact)}`);
    lines.push("");
  }
  for (const section of story.sections) {
    lines.push(`## ${escapeMarkdown(section.heading)}`, "");
    for (const paragraph of section.paragraphs as CitedParagraph[]) {
      lines.push(cited(paragraph, labelOf(paragraph)), "");
    }
  }
  if (story.unresolved && story.unresolved.length > 0) {
    lines.push("## Unresolved", "");
    for (const point of story.unresolved) {
      lines.push(`- ${cited({ text: point, manifest_ids: unresolvedIds(point, manifests) })}`);
    }
    lines.push("");
  }
  if (manifests.length > 0) {
    lines.push("## Sources", "");
    for (const manifest of manifests) {
      lines.push(
        `- \`${manifest.id}\`: ${escapeMarkdown(manifest.publisher.name)}, [${escapeMarkdown(manifest.title)}](<${manifest.url}>), ${manifest.published_at}`,
      );
    }
    lines.push("");
  }
  if (story.reuse?.attribution) {
    lines.push("---", "", `Credit: ${escapeMarkdown(story.reuse.attribution)}.`);
    if (story.reuse.keep_ids_rule) lines.push(escapeMarkdown(story.reuse.keep_ids_rule));
    lines.push("");
  }
  return `${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}
