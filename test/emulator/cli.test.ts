import { type ChildProcess, spawn } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { call } from "../../testkit/emulator-http";

const root = join(__dirname, "..", "..");
const out = mkdtempSync(join(tmpdir(), "emu-cli-"));

/** Transpiles emulator/ and node-support/ (its Node.js check) to CommonJS (as the build does), independent of a stale dist/. */
function transpile(dir: string): void {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = join(dir, entry.name);
    if (entry.isDirectory()) transpile(rel);
    else if (entry.name.endsWith(".json")) {
      mkdirSync(dirname(join(out, rel)), { recursive: true });
      cpSync(join(root, rel), join(out, rel));
    } else if (entry.name.endsWith(".ts")) {
      const js = ts.transpileModule(readFileSync(join(root, rel), "utf8"), {
        compilerOptions: {
          module: ts.ModuleKind.CommonJS,
          target: ts.ScriptTarget.ES2023,
          esModuleInterop: true,
          resolveJsonModule: true,
        },
      }).outputText;
      mkdirSync(dirname(join(out, rel)), { recursive: true });
      writeFileSync(join(out, rel.replace(/\.ts$/, ".js")), js);
    }
  }
}

const children: ChildProcess[] = [];

/** Starts the CLI and resolves with its first lines of output once it printed its URL. */
function startCli(args: string[]): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [join(out, "emulator", "cli.js"), ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let text = "";
  child.stdout?.on("data", (d: Buffer) => {
    text += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    text += d.toString();
  });
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (text.includes("Ctrl-C")) resolve({ child, output: () => text });
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`cli exited with ${code}: ${text}`)));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

beforeAll(() => {
  transpile("emulator");
  transpile("node-support");
  symlinkSync(join(root, "node_modules"), join(out, "node_modules"), "dir");
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(out, { recursive: true, force: true });
});

describe("CLI (npm run emulator)", () => {
  it("prints its base URL and keys, serves the demo fixtures, stops cleanly on SIGTERM", async () => {
    const { child, output } = await startCli(["--port", "0"]);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
    expect(url).toBeDefined();
    expect(output()).toContain("API key emu_dev_key");
    expect(output()).toContain("API key emu_prod_key");
    const emu = { url, apiKey: "emu_dev_key" } as Emulator;
    const res = await call(emu, "GET", "/v1/integrations/active");
    expect(res.status).toBe(200);
    // The demo data beside what organization creation gives each environment (its Novu Inbox).
    expect(
      res.body.data
        .map((i: { identifier: string }) => i.identifier.replace(/^novu-inbox-.*/, "novu-inbox"))
        .sort(),
    ).toEqual(["fcm-main", "novu-inbox", "novu-inbox", "slack-main"]);
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
  });

  it("takes --api-key, --rate-limit, --fail-rate and --fixtures none, and stops on SIGINT", async () => {
    const { child, output } = await startCli([
      "--port",
      "0",
      "--api-key",
      "my-key",
      "--rate-limit",
      "1",
      "--fail-rate",
      "1",
      "--fixtures",
      "none",
    ]);
    const url = /listening on (http:\/\/[\d.:]+)/.exec(output())?.[1];
    expect(output()).toContain("API key my-key");
    expect(output()).not.toContain("emu_dev_key");
    const res = await call({ url, apiKey: "my-key" } as Emulator, "GET", "/v1/integrations");
    expect(res.status).toBe(503);
    expect(res.headers["ratelimit-limit"]).toBe("5");
    child.kill("SIGINT");
    expect(await exited(child)).toBe(0);
  });

  it("takes --mode (repeatable): a server that derives workflowIds from names and answers a missing workflow 400", async () => {
    const { child, output } = await startCli([
      "--port",
      "0",
      "--fixtures",
      "none",
      "--mode",
      "workflowIdFromName",
      "--mode",
      "missingWorkflowAs400",
    ]);
    const url = /listening on (http:\/\/[\d.:]+)/.exec(output())?.[1];
    const emu = { url, apiKey: "emu_dev_key" } as Emulator;
    const made = await call(emu, "POST", "/v2/workflows", {
      body: { workflowId: "given", name: "From Name", steps: [] },
    });
    expect(made.body.data.workflowId).toBe("from-name");
    expect((await call(emu, "GET", "/v2/workflows/nope")).status).toBe(400);
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
  });

  it("fails with usage on a bad flag", async () => {
    const child = spawn(process.execPath, [join(out, "emulator", "cli.js"), "--latency", "soon"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let err = "";
    child.stderr?.on("data", (d: Buffer) => {
      err += d.toString();
    });
    expect(await exited(child)).toBe(1);
    expect(err).toContain("--latency must be a number");
    expect(err).toContain("Usage: npm run emulator");
  });
});
