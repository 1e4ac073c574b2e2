// The HTML pages of a tree, for people (docs/pages.md): one pure renderer per page kind.
export { renderDevelopersPage, type DevelopersPageInput } from "./developers-page.js";
export { renderHomePage, renderTopicPage, type ListPagesInput } from "./list-pages.js";
export { renderNotFoundPage } from "./not-found-page.js";
export { renderRoundupsPage, type RoundupsPageInput } from "./roundups-page.js";
export { SITE_CSS } from "./site-css.js";
export { renderStoryPage } from "./story-page.js";
