// The pages that list stories: the home page (`/`: the latest edition by topic, when it was
// built and when the next one comes) and one page per topic (`/n/{topic}/`: every story of
// the list window, newest first). Pure functions of the edition's listed stories.
import type { StorySummary } from "../../api/story.js";
import type { NewsroomEntry, TreeStory } from "../render-lists.js";
import { EDITION_INTERVAL_MS } from "../../time/cut-time.js";
import type { SiteLinks } from "../../tree/site-links.js";
import { TREE_PATHS } from "../../tree/site-links.js";
import { timeElement } from "./format-time.js";
import { type Html, markup } from "./html.js";
import { feedAlternates, renderPage } from "./layout.js";
import { storyCard } from "./story-card.js";

export interface ListPagesInput {
  siteName: string;
  links: SiteLinks;
  /** The edition's cut: "built at", and the base of "next edition". */
  cutMs: number;
  newsrooms: readonly NewsroomEntry[];
  /** Every story of the list window, newest first, with the edition that last published it. */
  stories: readonly TreeStory[];
  /** The credit line of the reuse terms. */
  credit: string;
  /** Demo stories are listed: the pages say they are fictional. */
  fictional?: boolean;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function storyList(stories: readonly StorySummary[], links: SiteLinks, level: 2 | 3): Html {
  return markup`<ul class="stories">\n${stories.map((story) => storyCard(story, links, level))}</ul>\n`;
}

function topicSection(
  newsroom: NewsroomEntry,
  stories: readonly StorySummary[],
  links: SiteLinks,
): Html {
  const page = links.topicPage(newsroom.id);
  const body =
    stories.length === 0
      ? markup`<p class="muted">No story of this topic in this edition; earlier ones are on <a href="${page}">its page</a>.</p>\n`
      : storyList(stories, links, 3);
  return markup`<section aria-labelledby="topic-${newsroom.id}">
<h2 id="topic-${newsroom.id}"><a href="${page}">${newsroom.title}</a></h2>
${body}</section>
`;
}

export function renderHomePage(input: ListPagesInput): string {
  const { links, cutMs } = input;
  const latest = input.stories
    .filter((story) => story.cutMs === cutMs)
    .map((story) => story.summary);
  const byTopic = input.newsrooms.map((newsroom) => ({
    newsroom,
    stories: latest.filter((story) => story.topic === newsroom.id),
  }));
  const main = markup`<h1>The latest edition</h1>
<p>Built ${timeElement(cutMs)} from the Manifests of the preceding 24 hours: ${count(latest.length, "story", "stories")}. The next edition comes at ${timeElement(cutMs + EDITION_INTERVAL_MS)}; editions are built at 00:00 and 12:00 UTC.</p>
<p>Every claim in a story cites the Manifests it comes from, and every Manifest links to its original source. Programs read the same stories as <a href="${links.file(TREE_PATHS.latest)}" type="application/json">JSON</a>, feeds, <code>/ask</code> and MCP: see the <a href="${links.developers}">developer page</a>.</p>
<nav aria-labelledby="topics-heading">
<h2 id="topics-heading">Topics</h2>
<ul class="inline-list">
${byTopic.map(({ newsroom, stories }) => markup`<li><a href="#topic-${newsroom.id}">${newsroom.title}</a> (${stories.length})</li>\n`)}</ul>
</nav>
${byTopic.map(({ newsroom, stories }) => topicSection(newsroom, stories, links))}`;
  return renderPage({
    siteName: input.siteName,
    links,
    title: `${input.siteName}: the latest edition`,
    description: `The latest edition of ${input.siteName}: news stories in which every claim cites its sources.`,
    canonical: links.home,
    alternates: [
      {
        href: links.file(TREE_PATHS.latest),
        type: "application/json",
        title: "The latest edition as JSON",
      },
      ...feedAlternates(links),
    ],
    current: "home",
    credit: input.credit,
    fictional: input.fictional === true,
    main,
  });
}

export function renderTopicPage(input: ListPagesInput, newsroom: NewsroomEntry): string {
  const { links } = input;
  const stories = input.stories
    .map((story) => story.summary)
    .filter((story) => story.topic === newsroom.id);
  const description = newsroom.description === "" ? "" : markup`<p>${newsroom.description}</p>\n`;
  const main = markup`<h1>${newsroom.title}</h1>
${description}<p class="meta">${count(stories.length, "story", "stories")} of the last days, newest first, as of the edition built ${timeElement(input.cutMs)}. As <a href="${links.topicJson(newsroom.id)}" type="application/json">JSON</a>.</p>
${stories.length === 0 ? markup`<p>No story of this topic in the last days.</p>\n` : storyList(stories, links, 2)}`;
  return renderPage({
    siteName: input.siteName,
    links,
    title: `${newsroom.title} | ${input.siteName}`,
    description:
      newsroom.description === "" ? `${newsroom.title}: the latest stories.` : newsroom.description,
    canonical: links.topicPage(newsroom.id),
    fictional: input.fictional === true,
    alternates: [
      {
        href: links.topicJson(newsroom.id),
        type: "application/json",
        title: `${newsroom.title} as JSON`,
      },
      ...feedAlternates(links),
    ],
    credit: input.credit,
    main,
  });
}
