// svc_ask: the answer of /ask (AskAnswer), from the same code (answer-question.ts) and the
// same checks (ask-call.ts), for a model that wants facts rather than whole stories.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { AskAnswerSchema, AskRequestSchema } from "../../api/ask.js";
import { isProblem, parseAskBody } from "../ask/ask-call.js";
import { answerQuestion } from "../ask/answer-question.js";
import type { ToolContext } from "./tool-context.js";
import { cachedSchema, READ_ONLY, toolArguments, toolError, toolResult } from "./tool-kit.js";

/** /ask's fields (AskRequestSchema), described for a model. */
export const AskToolInput = z.object({
  query: AskRequestSchema.shape.query.describe(
    "The question in plain language, e.g. 'What did the council decide about the budget?'",
  ),
  topic: AskRequestSchema.shape.topic.describe("Only this topic (an `id` from svc_topics)."),
  days: AskRequestSchema.shape.days.describe("How many days back to search."),
  limit: AskRequestSchema.shape.limit.describe("Most facts to return."),
});

/** AskAnswer, inlined at the root so clients see an object schema with its properties. */
export const AskToolOutput = AskAnswerSchema.extend({});

const ASK_NEXT_STEP = "Fix the argument and call svc_ask again; svc_topics lists the topics.";
const output = cachedSchema(AskToolOutput);

/**
 * svc_ask's arguments, checked as /ask checks a body (ask-call.ts): the same faults get the
 * same codes. Made once per context (the check needs its topics): a server, and so a
 * registration, is made for every request, and a new schema would be converted every time.
 */
const inputs = new WeakMap<ToolContext, ReturnType<typeof askArguments>>();

function askArguments(context: ToolContext) {
  return toolArguments(AskToolInput, ASK_NEXT_STEP, (raw) => {
    const call = parseAskBody(raw ?? {}, context.deps.topics());
    return isProblem(call) ? toolError(call.problem, call.message, ASK_NEXT_STEP) : call;
  });
}

export function registerAskTool(server: McpServer, context: ToolContext): void {
  let input = inputs.get(context);
  if (input === undefined) {
    input = askArguments(context);
    inputs.set(context, input);
  }
  server.registerTool(
    "svc_ask",
    {
      title: "Ask the news",
      description:
        "Call this first. Answers a plain-language question with facts copied word for word from recent news stories (no language model), each with the story's url, headline, date and the ids of the Manifests (source records) that state it. Use svc_get_story on a result's url for the whole story, svc_sources for its sources. An empty `results` with `no_match` says what to try instead.",
      inputSchema: input.schema,
      outputSchema: output,
      annotations: READ_ONLY,
    },
    input.handle((call) => {
      const { deps } = context;
      return toolResult(answerQuestion(deps.facts.current(), call, deps.clock(), context.baseUrl));
    }),
  );
}
