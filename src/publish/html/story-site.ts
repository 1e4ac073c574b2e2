// What a story page needs to know about the site, read from the story's JSON alone: a story
// page is rendered once and then linked from edition to edition until its JSON changes, so it
// may depend on nothing else, or a cached page could disagree with its JSON.
import type { Story } from "../../api/story.js";
import { type SiteLinks, siteLinks } from "../../tree/site-links.js";

export interface StorySite {
  baseUrl: string;
  /** The service's name, taken from the credit line; the host when there is none. */
  siteName: string;
  links: SiteLinks;
}

/** `https://x.org/stories/2026-11-21/slug/` -> `https://x.org`. */
function baseOf(url: string): string {
  const at = url.lastIndexOf("/stories/");
  if (at > 0) return url.slice(0, at);
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/**
 * The credit line is `{serviceName} ({baseUrl}), with provenance by {provider}`
 * (src/config/reuse-terms.ts): the only place the story JSON names the service.
 */
function nameOf(attribution: string | undefined, baseUrl: string): string {
  const match =
    attribution === undefined ? null : /^(.+?) \([^()]*\), with provenance by /.exec(attribution);
  if (match?.[1] !== undefined) return match[1];
  try {
    return new URL(baseUrl).host;
  } catch {
    return "News";
  }
}

export function storySite(story: Story): StorySite {
  const baseUrl = baseOf(story.url);
  return {
    baseUrl,
    siteName: nameOf(story.reuse?.attribution, baseUrl),
    links: siteLinks(baseUrl),
  };
}

/** A link target people may follow: http(s) only, anything else is shown as text. */
export function safeHref(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}
