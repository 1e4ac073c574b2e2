import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createHostGate } from "./host-gate.js";

describe("createHostGate", () => {
  it("runs at most perHost tasks at once per host, other hosts alongside", async () => {
    const gate = createHostGate({ perHost: 2, delayMs: 0 });
    let active = 0;
    let most = 0;
    const task = async () => {
      active += 1;
      most = Math.max(most, active);
      await sleep(20);
      active -= 1;
    };
    await Promise.all(Array.from({ length: 6 }, () => gate.run("a.example", task)));
    expect(most).toBe(2);
    most = 0;
    await Promise.all([
      gate.run("a.example", task),
      gate.run("b.example", task),
      gate.run("c.example", task),
    ]);
    expect(most).toBe(3);
  });

  it("spaces the starts on one host by the delay", async () => {
    const gate = createHostGate({ perHost: 1, delayMs: 60 });
    const starts: number[] = [];
    await Promise.all(
      [1, 2, 3].map(() => gate.run("a.example", async () => void starts.push(Date.now()))),
    );
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(55);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(55);
  });

  it("spaces the starts on one host also when the requests come one after another", async () => {
    const gate = createHostGate({ perHost: 1, delayMs: 60 });
    const starts: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      await gate.run("a.example", async () => void starts.push(Date.now()));
    }
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(55);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(55);
  });

  it("spaces a start from the moment the one before really started, when a timer fires late", async () => {
    let clock = 1_000;
    let lateMs = 15;
    const gate = createHostGate({
      perHost: 1,
      delayMs: 60,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms + lateMs;
        lateMs = 0;
      },
    });
    const starts: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      await gate.run("a.example", async () => void starts.push(clock));
    }
    expect(starts).toEqual([1_000, 1_075, 1_135]);
  });
});
