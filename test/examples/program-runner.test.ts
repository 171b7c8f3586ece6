/**
 * The ProgramRunner itself: a program's check failure, a program that throws, and a resource dropped from
 * the program, each reported as the engine would. Programs are small CommonJS files in a temp directory.
 * Needs `npm run build` first.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { secret, startHarness } from "../../testkit/harness";
import { repoRoot } from "../../testkit/harness/repo-root";
import { SECRET_OUTPUTS } from "../../testkit/programs/example-setup";
import { ProgramRunner } from "../../testkit/programs/program-runner";

let emu: Emulator;
let dir: string;

beforeAll(async () => {
  emu = await startEmulator();
  dir = mkdtempSync(join(tmpdir(), "program-runner-"));
});
afterAll(async () => {
  await emu.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes a program whose body sees `pulumi`, `svc` and `cfg`; returns a runner for it. */
function program(name: string, body: string): ProgramRunner {
  const file = join(dir, `${name}.js`);
  writeFileSync(
    file,
    `const pulumi = require(${JSON.stringify(join(repoRoot(), "node_modules/@pulumi/pulumi"))});
const svc = require(${JSON.stringify(join(repoRoot(), "node_modules/pulumi-svc"))});
const cfg = new pulumi.Config();
${body}`,
  );
  const config = { "svc:apiKey": secret(emu.apiKey), "svc:baseUrl": emu.url };
  return new ProgramRunner(() => startHarness({ config }), {
    program: file,
    project: "runner-test",
    secretOutputs: SECRET_OUTPUTS,
  });
}

const run = (extra: Record<string, string> = {}) => ({
  config: { "svc:apiKey": emu.apiKey, "svc:baseUrl": emu.url, ...extra },
  secretKeys: ["svc:apiKey"],
});

describe("ProgramRunner", () => {
  it("a check failure stops the run with the property named, nothing created", async () => {
    const p = program("bad", `new svc.Integration("pager", { providerId: "x", channel: "pager" });`);
    const r = await p.up(run());
    expect(r.error).toMatch(/check failed: channel: .*in_app, email, sms, chat, push/);
    expect(r.steps.map((s) => s.op)).toEqual(["create"]);
    expect(r.steps[0]?.check?.failures.map((f) => f.property)).toContain("channel");
    expect(p.engine.state.size).toBe(0);
    expect(emu.integrations()).toEqual([]);
  });

  it("a program that throws is reported with its message", async () => {
    const p = program("throws", `throw new Error("program broke on purpose");`);
    const r = await p.preview(run());
    expect(r.error).toContain("program broke on purpose");
    expect(r.steps).toEqual([]);
  });

  it("exports become outputs; a resource dropped from the program is deleted by the next up", async () => {
    const p = program(
      "toggle",
      `const a = new svc.Integration("a", { providerId: "discord", channel: "chat", identifier: "runner-a" });
if (cfg.getBoolean("withB")) new svc.Integration("b", { providerId: "slack", channel: "chat", identifier: "runner-b" });
exports.a = a.identifier;`,
    );
    const first = await p.up(run({ "runner-test:withB": "true" }));
    expect(first.error).toBeUndefined();
    expect(first.outputs).toEqual({ a: "runner-a" });
    expect(
      emu
        .integrations()
        .map((i) => i.identifier)
        .sort(),
    ).toEqual(["runner-a", "runner-b"]);
    const second = await p.up(run());
    expect(second.steps.map((s) => [s.urn.split("::").pop(), s.op])).toEqual([
      ["a", "same"],
      ["b", "delete"],
    ]);
    expect(emu.integrations().map((i) => i.identifier)).toEqual(["runner-a"]);
    await p.engine.destroy();
    expect(emu.integrations()).toEqual([]);
  });
});
