// Human-readable reports of ingest runs and of what the store holds.
import type { PollRunSummary } from "../poll/poller.js";
import type { IngestSummary } from "../ingest/ingest.js";
import type { StoreSummary } from "../store/manifest-store.js";

export function formatIngestSummary(summary: IngestSummary): string {
  const lines = [
    `ingest: ${summary.read} read, ${summary.stored} stored, ${summary.duplicates} duplicates, ${summary.rejected} rejected, ${summary.conflicts} conflicts (${summary.sources} inputs, ${summary.seconds.toFixed(1)} s)`,
  ];
  if (summary.unreadable > 0) {
    lines.push(
      `inputs that could not be read to the end: ${summary.unreadable} (see the rejects file)`,
    );
  }
  if (summary.newTopics.length > 0) lines.push(`new newsrooms: ${summary.newTopics.join(", ")}`);
  for (const reject of summary.rejectExamples) {
    lines.push(`rejected: ${reject.source}: ${reject.reasons.join("; ")}`);
  }
  if (summary.rejected + summary.unreadable > summary.rejectExamples.length) {
    lines.push(
      `… and ${summary.rejected + summary.unreadable - summary.rejectExamples.length} more rejected (all of them in the rejects file)`,
    );
  }
  if (summary.rejectsFile) lines.push(`rejected records and their reasons: ${summary.rejectsFile}`);
  for (const conflict of summary.conflictExamples) {
    lines.push(
      `conflict: ${conflict.source}: id ${JSON.stringify(conflict.id)} is already stored with other content (kept the stored record; svc conflicts lists them all)`,
    );
  }
  if (summary.conflicts > summary.conflictExamples.length) {
    lines.push(
      `… and ${summary.conflicts - summary.conflictExamples.length} more conflicts (svc conflicts)`,
    );
  }
  return lines.join("\n");
}

export function formatStoreSummary(summary: StoreSummary): string {
  const lines = [
    `store: ${summary.backend} at ${summary.location}`,
    `manifests: ${summary.manifests} in ${summary.topics.length} topics; conflicts recorded: ${summary.conflicts}`,
  ];
  const width = Math.max(5, ...summary.topics.map((t) => t.topic.length));
  for (const topic of summary.topics) {
    lines.push(
      `  ${topic.topic.padEnd(width)}  ${String(topic.manifests).padStart(7)}  ${topic.oldestPublishedAt} .. ${topic.newestPublishedAt}`,
    );
  }
  return lines.join("\n");
}

/** Failed feeds listed one per line, at most this many. */
const MAX_FAILURES_SHOWN = 20;

export function formatPollSummary(summary: PollRunSummary): string {
  const outcomes = Object.entries(summary.outcomes)
    .map(([outcome, count]) => `${count} ${outcome}`)
    .join(", ");
  const lines = [
    `poll: ${summary.feeds} feeds (${summary.feeds - summary.notDue} due${outcomes ? `: ${outcomes}` : ""}), ${summary.items} items, ${summary.stored} stored (${summary.revisions} revisions), ${summary.unchanged} unchanged, ${summary.rejected} rejected, ${summary.conflicts} conflicts (${summary.seconds.toFixed(1)} s)`,
  ];
  if (summary.fullText) {
    const { extracted, refusedByRobots, failed } = summary.fullText;
    lines.push(
      `full text: ${extracted} extracted, ${refusedByRobots} refused by robots.txt, ${failed} failed`,
    );
  }
  for (const failure of summary.failures.slice(0, MAX_FAILURES_SHOWN)) {
    lines.push(
      `failed: ${failure.key} (${failure.url}): ${failure.outcome}: ${failure.error ?? ""}; next try ${failure.nextDueAt}`,
    );
  }
  if (summary.failures.length > MAX_FAILURES_SHOWN) {
    lines.push(
      `… and ${summary.failures.length - MAX_FAILURES_SHOWN} more failed feeds (svc status)`,
    );
  }
  if (summary.rejectsFile) lines.push(`rejected items and their reasons: ${summary.rejectsFile}`);
  return lines.join("\n");
}
