/**
 * examples/workflows-environments under the real Pulumi CLI: the workflows of `workflows.json` written to
 * development and production in one stack, each environment through its own `svc.Provider` (production is
 * written directly with its key). up puts the same workflows, steps and controls in both environments
 * (statuses `ACTIVE`); a second preview has no changes; a pull request that edits one control in the file
 * shows, in the text `pulumi preview --diff` comments on the PR (examples/ci/pulumi-preview.yml), an update of
 * that workflow in each environment naming the control with its old and new value, and nothing else, and
 * writes nothing; destroy leaves neither environment a workflow of the stack. No key in any output. Needs
 * `npm run build` first (the program is compiled into dist/examples/).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEV_KEY, DEFAULT_PROD_KEY, type Emulator, startEmulator } from "../../emulator";
import { call } from "../../testkit/emulator-http";
import { repoRoot } from "../../testkit/harness/repo-root";
import { writes } from "../../testkit/programs/example-setup";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  plaintextHits,
  skipEngine,
} from "../../testkit/pulumi-cli";

const PROJECT_DIR = join(repoRoot(), "examples/workflows-environments");
const WORKFLOWS_FILE = readFileSync(join(PROJECT_DIR, "workflows.json"), "utf8");
const ENVS = ["dev", "prod"] as const;
type Env = (typeof ENVS)[number];
const KEYS: Record<Env, string> = { dev: DEFAULT_DEV_KEY, prod: DEFAULT_PROD_KEY };

type Stored = { workflowId: string; name: string; status: string; steps: Record<string, unknown>[] };

let emu: Emulator;
let stack: PulumiStack;
let scratch: string;
let printed = "";

/** The workflows of an environment (read with its key), each with its steps' names, types and controls. */
async function workflowsOf(env: Env): Promise<Stored[]> {
  const list = await call(emu, "GET", "/v2/workflows?limit=100", { key: KEYS[env] });
  expect(list.status).toBe(200);
  const ids = (list.body.data.workflows as { workflowId: string }[]).map((w) => w.workflowId).sort();
  const out: Stored[] = [];
  for (const id of ids) {
    const one = await call(emu, "GET", `/v2/workflows/${id}`, { key: KEYS[env] });
    expect(one.status).toBe(200);
    const w = one.body.data as Stored;
    const steps = w.steps.map((s) => ({ name: s.name, type: s.type, controls: s.controls }));
    out.push({ workflowId: w.workflowId, name: w.name, status: w.status, steps });
  }
  return out;
}

/** The block of `pulumi preview --diff` text that describes the resource named `name`. */
function previewBlock(text: string, name: string): string {
  return text.split(/\n(?= {4}[+~-]+ \S+: \()/).find((b) => b.includes(`::${name}]`)) ?? "";
}

describe.skipIf(skipEngine("workflows-environments"))(
  "examples/workflows-environments under the real Pulumi engine: the same workflows in dev and prod",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({ fixtures: "none" }); // a new organization: each environment has its Inbox
      scratch = mkdtempSync(join(tmpdir(), "svc-wf-envs-"));
      stack = await PulumiStack.init({ projectDir: PROJECT_DIR, binDir: await ensurePulumiCli() });
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setConfig("svc-workflows-environments:devKey", KEYS.dev, { secret: true });
      await stack.setConfig("svc-workflows-environments:prodKey", KEYS.prod, { secret: true });
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await stack?.destroy({ allowFailure: true });
      await stack?.remove();
      await emu?.close();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    });

    it("up writes the file's workflows to both environments, identical and ACTIVE; a second preview has no changes", async () => {
      const up = await stack.up();
      printed += up.stdout + up.stderr;
      const dev = await workflowsOf("dev");
      expect(dev.map((w) => [w.workflowId, w.status])).toEqual([
        ["activity-digest", "ACTIVE"],
        ["welcome-aboard", "ACTIVE"],
      ]);
      expect(await workflowsOf("prod")).toEqual(dev);
      const outputs = await stack.outputs();
      for (const e of ENVS) {
        expect(outputs[e]).toMatchObject({
          workflows: { "welcome-aboard": "ACTIVE", "activity-digest": "ACTIVE" },
        });
      }
      const again = await stack.preview({ expectNoChanges: true });
      printed += again.stdout + again.stderr;
    });

    it("a pull request editing one control: the preview text updates that workflow in both environments, naming the control; nothing is written", async () => {
      const edited = WORKFLOWS_FILE.replace('"subject": "Getting started"', '"subject": "Your first steps"');
      expect(edited).not.toBe(WORKFLOWS_FILE);
      const file = join(scratch, "workflows.json");
      writeFileSync(file, edited);
      await stack.setConfig("svc-workflows-environments:workflowsFile", file);
      emu.resetRequests();
      const text = (await stack.run(["preview", "--diff"], { client: true })).stdout;
      printed += text;
      for (const e of ENVS) {
        const block = previewBlock(text, `${e}-welcome-aboard`);
        expect(block, text).toMatch(/^ {4}~ pulumi-nodejs:dynamic\/svc:Workflow: \(update\)/);
        expect(block).toMatch(/subject\s*:\s*"Getting started" => "Your first steps"/);
        expect(block).not.toMatch(/"Welcome" =>/);
        expect(previewBlock(text, `${e}-activity-digest`)).not.toMatch(/\(update\)/);
      }
      expect(text).toMatch(/~ 2 to update/);
      expect(writes(emu)).toEqual([]);
    });

    it("destroy leaves neither environment a workflow; no key appears in any output", async () => {
      const destroy = await stack.destroy();
      printed += destroy.stdout + destroy.stderr;
      for (const e of ENVS) expect(await workflowsOf(e)).toEqual([]);
      expect(plaintextHits(printed, [KEYS.dev, KEYS.prod])).toEqual({});
    });
  },
);
