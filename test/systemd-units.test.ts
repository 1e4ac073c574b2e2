// The systemd units of deploy/systemd/: `systemd-analyze verify` accepts them (with their
// paths pointed at this checkout, since verify checks that ExecStart's program exists), the
// server unit carries the hardening docs/operations.md promises, and
// `systemd-analyze security` rates both services OK or better.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { externalTool, describeWithTools } from "./support/external-tools.js";
import { ROOT } from "./support/svc-cli.js";

const UNITS_DIR = join(ROOT, "deploy", "systemd");
const UNITS = ["svc.service", "svc-backup.service", "svc-backup.timer"];
const systemdAnalyze = externalTool("systemd-analyze", "/usr/bin/systemd-analyze", {
  probe: ["--version"],
  installHint: "systemd",
});

function unitText(name: string): string {
  return readFileSync(join(UNITS_DIR, name), "utf8");
}

/** The `Key=value` lines of a unit's [Service] section, last assignment winning. */
function serviceSettings(name: string): Map<string, string> {
  const settings = new Map<string, string>();
  let section = "";
  for (const line of unitText(name).split("\n")) {
    const header = /^\[(\w+)\]$/.exec(line.trim());
    if (header) section = header[1] as string;
    const setting = /^(\w+)=(.*)$/.exec(line);
    if (section === "Service" && setting) settings.set(setting[1] as string, setting[2] as string);
  }
  return settings;
}

describe("svc.service", () => {
  it("runs svc serve from /opt/svc as the svc user, with SVC_DATA_DIR its state directory", () => {
    const service = serviceSettings("svc.service");
    expect(service.get("ExecStart")).toBe("/usr/bin/node /opt/svc/dist/src/cli/main.js serve");
    expect(service.get("User")).toBe("svc");
    expect(service.get("Group")).toBe("svc");
    expect(service.get("StateDirectory")).toBe("svc");
    expect(service.get("Environment")).toBe("SVC_DATA_DIR=/var/lib/svc");
    expect(service.get("ReadWritePaths")).toBe("/var/lib/svc");
    expect(service.get("EnvironmentFile")).toBe("-/etc/svc/svc.env");
    expect(service.get("Restart")).toBe("on-failure");
  });

  it("is hardened, but lets V8's JIT map writable and executable memory", () => {
    const service = serviceSettings("svc.service");
    expect(Object.fromEntries(service)).toMatchObject({
      NoNewPrivileges: "yes",
      ProtectSystem: "strict",
      ProtectHome: "yes",
      PrivateTmp: "yes",
      PrivateDevices: "yes",
      ProtectKernelTunables: "yes",
      ProtectKernelModules: "yes",
      ProtectControlGroups: "yes",
      RestrictAddressFamilies: "AF_INET AF_INET6 AF_UNIX",
      RestrictNamespaces: "yes",
      LockPersonality: "yes",
      CapabilityBoundingSet: "",
      SystemCallArchitectures: "native",
    });
    for (const unit of ["svc.service", "svc-backup.service"]) {
      expect(serviceSettings(unit).has("MemoryDenyWriteExecute"), unit).toBe(false);
    }
  });
});

describeWithTools([systemdAnalyze], "systemd-analyze", () => {
  let dir: string;

  beforeAll(() => {
    // verify checks that the program of ExecStart exists: point the units at this Node and
    // this checkout instead of /usr/bin/node and /opt/svc.
    dir = mkdtempSync(join(tmpdir(), "svc-systemd-units-"));
    for (const name of UNITS) {
      const text = unitText(name)
        .replaceAll("/usr/bin/node", process.execPath)
        .replaceAll("/opt/svc", ROOT);
      writeFileSync(join(dir, name), text);
    }
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  async function analyze(args: string[]): Promise<{ code: number; output: string }> {
    try {
      const { stdout, stderr } = await promisify(execFile)(systemdAnalyze.path, args, {
        cwd: dir,
      });
      return { code: 0, output: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  }

  it("verify accepts the units: no error, no unknown or unparsable setting", async () => {
    const run = await analyze(["verify", ...UNITS.map((name) => `./${name}`)]);
    // verify exits 0 on unknown keys and bad values, only logging them: any line about our
    // units counts. Lines about the host's own units (this machine's setup) do not.
    const aboutOurs = run.output
      .split("\n")
      .filter((line) => UNITS.some((name) => line.includes(name)));
    expect(aboutOurs).toEqual([]);
    expect(run.code, run.output).toBe(0);
  });

  it("rates both services' exposure OK or better (systemd-analyze security --offline)", async () => {
    for (const name of ["svc.service", "svc-backup.service"]) {
      const run = await analyze(["security", "--offline=true", `./${name}`]);
      const level = /Overall exposure level for [\w.-]+: ([\d.]+) (\w+)/.exec(run.output);
      expect(level, run.output).not.toBeNull();
      expect(Number(level?.[1]), `${name}: ${level?.[0]}`).toBeLessThanOrEqual(4);
    }
  });
});
