// MCP prompts: two ready-made requests a host can offer its user. "topic-briefing" puts the
// latest edition's stories of one topic (headline, summary, address, Manifest ids) into the
// conversation and asks for a briefing that keeps the citations; "check-claim" asks the model
// to check a claim with svc_ask and svc_get_story and to say plainly when the stories do not
// support it. Topic ids are completed from the latest edition.
import { completable, type McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { TopicSlug } from "../../api/common.js";
import type { ToolContext } from "./tool-context.js";

/** Stories of a topic quoted into the briefing prompt, newest first. */
const BRIEFING_STORIES = 20;

const userText = (text: string) => ({
  messages: [{ role: "user" as const, content: { type: "text" as const, text } }],
});

const ClaimArgs = z.object({
  claim: z.string().min(1).max(500).describe("The claim to check, in plain language."),
});

/** The briefing's arguments, made once per context: a server is made for every request. */
const briefingArgs = new WeakMap<ToolContext, ReturnType<typeof makeBriefingArgs>>();

function makeBriefingArgs(context: ToolContext) {
  const topicIds = async () =>
    ((await context.catalog())?.latest?.newsrooms ?? []).map((newsroom) => newsroom.id);
  return z.object({
    topic: completable(TopicSlug.describe("A topic id (svc_topics lists them)."), async (value) =>
      (await topicIds()).filter((id) => id.startsWith(value)),
    ),
  });
}

function briefingArgsOf(context: ToolContext) {
  let args = briefingArgs.get(context);
  if (args === undefined) {
    args = makeBriefingArgs(context);
    briefingArgs.set(context, args);
  }
  return args;
}

export function registerPrompts(server: McpServer, context: ToolContext): void {
  server.registerPrompt(
    "topic-briefing",
    {
      title: "Briefing on a topic",
      description:
        "A briefing on one topic from the latest edition's stories, every claim keeping its Manifest ids.",
      argsSchema: briefingArgsOf(context),
    },
    async ({ topic }) => {
      const latest = (await context.catalog())?.latest;
      const stories = (latest?.stories ?? [])
        .filter((story) => story.topic === topic)
        .slice(0, BRIEFING_STORIES);
      if (stories.length === 0) {
        return userText(
          `SVC's latest edition has no story of the topic "${topic}". Call svc_topics for the topics and their story counts, then ask for a briefing on one of them.`,
        );
      }
      const lines = stories.map(
        (story) =>
          `- ${story.headline}${story.dek ? `: ${story.dek}` : ""} (${story.url}; Manifest ids: ${(story.cited_manifest_ids ?? []).join(", ")})`,
      );
      return userText(
        [
          `Write a short briefing on "${topic}" from these stories of SVC's latest edition (${latest?.generated_at ?? ""}), most important first.`,
          "Use only what the stories say; call svc_get_story with a story's url for its facts. After each claim, keep the story's url and the Manifest ids that state it.",
          "",
          ...lines,
        ].join("\n"),
      );
    },
  );

  server.registerPrompt(
    "check-claim",
    {
      title: "Check a claim against the news",
      description:
        "Checks a claim against SVC's recent stories: what supports it, what contradicts it, with the Manifest ids of each.",
      argsSchema: ClaimArgs,
    },
    ({ claim }) =>
      userText(
        [
          `Check this claim against SVC's recent news stories: "${claim}"`,
          "Call svc_ask with the claim (or a question it answers), then svc_get_story on the stories it points to. Report what the stories state that supports or contradicts the claim, quoting the facts word for word with their Manifest ids, and any `unresolved` point where sources disagree.",
          "If no story states it, say that SVC's stories do not cover the claim; do not guess.",
        ].join("\n"),
      ),
  );
}
