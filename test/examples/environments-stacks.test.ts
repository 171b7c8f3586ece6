/**
 * examples/environments-stacks under mocks: one program, two stacks (dev with emu_dev_key, prod with emu_prod_key)
 * whose settings come from the shipped Pulumi.dev.yaml / Pulumi.prod.yaml, against one emulator with no
 * fixtures. Needs `npm run build` first.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEV_KEY, DEFAULT_PROD_KEY, type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import { repoRoot } from "../../testkit/harness/repo-root";
import {
  exampleRunner,
  expectNoPlaintext,
  ok,
  ops,
  programConfig,
  writes,
} from "../../testkit/programs/example-setup";
import type { ProgramRunner, RunOptions } from "../../testkit/programs/program-runner";

const PROJECT_DIR = join(repoRoot(), "examples/environments-stacks");
const STACKS = ["dev", "prod"] as const;
type Stack = (typeof STACKS)[number];
const KEYS: Record<Stack, string> = { dev: DEFAULT_DEV_KEY, prod: DEFAULT_PROD_KEY };
const SENDGRID: Record<Stack, string> = { dev: "SG.env-test-dev-31d", prod: "SG.env-test-prod-8e0" };

/** The `config:` entries of a shipped stack file (flat `key: value` lines). */
function stackFile(stack: Stack): Record<string, string> {
  const out: Record<string, string> = {};
  const text = readFileSync(join(PROJECT_DIR, `Pulumi.${stack}.yaml`), "utf8");
  for (const m of text.matchAll(/^ {2}([\w:-]+):\s*"?([^"\n]*)"?\s*$/gm)) out[m[1]!] = m[2]!;
  return out;
}

let emu: Emulator;
const runners = {} as Record<Stack, ProgramRunner>;

beforeAll(async () => {
  emu = await startEmulator();
  for (const s of STACKS)
    runners[s] = exampleRunner(emu, "environments-stacks", "svc-environments-stacks", {
      apiKey: KEYS[s],
      cwd: PROJECT_DIR,
    });
});
afterAll(async () => {
  await emu.close();
});

function run(stack: Stack, edits: Record<string, string> = {}): RunOptions {
  const file = stackFile(stack);
  delete file["svc:baseUrl"]; // the emulator of this test listens elsewhere
  return {
    ...programConfig(
      emu,
      { ...file, "svc-environments-stacks:sendgridApiKey": SENDGRID[stack], ...edits },
      ["svc-environments-stacks:sendgridApiKey"],
      KEYS[stack],
    ),
    stack,
    cwd: PROJECT_DIR,
  };
}

const envOf = (stack: Stack) => emu.keys.find((k) => k.apiKey === KEYS[stack])!.environmentId;
const inEnv = (stack: Stack) => emu.integrations().filter((i) => i._environmentId === envOf(stack));

describe("environments program, two stacks", () => {
  it("the shipped stack files carry each stack's settings but no key", () => {
    expect(stackFile("dev")).toMatchObject({
      "svc-environments-stacks:emailFrom": "dev-noreply@example.com",
    });
    expect(stackFile("prod")).toMatchObject({ "svc-environments-stacks:activateEmail": "true" });
    for (const s of STACKS) expect(Object.keys(stackFile(s))).not.toContain("svc:apiKey");
  });

  it("preview of each stack plans creates and writes nothing", async () => {
    emu.resetRequests();
    for (const s of STACKS) {
      const r = ok(await runners[s].preview(run(s)));
      expect(ops(r)).toEqual([
        ["chat", "create"],
        ["email", "create"],
      ]);
    }
    expect(writes(emu)).toEqual([]);
  });

  it("up of each stack lands in its key's environment with its own settings", async () => {
    const outputs = {} as Record<Stack, Record<string, unknown>>;
    for (const s of STACKS) outputs[s] = ok(await runners[s].up(run(s))).outputs;
    expect(envOf("dev")).not.toBe(envOf("prod"));
    for (const s of STACKS) {
      expect(outputs[s].environmentId).toBe(envOf(s));
      expect(
        inEnv(s)
          .map((i) => i.channel)
          .sort(),
      ).toEqual(["chat", "email"]);
    }
    const email = (s: Stack) => inEnv(s).find((i) => i.channel === "email")!;
    expect([email("dev").active, email("prod").active]).toEqual([false, true]);
    expect(email("dev").credentials).toMatchObject({ from: "dev-noreply@example.com", apiKey: SENDGRID.dev });
    expect(email("prod").credentials).toMatchObject({ from: "noreply@example.com", apiKey: SENDGRID.prod });
    expect(outputs.dev.identifiers).not.toEqual(outputs.prod.identifiers);
    expect(outputs.prod.emailActive).toBe(true);
  });

  it("second up of each stack: no changes", async () => {
    emu.resetRequests();
    for (const s of STACKS)
      expect(ops(ok(await runners[s].up(run(s)))).map(([, op]) => op)).toEqual(["same", "same"]);
    expect(writes(emu)).toEqual([]);
  });

  it("an edit to prod's settings updates prod only", async () => {
    const devBefore = JSON.stringify(inEnv("dev"));
    const r = ok(await runners.prod.up(run("prod", { "svc-environments-stacks:activateEmail": "false" })));
    expect(ops(r)).toEqual([
      ["chat", "same"],
      ["email", "update"],
    ]);
    expect(inEnv("prod").find((i) => i.channel === "email")?.active).toBe(false);
    expect(JSON.stringify(inEnv("dev"))).toBe(devBefore);
  });

  it("refresh after an out-of-band delete in dev; the next up recreates it", async () => {
    const chat = inEnv("dev").find((i) => i.channel === "chat")!;
    const client = new SvcClient({ apiKey: KEYS.dev, baseUrl: emu.url });
    try {
      await client.integrations.delete(chat._id!);
    } finally {
      await client.close();
    }
    const refreshed = await runners.dev.engine.refresh();
    expect(refreshed.map((s) => [s.urn.split("::").pop(), s.op]).sort()).toEqual([
      ["chat", "gone"],
      ["email", "read"],
    ]);
    expect(ops(ok(await runners.dev.up(run("dev"))))).toEqual([
      ["chat", "create"],
      ["email", "same"],
    ]);
    expect(inEnv("dev")).toHaveLength(2);
  });

  it("destroy of both stacks leaves the emulator empty; no key or credential in plaintext", async () => {
    for (const s of STACKS) {
      const down = await runners[s].engine.destroy();
      expect(down.map((d) => [d.op, d.error])).toEqual([
        ["delete", undefined],
        ["delete", undefined],
      ]);
    }
    expect(emu.integrations()).toEqual([]);
    for (const s of STACKS) expectNoPlaintext(runners[s], [KEYS.dev, KEYS.prod, SENDGRID.dev, SENDGRID.prod]);
  });
});
