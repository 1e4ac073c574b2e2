// An item's link as a stable, canonical URL: absolute, http(s) only, without the tracking
// parameters that feeds append (analytics campaign tags, click ids) and without a fragment.
const TRACKING_PARAMETER =
  /^(utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|igshid|_hsenc|_hsmi|yclid|ref_src|ocid|cmpid|wt_mc|wt\.mc_id|xtor|ns_mchannel|ns_source|ns_campaign|ns_linkname|ns_fee|__twitter_impression|s_cid|ito|rss)$/i;

export function canonicalLink(href: string | undefined, base: string): string | undefined {
  if (href === undefined || href.trim() === "") return undefined;
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  url.hash = "";
  for (const name of [...url.searchParams.keys()]) {
    if (TRACKING_PARAMETER.test(name)) url.searchParams.delete(name);
  }
  // A query emptied of trackers leaves no dangling "?".
  if (url.search === "?") url.search = "";
  return url.href;
}
