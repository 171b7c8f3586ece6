/**
 * Installing the published package asks nothing: its package.json has no `scripts` (the repository's
 * `prepare` stays in the repository, scripts/npm-package.ts), so `npm install` of the packed tarball in a
 * fresh folder (npm 11 warns about every install script not covered by `allowScripts`) names no script of
 * pulumi-svc. Pack after `npm run build` (npm test does).
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userEnv } from "../../testkit/consumer/npm";
import { packInto } from "../../testkit/consumer/pack";

const MINUTES = 60_000;

let work: string;
let tarball: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "svc-quiet-install-"));
  tarball = await packInto(work);
}, 2 * MINUTES);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs `command args` in `cwd` as a user would; resolves with its exit code and everything it printed. */
function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, env: userEnv(), timeout: 5 * MINUTES, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe("npm install of the packed tarball", () => {
  it("ships a package.json without scripts (no prepare, no install script)", async () => {
    const r = await run("tar", ["-xzOf", tarball, "package/package.json"], work);
    expect(r.code).toBe(0);
    const packed = JSON.parse(r.output) as { scripts?: Record<string, string>; bin?: Record<string, string> };
    expect(packed.scripts).toBeUndefined();
    expect(Object.keys(packed.bin ?? {})).toContain("pulumi-resource-svc");
  });

  it(
    "in a fresh folder prints no install-script warning about pulumi-svc",
    async () => {
      const dir = join(work, "project");
      const manifest = { name: "quiet-install", version: "1.0.0", private: true };
      mkdirSync(dir);
      writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest)}\n`);
      const r = await run("npm", ["install", tarball, "--no-audit", "--no-fund"], dir);
      expect(r.code, r.output).toBe(0);
      const installed = JSON.parse(readFileSync(join(dir, "node_modules/pulumi-svc/package.json"), "utf8"));
      expect(installed.name).toBe("pulumi-svc");
      // npm 11: "npm warn install-scripts   <name>@<version> (<script>: <command>)" per package not allowed.
      const scriptWarnings = r.output.split("\n").filter((l) => /install-scripts/.test(l));
      expect(scriptWarnings.filter((l) => l.includes("pulumi-svc@"))).toEqual([]);
      expect(r.output).not.toMatch(/pulumi-svc@[^\s]+ \((prepare|preinstall|install|postinstall)/);
    },
    6 * MINUTES,
  );
});
