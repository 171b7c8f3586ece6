/**
 * `npm run example` (dist/examples/run-quickstart.js): with neither pulumi nor go it says what to install in one
 * line; with a `pulumi` on PATH that fails, it names the command, stops the emulator and removes its files; with
 * the real CLI it deploys the quickstart and prints its real outputs. Needs `npm run build` first.
 */
import { execFile } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../testkit/harness/repo-root";
import { ENGINE_TIMEOUT_MS, skipEngine } from "../../testkit/pulumi-cli";

const SCRIPT = join(repoRoot(), "dist/examples/run-quickstart.js");
/** PATH with the system tools but no pulumi and no go (go lives in /usr/local/go/bin). */
const SYSTEM_PATH = "/usr/bin:/bin";

/**
 * A fake `pulumi` of a suitable version: appends one JSON line per call to $FAKE_PULUMI_LOG, writes the stack
 * settings file on `stack init`, and fails the command named by $FAKE_PULUMI_FAIL with status 3.
 */
const FAKE = `#!${process.execPath}
const fs = require("node:fs");
const path = require("node:path");
const args = process.argv.slice(2);
if (args[0] === "version") { console.log("v3.259.0"); process.exit(0); }
fs.appendFileSync(process.env.FAKE_PULUMI_LOG, JSON.stringify({ args, cwd: process.cwd(),
  backend: process.env.PULUMI_BACKEND_URL, home: process.env.PULUMI_HOME }) + "\\n");
const stack = args[args.indexOf("--stack") + 1];
if (args[0] === "stack" && args[1] === "init") fs.writeFileSync(path.join(process.cwd(), "Pulumi." + stack + ".yaml"), "encryptionsalt: x\\n");
if (process.env.FAKE_PULUMI_FAIL === args[0]) { process.stderr.write("error: fake failure\\n"); process.exit(3); }
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "run-quickstart-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function runScript(env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT],
      { cwd: repoRoot(), env, timeout: ENGINE_TIMEOUT_MS },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** Stack settings files of `npm run example` left in the repository root. */
const leftoverStackFiles = () => readdirSync(repoRoot()).filter((f) => /^Pulumi\.example-.*\.yaml$/.test(f));

describe("npm run example", () => {
  it("with neither pulumi nor go: exit 1, one line saying what to install, no stack trace", async () => {
    const r = await runScript({ PATH: SYSTEM_PATH, HOME: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("neither a Pulumi CLI");
    expect(lines[0]).toContain("https://go.dev/dl/");
    expect(lines[0]).toContain("https://www.pulumi.com/docs/iac/download-install/");
  });

  it("a pulumi on PATH whose `up` fails: exit 1 naming the command, emulator stopped, files removed", async () => {
    const bin = join(dir, "bin");
    mkdirSync(bin);
    writeFileSync(join(bin, "pulumi"), FAKE);
    chmodSync(join(bin, "pulumi"), 0o755);
    const log = join(dir, "calls.jsonl");
    const r = await runScript({
      PATH: [bin, dirname(process.execPath), SYSTEM_PATH].join(delimiter),
      HOME: dir,
      FAKE_PULUMI_LOG: log,
      FAKE_PULUMI_FAIL: "up",
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("`pulumi up --yes` failed (exit code 3)");
    expect(r.stderr).toContain("error: fake failure");
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr + r.stdout).not.toContain("emu_dev_key");
    const calls = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { args: string[]; cwd: string; backend: string; home: string });
    expect(calls.map((c) => c.args.slice(0, 3))).toEqual([
      ["stack", "init", "--stack"],
      ["config", "set", "--plaintext"],
      ["config", "set", "--secret"],
      ["up", "--yes", "--skip-preview"],
    ]);
    // The CLI on PATH was used through a shim next to the dynamic-provider plugin; the language server's address.
    expect(
      existsSync(join(dir, ".cache/pulumi-svc/path-pulumi-3.259.0/bin/pulumi-resource-pulumi-nodejs")),
    ).toBe(true);
    expect(calls[3]?.args).toContain("--client");
    for (const c of calls) expect(c.cwd).toBe(repoRoot());
    expect(existsSync(calls[0]!.backend.replace("file://", ""))).toBe(false);
    expect(leftoverStackFiles()).toEqual([]);
    const url = calls[1]!.args[4]!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expect(fetch(`${url}/v1/integrations/active`)).rejects.toThrow();
  });

  it.skipIf(skipEngine("npm run example"))(
    "with the real CLI: deploys the quickstart, prints its real outputs, cleans up",
    { timeout: ENGINE_TIMEOUT_MS },
    async () => {
      const r = await runScript({
        ...process.env,
        SVC_API_KEY: "must-not-be-used",
        SVC_BASE_URL: "http://x.invalid",
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/Resources:\s+\+ 5 created/);
      const json = r.stdout.slice(
        r.stdout.indexOf("Stack outputs:") + "Stack outputs:".length,
        r.stdout.indexOf("Done:"),
      );
      const outputs = JSON.parse(json) as Record<string, unknown>;
      const integrations = outputs.integrations as Record<string, string>;
      expect(Object.keys(integrations).sort()).toEqual(["chat", "email", "push"]);
      expect(outputs).toMatchObject({
        emailPrimary: true,
        adaPushCredentials: `user-ada/expo/${integrations.push}`,
        activeIntegrations: { push: [integrations.push, "fcm-main"].sort() },
        workflowSummary: { name: "Welcome", status: "ACTIVE" },
      });
      expect(r.stdout + r.stderr).not.toContain("emu_dev_key");
      expect(leftoverStackFiles()).toEqual([]);
      const url = /listening on (http:\S+)/.exec(r.stdout)?.[1];
      await expect(fetch(`${url}/v1/integrations/active`)).rejects.toThrow();
    },
  );
});
