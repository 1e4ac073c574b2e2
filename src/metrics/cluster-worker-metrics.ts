// A cluster worker's half of /metrics: it answers the primary's COLLECT with its own metrics,
// and when a client asks it for /metrics it asks the primary for the whole cluster's text
// (cluster-primary-metrics.ts), so every scrape sees the whole server whichever worker answers.
import type { Registry } from "prom-client";
import { describeError } from "../errors.js";
import {
  COLLECT,
  COLLECTED,
  parsePrimaryMessage,
  type PrimaryPort,
  READY,
  SCRAPE,
} from "./cluster-messages.js";

/** Longer than the primary's collect timeout, so a slow worker costs a gap, not the scrape. */
const SCRAPE_TIMEOUT_MS = 5000;

export interface ClusterMetricsWorker {
  /** The whole cluster's metrics; rejects when the primary does not answer in time. */
  scrape(): Promise<string>;
  /** Stops answering the primary; pending scrapes reject. */
  close(): void;
}

/** This process's line to its node:cluster primary. */
export function nodePrimaryPort(): PrimaryPort {
  return {
    send: (message) => {
      if (process.connected) process.send?.(message, undefined, undefined, () => undefined);
    },
    onMessage(listener) {
      process.on("message", listener);
      return () => process.off("message", listener);
    },
  };
}

export function joinClusterMetrics(options: {
  registry: Registry;
  primary: PrimaryPort;
  scrapeTimeoutMs?: number;
}): ClusterMetricsWorker {
  const { registry, primary } = options;
  const waiting = new Map<number, { settle: (text: string | undefined, why?: string) => void }>();
  let nextId = 0;
  const stop = primary.onMessage((raw) => {
    const message = parsePrimaryMessage(raw);
    if (message?.type === COLLECT) {
      registry.getMetricsAsJSON().then(
        (metrics) => primary.send({ type: COLLECTED, id: message.id, metrics }),
        (error: unknown) =>
          primary.send({ type: COLLECTED, id: message.id, error: describeError(error) }),
      );
    } else if (message !== undefined) {
      waiting.get(message.id)?.settle(message.text, message.error);
    }
  });
  primary.send({ type: READY });

  const scrape = () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(
        () => settle(undefined, "the cluster primary did not answer in time"),
        options.scrapeTimeoutMs ?? SCRAPE_TIMEOUT_MS,
      );
      const settle = (text: string | undefined, why = "no metrics") => {
        clearTimeout(timer);
        waiting.delete(id);
        if (text === undefined) reject(new Error(why));
        else resolve(text);
      };
      waiting.set(id, { settle });
      primary.send({ type: SCRAPE, id });
    });

  return {
    scrape,
    close() {
      stop();
      for (const pending of waiting.values()) pending.settle(undefined, "the server is closing");
    },
  };
}
