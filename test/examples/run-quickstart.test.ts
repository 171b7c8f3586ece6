/**
 * `npm run example` (dist/examples/run-quickstart.js): without a Pulumi CLI it explains how to install one;
 * with a CLI (here a fake `pulumi` that records its arguments and environment and checks the emulator is
 * reachable during `up`) it runs the expected commands against a throwaway backend and cleans up.
 * Needs `npm run build` first.
 */
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../testkit/harness/repo-root";

const SCRIPT = join(repoRoot(), "dist/examples/run-quickstart.js");
const INSTALL_URL = "https://www.pulumi.com/docs/iac/download-install/";

/** A fake `pulumi`: appends one JSON line per call to $FAKE_PULUMI_LOG; `up` calls the emulator. */
const FAKE = `#!${process.execPath}
const fs = require("node:fs");
const path = require("node:path");
const args = process.argv.slice(2);
const log = process.env.FAKE_PULUMI_LOG;
const memo = log + ".config.json";
const cfg = fs.existsSync(memo) ? JSON.parse(fs.readFileSync(memo, "utf8")) : {};
const record = (extra) => fs.appendFileSync(log, JSON.stringify({
  args, cwd: process.cwd(),
  env: {
    PULUMI_BACKEND_URL: process.env.PULUMI_BACKEND_URL, PULUMI_HOME: process.env.PULUMI_HOME,
    PULUMI_CONFIG_PASSPHRASE: process.env.PULUMI_CONFIG_PASSPHRASE,
    SVC_API_KEY: process.env.SVC_API_KEY, SVC_BASE_URL: process.env.SVC_BASE_URL,
    PATH0: (process.env.PATH || "").split(path.delimiter)[0],
  }, ...extra }) + "\\n");
(async () => {
  if (args[0] === "stack" && args[1] === "init") fs.writeFileSync(path.join(process.cwd(), "Pulumi." + args[2] + ".yaml"), "encryptionsalt: x\\n");
  if (args[0] === "config" && args[1] === "set") {
    const rest = args.slice(2).filter((a) => a !== "--secret");
    cfg[rest[0]] = rest[1];
    fs.writeFileSync(memo, JSON.stringify(cfg));
  }
  let extra = {};
  if (args[0] === "up") {
    const res = await fetch(cfg["svc:baseUrl"] + "/v1/integrations/active", { headers: { authorization: "ApiKey " + cfg["svc:apiKey"] } });
    const body = await res.json();
    extra = { emulatorStatus: res.status, activeIntegrations: body.data.map((i) => i.identifier).sort() };
  }
  record(extra);
  if (process.env.FAKE_PULUMI_FAIL === args[0]) { process.stderr.write("fake failure\\n"); process.exit(3); }
  if (args[0] === "stack" && args[1] === "output") process.stdout.write(JSON.stringify({ environmentId: "env-from-fake" }) + "\\n");
})();
`;

interface Call {
  args: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  emulatorStatus?: number;
  activeIntegrations?: string[];
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fake-pulumi-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function runScript(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT], { cwd: repoRoot(), env }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

function fakeCli(): { bin: string; log: string } {
  const bin = join(dir, "bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "pulumi"), FAKE);
  chmodSync(join(bin, "pulumi"), 0o755);
  return { bin, log: join(dir, "calls.jsonl") };
}

function calls(log: string): Call[] {
  return readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Call);
}

/** Whether the stack settings file of `stack` (written by the fake `stack init`) is still there. */
function stackFileExists(stack: string): boolean {
  return existsSync(join(repoRoot(), `Pulumi.${stack}.yaml`));
}

describe("npm run example", () => {
  it("without pulumi on PATH: exit 1, one line with the install link, no stack trace", async () => {
    const empty = join(dir, "empty");
    mkdirSync(empty);
    const r = await runScript({ PATH: empty, HOME: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("`pulumi` is not on PATH");
    expect(lines[0]).toContain(INSTALL_URL);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("with a CLI: stack init, config, up against the live emulator, outputs; then cleans up", async () => {
    const { bin, log } = fakeCli();
    const r = await runScript({
      PATH: [bin, dirname(process.execPath)].join(delimiter),
      HOME: dir,
      FAKE_PULUMI_LOG: log,
      SVC_API_KEY: "must-not-leak-into-pulumi",
      SVC_BASE_URL: "http://must-not-be-used.invalid",
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const seen = calls(log);
    const stack = seen[0]?.args[2] ?? "";
    expect(stack).toMatch(/^example-[0-9a-f]{6}$/);
    const on = ["--stack", stack, "--non-interactive"];
    const url = seen[1]?.args[3] ?? "";
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(seen.map((c) => c.args)).toEqual([
      ["stack", "init", stack, "--non-interactive"],
      ["config", "set", "svc:baseUrl", url, ...on],
      ["config", "set", "--secret", "svc:apiKey", "emu_dev_key", ...on],
      ["up", "--yes", ...on],
      ["stack", "output", "--json", ...on],
    ]);
    for (const c of seen) {
      expect(c.cwd).toBe(repoRoot()); // where Pulumi.yaml (main: examples/quickstart) is
      expect(c.env.PULUMI_BACKEND_URL).toMatch(/^file:\/\/.+svc-quickstart-[^/]+\/state$/);
      expect(c.env.PULUMI_HOME).toMatch(/svc-quickstart-[^/]+\/home$/);
      expect(c.env.PULUMI_CONFIG_PASSPHRASE).toMatch(/^[0-9a-f]{32}$/);
      expect(c.env.SVC_API_KEY).toBeUndefined();
      expect(c.env.SVC_BASE_URL).toBeUndefined();
      expect(c.env.PATH0).toBe(dirname(process.execPath)); // Pulumi runs the program with this node
    }
    expect(new Set(seen.map((c) => c.env.PULUMI_CONFIG_PASSPHRASE)).size).toBe(1);
    // During `up` the emulator answered with the default fixtures.
    expect(seen[3]?.emulatorStatus).toBe(200);
    expect(seen[3]?.activeIntegrations).toEqual(["fcm-main", "slack-main"]);
    expect(r.stdout).toContain("Stack outputs:");
    expect(r.stdout).toContain('"environmentId":"env-from-fake"');
    // Cleaned up: temp dir, stack settings file, emulator.
    const backend = (seen[0]?.env.PULUMI_BACKEND_URL ?? "").replace("file://", "");
    expect(existsSync(dirname(backend))).toBe(false);
    expect(stackFileExists(stack)).toBe(false);
    await expect(fetch(`${url}/v1/integrations/active`)).rejects.toThrow();
  });

  it("a failing pulumi command: exit 1 naming the command, emulator stopped, files removed", async () => {
    const { bin, log } = fakeCli();
    const r = await runScript({
      PATH: [bin, dirname(process.execPath)].join(delimiter),
      HOME: dir,
      FAKE_PULUMI_LOG: log,
      FAKE_PULUMI_FAIL: "up",
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("`pulumi up --yes` failed (exit code 3)");
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toContain("emu_dev_key");
    const seen = calls(log);
    expect(seen.map((c) => c.args[0])).toEqual(["stack", "config", "config", "up"]);
    expect(stackFileExists(seen[0]?.args[2] ?? "")).toBe(false);
    const url = seen[1]?.args[3] ?? "";
    await expect(fetch(`${url}/v1/integrations/active`)).rejects.toThrow();
  });
});
