// The one stylesheet of the pages (`/assets/site.css`): system fonts only, no external asset,
// readable from a 320 px phone to a wide screen (one column of at most 46rem of text), light
// and dark by the reader's setting, colours at WCAG AA contrast or better.
export const SITE_CSS = `:root {
  color-scheme: light dark;
  --text: #1b1b1b;
  --muted: #4a4a4a;
  --bg: #ffffff;
  --panel: #f3f4f6;
  --line: #c9ccd1;
  --link: #0b57a4;
  --visited: #6b2c91;
  --accent: #8a4b00;
}
@media (prefers-color-scheme: dark) {
  :root {
    --text: #ececec;
    --muted: #c2c2c2;
    --bg: #121212;
    --panel: #1e1f22;
    --line: #45484d;
    --link: #8cc4ff;
    --visited: #d5a8ff;
    --accent: #ffc46b;
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  background: var(--bg);
  color: var(--text);
  font: 1.0625rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", sans-serif;
  overflow-wrap: break-word;
}
a { color: var(--link); text-underline-offset: 0.15em; }
a:visited { color: var(--visited); }
a:focus-visible, summary:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }
code { overflow-wrap: anywhere; }
pre { background: var(--panel); border: 1px solid var(--line); padding: 0.75rem; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.skip { position: absolute; left: -999rem; }
.skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: 0.5rem; z-index: 1; }
.site-header, .site-footer { border-color: var(--line); border-style: solid; border-width: 0 0 1px; padding: 0.75rem 0; }
.site-footer { border-width: 1px 0 0; margin-top: 3rem; color: var(--muted); font-size: 0.95rem; }
.site-header nav, .site-footer > * { max-width: 46rem; margin: 0 auto; padding: 0 1rem; }
.site-header ul, .inline-list { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; }
.site-header a { display: inline-block; padding: 0.25rem 0; }
.brand { font-weight: 700; }
main { max-width: 46rem; margin: 0 auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 1.5rem 0 0.75rem; }
h2 { font-size: 1.4rem; line-height: 1.3; margin: 2.25rem 0 0.75rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
h3 { font-size: 1.15rem; line-height: 1.35; margin: 1.5rem 0 0.25rem; }
.dek { font-size: 1.2rem; color: var(--text); margin: 0 0 1rem; }
.meta, .muted { color: var(--muted); font-size: 0.95rem; }
.meta { margin: 0.25rem 0 0.75rem; }
.trust { font-weight: 600; color: var(--accent); }
.cites { white-space: nowrap; font-size: 0.9em; }
.cites a { padding: 0 0.2rem; }
.claims { padding-left: 1.25rem; }
.claims li, .sources li { margin: 0 0 0.6rem; }
.stories { list-style: none; padding: 0; margin: 0; }
.stories > li { border-bottom: 1px solid var(--line); padding: 0.25rem 0 0.75rem; }
.stories h3 { margin-top: 0.75rem; }
.sources { padding-left: 1.75rem; }
.sources li:target { background: var(--panel); outline: 2px solid var(--accent); }
.unresolved { border-left: 4px solid var(--accent); background: var(--panel); padding: 0.5rem 1rem; }
.notice { border-left: 4px solid var(--accent); background: var(--panel); padding: 0.25rem 1rem; margin: 0 0 1rem; }
.credit { background: var(--panel); border: 1px solid var(--line); padding: 0.75rem 1rem; }
.formats { margin: 0 0 1rem; }
table { border-collapse: collapse; width: 100%; }
table { font-size: 0.95rem; }
th, td { border: 1px solid var(--line); padding: 0.35rem 0.4rem; text-align: left; vertical-align: top; }
td code { overflow-wrap: normal; }
th { background: var(--panel); }
dt { font-weight: 600; margin-top: 0.75rem; }
dd { margin: 0.15rem 0 0 1.25rem; }
@media (min-width: 72rem) {
  main, .site-header nav, .site-footer > * { max-width: 52rem; }
  body { font-size: 1.125rem; }
  h1 { font-size: 2rem; }
}
`;
