/**
 * A Node.js older than package.json's `engines` (Node.js 20, which npm serves as the `node` package:
 * testkit/older-node.ts) makes undici fail while it loads (`Cannot read properties of undefined (reading
 * 'bind')`). Each entry point on the user's Node.js checks first (node-support/supported-node.ts) and fails with
 * one line naming the Node.js needed and the one found, no stack trace: the npm bins `pulumi-resource-svc`
 * (and the standalone tarball as the way without Node.js) and `svc-emulator`, `pulumi-svc/sdk`, a JavaScript
 * program under the real CLI, and the
 * dynamic provider (a `refresh`, which runs no program, of a stack made with Node.js 22). Needs
 * `npm run build` first.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { repoRoot } from "../../testkit/harness/repo-root";
import { olderNode } from "../../testkit/older-node";
import {
  ENGINE_TIMEOUT_MS,
  emulatorProject,
  ensurePulumiCli,
  type PulumiStack,
  skipEngine,
} from "../../testkit/pulumi-cli";

const MINUTES = 60_000;
const packageJson = require("../../package.json") as { version: string; engines: { node: string } };
const LOWEST = packageJson.engines.node.replace(/^>=\s*/, "");

let node20: string;
let found: string;

beforeAll(async () => {
  node20 = await olderNode(20);
  found = spawnSync(node20, ["--version"], { encoding: "utf8" }).stdout.trim().replace(/^v/, "");
}, 5 * MINUTES);

/** The lines of `text` that name `what` (a one-line error is one of them). */
function linesWith(text: string, what: string): string[] {
  return text.split("\n").filter((l) => l.includes(what));
}

/** Nothing of a stack trace or of undici's failure. */
function expectNoTrace(text: string): void {
  expect(text).not.toMatch(/^\s+at /m);
  expect(text).not.toContain("reading 'bind'");
  expect(text).not.toContain("decompress");
}

describe("the npm bin pulumi-resource-svc under Node.js 20", () => {
  it("exits 1 with one line: the Node.js needed, the one found, and the standalone tarball", () => {
    const main = join(repoRoot(), "dist", "provider", "plugin", "main.js");
    const r = spawnSync(node20, [main], { encoding: "utf8", timeout: MINUTES });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`pulumi-resource-svc needs Node.js ${LOWEST} or later`);
    expect(lines[0]).toContain(`found Node.js ${found}`);
    expect(lines[0]).toContain(
      `pulumi plugin install resource svc ${packageJson.version} --file pulumi-resource-svc-v${packageJson.version}-`,
    );
    expectNoTrace(r.stderr);
  });
});

describe("the npm bin svc-emulator under Node.js 20", () => {
  it("exits 1 with one line: the Node.js needed and the one found", () => {
    const cli = join(repoRoot(), "dist", "emulator", "cli.js");
    const r = spawnSync(node20, [cli, "--port", "0"], { encoding: "utf8", timeout: MINUTES });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`pulumi-svc needs Node.js ${LOWEST} or later`);
    expect(lines[0]).toContain(`found Node.js ${found}`);
    expectNoTrace(r.stderr);
  });
});

describe("pulumi-svc, its dynamic provider's runtime and its client under Node.js 20", () => {
  /** Loads `entry` under Node.js 20; what the error prints as the dynamic-provider host and a program print it. */
  function loadFails(entry: string): { hostLine: string; message: string; runError: boolean } {
    const probe = `try { require(${JSON.stringify(entry)}); console.log("{}"); } catch (e) {
      console.log(JSON.stringify({ hostLine: \`\${e}: \${e.stack}\`, message: e.message, runError: e.__pulumiRunError === true }));
    }`;
    const r = spawnSync(node20, ["-e", probe], { encoding: "utf8", timeout: MINUTES, cwd: repoRoot() });
    return JSON.parse(r.stdout) as { hostLine: string; message: string; runError: boolean };
  }

  for (const entry of ["pulumi-svc", "pulumi-svc/internal/provider-runtime", "pulumi-svc/sdk"]) {
    it(`require("${entry}") throws one line, a RunError (printed without a stack), before undici loads`, () => {
      const e = loadFails(entry);
      const line = `pulumi-svc needs Node.js ${LOWEST} or later (package.json engines ">=${LOWEST}"), found Node.js ${found}`;
      expect(e.message).toContain(line);
      expect(e.message).toContain("put a newer node first on PATH");
      expect(e.runError).toBe(true);
      expect(e.hostLine.split("\n")).toHaveLength(1);
      expectNoTrace(e.hostLine);
    });
  }
});

describe.skipIf(skipEngine("older Node.js"))(
  "a JavaScript program and its dynamic provider under the real CLI with Node.js 20",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    let emu: Emulator;
    let stack: PulumiStack;
    const cleanups: (() => Promise<void> | void)[] = [];

    beforeAll(async () => {
      emu = await startEmulator({ port: 0, fixtures: {} });
      const program =
        'new svc.Integration("inbox", { providerId: "novu", channel: "in_app", identifier: "older-node-inbox" });\n';
      const binDir = await ensurePulumiCli();
      ({ stack } = await emulatorProject({
        name: "svc-older-node",
        program,
        binDir,
        baseUrl: emu.url,
        apiKey: emu.apiKey,
        cleanups,
      }));
    }, ENGINE_TIMEOUT_MS);

    afterAll(async () => {
      for (const c of cleanups.splice(0)) await c();
      await emu?.close();
    });

    it("up fails with the program's one line, and creates nothing", async () => {
      const r = await stack.withNode(node20).up({ allowFailure: true });
      const printed = r.stdout + r.stderr;
      expect(r.code, printed).not.toBe(0);
      const line = `pulumi-svc needs Node.js ${LOWEST} or later (package.json engines ">=${LOWEST}"), found Node.js ${found}`;
      expect(linesWith(printed, line).length, printed).toBeGreaterThan(0);
      expectNoTrace(printed);
      expect(emu.integrations().filter((i) => i.identifier === "older-node-inbox")).toEqual([]);
    });

    it("a refresh of what Node.js 22 made fails in the dynamic provider with one line", async () => {
      await stack.up();
      expect(emu.integrations().filter((i) => i.identifier === "older-node-inbox")).toHaveLength(1);
      const r = await stack.withNode(node20).refresh({ allowFailure: true });
      const printed = r.stdout + r.stderr;
      expect(r.code, printed).not.toBe(0);
      const said = linesWith(printed, `pulumi-svc needs Node.js ${LOWEST} or later`);
      expect(said.length, printed).toBeGreaterThan(0);
      for (const l of said) expect(l).toContain(`found Node.js ${found}`);
      expectNoTrace(printed);
      await stack.destroy();
    });
  },
);
