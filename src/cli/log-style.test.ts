import { describe, expect, it } from "vitest";
import { logStyle, withRequestLog } from "./log-style.js";

describe("log style", () => {
  it("is pretty and colored on a terminal in auto, JSON elsewhere, as configured otherwise", () => {
    expect(logStyle({ logFormat: "auto" }, true)).toEqual({ pretty: true, colorize: true });
    expect(logStyle({ logFormat: "auto" }, false)).toEqual({ pretty: false, colorize: false });
    expect(logStyle({ logFormat: "json" }, true)).toEqual({ pretty: false, colorize: false });
    expect(logStyle({ logFormat: "pretty" }, false)).toEqual({ pretty: true, colorize: false });
  });

  it("keeps request lines off the terminal in auto, and obeys on and off", () => {
    expect(withRequestLog({ requestLog: "auto" }, true).requestLog).toBe("off");
    expect(withRequestLog({ requestLog: "auto" }, false).requestLog).toBe("on");
    expect(withRequestLog({ requestLog: "on" }, true).requestLog).toBe("on");
    expect(withRequestLog({ requestLog: "off" }, false).requestLog).toBe("off");
  });
});
