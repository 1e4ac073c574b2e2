// Synthetic RSS feeds for the poller's benchmark and tests: distinct guids, dates and
// paragraphs per item, so every item becomes its own Manifest.

/** An RSS 2.0 feed of `count` items, the newest published at `newestMs`, one minute apart. */
export function syntheticRss(
  name: string,
  count: number,
  origin = "http://127.0.0.1",
  newestMs = Date.UTC(2026, 10, 24, 9, 0, 0),
): string {
  const items: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const published = new Date(newestMs - index * 60_000).toUTCString();
    items.push(
      `<item><title>${name} report ${index}: council approves plan ${index}</title>` +
        `<link>${origin}/articles/${name}/${index}?utm_source=rss</link>` +
        `<guid isPermaLink="false">${name}-${index}</guid><pubDate>${published}</pubDate>` +
        `<description><![CDATA[<p>The council of district ${index} approved the plan on Tuesday, officials said.</p>` +
        `<p>The vote was ${index % 9} to ${(index % 5) + 1}, and work starts in spring.</p>]]></description></item>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${name}</title><link>${origin}/</link><language>en</language>${items.join("")}</channel></rss>`;
}
