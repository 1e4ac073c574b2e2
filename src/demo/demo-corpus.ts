// The bundled demo corpus (demo/): fictional events written by the SVC team, with several
// publishers per event. Loaded and checked here; placed in time by place-demo.ts.
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { z } from "zod";
import { SvcError } from "../errors.js";
import { formatProblem, problemsFromZod } from "../manifests/problems.js";

const Slug = z.string().regex(/^[a-z0-9-]+$/);

const PublisherSchema = z.object({ id: Slug, name: z.string().min(1), domain: z.string().min(3) });

const ReportSchema = z.object({
  publisher: Slug,
  after_minutes: z.int().min(0).max(600),
  title: z.string().min(1),
  text: z.string().min(1),
});

const EventSchema = z.object({
  key: z.string().regex(/^[a-z0-9-]{3,60}$/),
  hour: z.number().min(0).lt(48),
  tags: z.array(Slug).min(1).max(3),
  reports: z.array(ReportSchema).min(1),
});

export type DemoPublisher = z.infer<typeof PublisherSchema>;
export type DemoReport = z.infer<typeof ReportSchema>;
export interface DemoEvent extends z.infer<typeof EventSchema> {
  topic: string;
}

export interface DemoCorpus {
  publishers: Map<string, DemoPublisher>;
  events: DemoEvent[];
}

function readChecked<T>(path: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new SvcError(
      "internal",
      `the demo corpus file ${path} cannot be read: ${(error as Error).message}`,
    );
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const reasons = problemsFromZod(parsed.error, raw).slice(0, 5).map(formatProblem).join("; ");
    throw new SvcError("internal", `the demo corpus file ${path} is invalid: ${reasons}`);
  }
  return parsed.data;
}

/** Reads demo/publishers.json and demo/events/{topic}.json, checking every reference. */
export function loadDemoCorpus(demoDir: string): DemoCorpus {
  const publishers = new Map(
    readChecked(join(demoDir, "publishers.json"), z.array(PublisherSchema)).map((p) => [p.id, p]),
  );
  const events: DemoEvent[] = [];
  const keys = new Set<string>();
  const files = readdirSync(join(demoDir, "events"))
    .filter((name) => name.endsWith(".json"))
    .sort();
  for (const file of files) {
    const topic = basename(file, ".json");
    for (const event of readChecked(join(demoDir, "events", file), z.array(EventSchema))) {
      if (keys.has(event.key))
        throw new SvcError("internal", `demo event key ${event.key} appears twice`);
      keys.add(event.key);
      for (const report of event.reports) {
        if (!publishers.has(report.publisher)) {
          throw new SvcError(
            "internal",
            `demo event ${event.key} names unknown publisher ${report.publisher}`,
          );
        }
      }
      events.push({ ...event, topic });
    }
  }
  return { publishers, events };
}
