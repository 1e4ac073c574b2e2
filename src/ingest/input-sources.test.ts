// decodedChunks on a gzip stream long enough that the feeder waits for zlib many times: every
// wait for it to drain must leave no listener behind.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodedChunks } from "./input-sources.js";

describe("decodedChunks on gzip", () => {
  it("inflates a long input whole, without piling up listeners", async () => {
    // 4 MB of digits that do not repeat: about 2 MB compressed, 16 kB slices by the hundred,
    // each of which fills zlib's input buffer, so the feeder waits for "drain" every time.
    let seed = 1;
    const digits = Buffer.alloc(4 * 1024 * 1024);
    for (let at = 0; at < digits.length; at++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      digits[at] = at % 64 === 63 ? 10 : 48 + (seed % 10);
    }
    const inflated = digits;
    const compressed = gzipSync(inflated);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      async function* source() {
        for (let at = 0; at < compressed.length; at += 64 * 1024)
          yield compressed.subarray(at, at + 64 * 1024);
      }
      let bytes = 0;
      for await (const chunk of decodedChunks(source(), () => undefined)) {
        bytes += chunk.length;
        // A reader slower than zlib, as a database write is: the feeder has to wait.
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(bytes).toBe(inflated.length);
      // A warning is emitted on the next tick of the one that added the listener.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  }, 30_000);
});
