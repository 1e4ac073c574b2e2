// Human-readable reports of ingest runs and of what the store holds.
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
