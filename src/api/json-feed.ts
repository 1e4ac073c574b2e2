// JsonFeed: the least a JSON Feed 1.1 document (`/editions/feed.json`) must hold
// (https://www.jsonfeed.org/version/1.1/). The spec leaves its fields "not shown"; extra
// fields of the format are allowed and not repeated here.
import { z } from "zod";
import { DateTime, Uri } from "./common.js";

export const JSON_FEED_VERSION = "https://jsonfeed.org/version/1.1";

export const JsonFeedItemSchema = z
  .looseObject({
    id: z.string(),
    url: Uri.optional(),
    title: z.string().optional(),
    content_html: z.string().optional(),
    content_text: z.string().optional(),
    summary: z.string().optional(),
    date_published: DateTime.optional(),
    date_modified: DateTime.optional(),
  })
  .meta({
    id: "JsonFeedItem",
    description: "One story; has content_html or content_text (JSON Feed 1.1).",
  });

export const JsonFeedSchema = z
  .looseObject({
    version: z.literal(JSON_FEED_VERSION),
    title: z.string(),
    home_page_url: Uri.optional(),
    feed_url: Uri.optional(),
    description: z.string().optional(),
    items: z.array(JsonFeedItemSchema).meta({ description: "Every story, newest first." }),
  })
  .meta({ id: "JsonFeed", description: "A JSON Feed 1.1 document." });

export type JsonFeedItem = z.infer<typeof JsonFeedItemSchema>;
export type JsonFeed = z.infer<typeof JsonFeedSchema>;
