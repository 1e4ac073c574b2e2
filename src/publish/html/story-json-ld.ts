// schema.org `NewsArticle` JSON-LD of a story page (https://schema.org/NewsArticle), made of
// the story's own fields: the sources it cites become `citation` entries.
import type { Story } from "../../api/story.js";
import { type Html, raw } from "./html.js";
import { type StorySite, safeHref } from "./story-site.js";

/** JSON that can sit inside `<script>`: no `<`, `>` or `&` a parser could take for markup. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function storyJsonLdData(story: Story, site: StorySite): Record<string, unknown> {
  const organization = { "@type": "Organization", name: site.siteName, url: site.links.home };
  const manifests = story.manifests ?? [];
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: story.headline,
    ...(story.dek === undefined ? {} : { description: story.dek }),
    url: story.url,
    mainEntityOfPage: story.url,
    datePublished: story.published_at,
    dateModified: story.updated_at ?? story.published_at,
    ...(story.topic === undefined ? {} : { articleSection: story.topic }),
    ...(typeof story.beat === "string" ? { keywords: story.beat } : {}),
    author: organization,
    publisher: organization,
    isAccessibleForFree: true,
    ...(story.reuse?.license_url === undefined ? {} : { license: story.reuse.license_url }),
    ...(story.reuse?.attribution === undefined ? {} : { creditText: story.reuse.attribution }),
    citation: manifests.map((manifest) => ({
      "@type": "CreativeWork",
      identifier: manifest.id,
      name: manifest.title,
      ...(safeHref(manifest.url) === undefined ? {} : { url: manifest.url }),
      datePublished: manifest.published_at,
      ...(manifest.language === undefined ? {} : { inLanguage: manifest.language }),
      publisher: { "@type": "Organization", name: manifest.publisher?.name },
    })),
  };
}

export function storyJsonLd(story: Story, site: StorySite): Html {
  return raw(
    `<script type="application/ld+json">\n${scriptSafeJson(storyJsonLdData(story, site))}\n</script>\n`,
  );
}
