// Progress in pipes and CI: plain lines, at most one per interval, and always the last state.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildProgress, plainLines } from "./progress.js";

function capture(): { stream: NodeJS.WriteStream; lines: () => string[] } {
  let text = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  return { stream, lines: () => text.split("\n").filter(Boolean) };
}

describe("progress outside a terminal", () => {
  it("writes a line at most every 5 s, and the last state when stopped", () => {
    const { stream, lines } = capture();
    let now = 0;
    const reporter = plainLines(
      stream,
      (n: number) => `done ${n}`,
      () => now,
    );
    for (let step = 1; step <= 12; step++) {
      now = step * 1000;
      reporter.update(step);
    }
    reporter.stop();
    expect(lines()).toEqual(["done 5", "done 10", "done 12"]);
  });

  it("reports build topics as plain lines on a stream that is not a terminal", () => {
    const { stream, lines } = capture();
    const reporter = buildProgress(stream);
    reporter.update({ topic: "world", done: 1, total: 2, manifests: 40 });
    reporter.update({ topic: "sport", done: 2, total: 2, manifests: 3 });
    reporter.stop();
    expect(lines()).toEqual([
      "build: 1/2 topics (world: 40 Manifests)",
      "build: 2/2 topics (sport: 3 Manifests)",
    ]);
  });
});
