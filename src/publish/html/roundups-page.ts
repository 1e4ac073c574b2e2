// The roundups page (`/roundups/`): the edition's groups of related stories across topics,
// largest first, as `roundups/index.json` lists them.
import type { Roundup, Roundups } from "../../api/roundups.js";
import type { SiteLinks } from "../../tree/site-links.js";
import { TREE_PATHS } from "../../tree/site-links.js";
import { timeElement } from "./format-time.js";
import { type Html, markup, joinHtml } from "./html.js";
import { feedAlternates, renderPage } from "./layout.js";

export interface RoundupsPageInput {
  siteName: string;
  links: SiteLinks;
  cutMs: number;
  roundups: Roundups["roundups"];
  credit: string;
  fictional?: boolean;
}

function roundupSection(roundup: Roundup, index: number, links: SiteLinks): Html {
  const id = `roundup-${index + 1}`;
  const topics = roundup.topics.map(
    (topic) => markup`<a href="${links.topicPage(topic)}">${topic}</a>`,
  );
  const stories = roundup.stories.map(
    (story) => markup`<li>
<h3 dir="auto"><a href="${story.url}">${story.headline}</a></h3>
<p class="meta"><a href="${links.topicPage(story.topic)}">${story.topic}</a> · ${timeElement(story.published_at)} · <a href="${story.json}" type="application/json">JSON</a></p>
</li>
`,
  );
  return markup`<section aria-labelledby="${id}">
<h2 id="${id}">${roundup.title}</h2>
<p class="meta">${roundup.story_count} ${roundup.story_count === 1 ? "story" : "stories"} · topics: ${joinHtml(topics, ", ")}</p>
<ul class="stories">
${stories}</ul>
</section>
`;
}

export function renderRoundupsPage(input: RoundupsPageInput): string {
  const { links } = input;
  const main = markup`<h1>Roundups</h1>
<p>Stories of the edition built ${timeElement(input.cutMs)} that share a beat, whatever their topics, largest group first. As <a href="${links.file(TREE_PATHS.roundups)}" type="application/json">JSON</a>.</p>
${input.roundups.length === 0 ? markup`<p>No roundup in this edition: no two of its stories share a beat.</p>\n` : input.roundups.map((roundup, index) => roundupSection(roundup, index, links))}`;
  return renderPage({
    siteName: input.siteName,
    links,
    title: `Roundups | ${input.siteName}`,
    description: "Related stories of the latest edition, grouped across topics.",
    canonical: links.roundupsPage,
    fictional: input.fictional === true,
    alternates: [
      {
        href: links.file(TREE_PATHS.roundups),
        type: "application/json",
        title: "Roundups as JSON",
      },
      ...feedAlternates(links),
    ],
    current: "roundups",
    credit: input.credit,
    main,
  });
}
