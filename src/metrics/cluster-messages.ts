// The IPC messages by which a node:cluster primary gathers its workers' metrics for one scrape
// (cluster-primary-metrics.ts, cluster-worker-metrics.ts), and the narrow ports both sides
// send and receive them through (node:cluster and process in production, fakes in tests).
import { z } from "zod";

export const READY = "svc:metrics:ready";
export const SCRAPE = "svc:metrics:scrape";
export const COLLECT = "svc:metrics:collect";
export const COLLECTED = "svc:metrics:collected";
export const SCRAPED = "svc:metrics:scraped";
const PREFIX = "svc:metrics:";

/** A registry's metrics as prom-client's getMetricsAsJSON gives them (its own format). */
const MetricsJsonSchema = z.array(
  z.custom<object>((value) => typeof value === "object" && value !== null),
);

const WorkerMessageSchema = z.discriminatedUnion("type", [
  /** The worker answers COLLECT from now on. */
  z.object({ type: z.literal(READY) }),
  /** The worker was asked for /metrics: it wants the whole cluster's text. */
  z.object({ type: z.literal(SCRAPE), id: z.int() }),
  /** The worker's own metrics, for the COLLECT of the same id. */
  z.object({
    type: z.literal(COLLECTED),
    id: z.int(),
    metrics: MetricsJsonSchema.optional(),
    error: z.string().optional(),
  }),
]);

const PrimaryMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal(COLLECT), id: z.int() }),
  /** The aggregate text for the SCRAPE of the same id, or why there is none. */
  z.object({
    type: z.literal(SCRAPED),
    id: z.int(),
    text: z.string().optional(),
    error: z.string().optional(),
  }),
]);

export type WorkerMessage = z.infer<typeof WorkerMessageSchema>;
export type PrimaryMessage = z.infer<typeof PrimaryMessageSchema>;

/**
 * Other IPC traffic (the rate limiter's, one message per /ask call) is skipped on its `type`
 * before any parsing.
 */
function isOurs(message: unknown): boolean {
  if (typeof message !== "object" || message === null) return false;
  const type = (message as { type?: unknown }).type;
  return typeof type === "string" && type.startsWith(PREFIX);
}

export function parseWorkerMessage(message: unknown): WorkerMessage | undefined {
  return isOurs(message) ? WorkerMessageSchema.safeParse(message).data : undefined;
}

export function parsePrimaryMessage(message: unknown): PrimaryMessage | undefined {
  return isOurs(message) ? PrimaryMessageSchema.safeParse(message).data : undefined;
}

/** One worker as the primary sees it. */
export interface WorkerPort {
  readonly id: number;
  /** Sends if the worker is still connected; a lost message shows as a timeout. */
  send(message: PrimaryMessage): void;
}

/** The primary's view of its workers. Each `on…` returns a function that stops listening. */
export interface WorkerEvents {
  onMessage(listener: (worker: WorkerPort, message: unknown) => void): () => void;
  onExit(listener: (worker: WorkerPort) => void): () => void;
}

/** A worker's line to its primary. */
export interface PrimaryPort {
  send(message: WorkerMessage): void;
  onMessage(listener: (message: unknown) => void): () => void;
}
