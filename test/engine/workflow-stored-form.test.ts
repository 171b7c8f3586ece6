/**
 * Issue 37, "Done when", under the real Pulumi CLI against the emulator that stores workflows as Novu does
 * (chat editorType resolved, preferences completed), playing the newest service (`serviceVersion: "newest"`:
 * the chat rule is the newest files'; test/engine/workflow.test.ts runs every step type on the April 2026 one): a workflow with in_app, email (html), chat (no
 * editorType), push, sms, digest, delay, throttle and custom steps and partial preferences; `up`, `preview
 * --expect-no-changes`, `refresh`, `preview --expect-no-changes`, from a JavaScript program and from a YAML
 * program (through pulumi-resource-svc). On the JavaScript path also: a resource named `welcome - new
 * users` gets a workflowId the service accepts; an email step that would lose its body fails the preview
 * and `up` with nothing written; a difference only the service's answer holds previews naming its property.
 * Needs `npm run build` first (the tarball is packed from dist/).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { WORKFLOW_ID_PATTERN } from "../../provider/default-identifier";
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../../testkit/consumer/program-folder";
import { call } from "../../testkit/emulator-http";
import { ENGINE_TIMEOUT_MS, ensurePulumiCli, PulumiStack, skipEngine } from "../../testkit/pulumi-cli";

type Props = Record<string, unknown>;

/** One step of every type; the chat step leaves editorType out (the service sets it). */
const EVERY_STEP = [
  { name: "Inbox", type: "in_app", controls: { subject: "Welcome", body: "Hi {{subscriber.firstName}}" } },
  { name: "Mail", type: "email", controls: { subject: "Welcome", body: "<p>Hello</p>", editorType: "html" } },
  { name: "Chat", type: "chat", controls: { body: "Welcome aboard" } },
  { name: "Phone", type: "push", controls: { subject: "Welcome", body: "Open the app" } },
  { name: "Text", type: "sms", controls: { body: "Welcome" } },
  { name: "Batch", type: "digest", controls: { amount: 1, unit: "hours" } },
  { name: "Wait", type: "delay", controls: { amount: 5, unit: "minutes" } },
  { name: "Limit", type: "throttle", controls: { type: "fixed", amount: 1, unit: "hours" } },
  { name: "Hook", type: "custom", controls: { custom: { plan: "pro" } } },
];
/** Partial preferences: the service completes them (buildWorkflowPreferences.ts). */
const PREFERENCES = { workflow: { all: { enabled: true }, channels: { sms: { enabled: false } } } };
const ONBOARDING = {
  workflowId: "onboarding",
  name: "Onboarding",
  preferences: PREFERENCES,
  steps: EVERY_STEP,
};

/** The workflow as the emulator holds it, or undefined (404). */
async function stored(emu: Emulator, workflowId: string): Promise<(Props & { steps: Props[] }) | undefined> {
  const res = await call(emu, "GET", `/v2/workflows/${workflowId}`);
  if (res.status === 404) return undefined;
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Requests that write workflows. */
function workflowWrites(emu: Emulator): string[] {
  return emu.requests
    .filter((r) => r.path.startsWith("/v2/workflows") && r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);
}

/** What the service made of the declaration: a chat editorType and five channels it was not sent. */
async function expectRewritten(emu: Emulator): Promise<void> {
  const w = await stored(emu, "onboarding");
  if (w === undefined) throw new Error("workflow onboarding is not stored");
  expect(w.steps[2]?.controls).toMatchObject({ values: { editorType: "text" } });
  const prefs = (w.preferences as Props).default as Props;
  expect(Object.keys(prefs.channels as Props).sort()).toEqual(["chat", "email", "in_app", "push", "sms"]);
}

describe.skipIf(skipEngine("workflow-stored-form"))(
  "workflows as the service stores them, JavaScript program",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    let emu: Emulator;
    let folder: ProgramFolder;
    let stack: PulumiStack;

    function useProgram(onboarding: Props, extra = ""): void {
      writeFileSync(
        join(folder.dir, "index.js"),
        `"use strict";
const svc = require("pulumi-svc");
new svc.Workflow("onboarding", ${JSON.stringify(onboarding)});
const welcome = new svc.Workflow("welcome - new users", { name: "Welcome", steps: [${JSON.stringify(EVERY_STEP[0])}] });
exports.welcomeId = welcome.workflowId;
${extra}`,
      );
    }

    beforeAll(async () => {
      emu = await startEmulator({ port: 0, serviceVersion: "newest" });
      const binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({ project: "svc-wf-stored", files: { "index.js": "" } });
      useProgram(ONBOARDING);
      stack = await PulumiStack.init({ projectDir: folder.dir, binDir });
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
    }, ENGINE_TIMEOUT_MS);

    afterAll(async () => {
      await stack?.remove().catch(() => {});
      folder?.remove();
      await emu?.close();
    });

    it("up, then no changes; refresh, then no changes", async () => {
      await stack.up();
      await expectRewritten(emu);
      await stack.preview({ expectNoChanges: true });
      await stack.refresh();
      await stack.preview({ expectNoChanges: true });
    });

    it("`welcome - new users` gets a workflowId the service accepts", async () => {
      const id = String((await stack.outputs()).welcomeId);
      expect(id).toMatch(/^welcome-new-users-[0-9a-f]{8}$/);
      expect(id).toMatch(WORKFLOW_ID_PATTERN);
      expect((await stored(emu, id))?.name).toBe("Welcome");
    });

    it("an email step that would lose its body fails the preview and up; nothing is written", async () => {
      const before = await stored(emu, "onboarding");
      const steps = EVERY_STEP.map((s) =>
        s.name === "Mail" ? { ...s, controls: { ...s.controls, editorType: "block" } } : s,
      );
      useProgram({ ...ONBOARDING, steps });
      emu.resetRequests();
      const preview = await stack.preview({ allowFailure: true });
      expect(preview.code).not.toBe(0);
      const messages = (preview.digest?.diagnostics ?? []).map((d) => d.message).join("\n");
      expect(messages).toContain('steps[1] "Mail": controls.body: with editorType "block" the body must be');
      const up = await stack.up({ allowFailure: true });
      expect(up.code).not.toBe(0);
      expect(workflowWrites(emu)).toEqual([]);
      expect(await stored(emu, "onboarding")).toEqual(before);
    });

    it("a difference only the service's answer holds previews naming its property", async () => {
      useProgram(ONBOARDING);
      await stack.preview({ expectNoChanges: true });
      // Stored otherwise than declared, without a refresh: the state's outputs hold it, the inputs do not.
      const state = await stack.exportStack();
      for (const r of state.deployment.resources ?? []) {
        const outs = r.outputs as Props | undefined;
        if (outs?.workflowId === "onboarding") outs.name = "Renamed in state";
      }
      await stack.importStack(state);
      const text = (await stack.run(["preview", "--diff"], { client: true })).stdout;
      expect(text).toMatch(/~ pulumi-nodejs:dynamic\/svc:Workflow: \(update\)/);
      expect(text).toMatch(/~ name\s*:\s*"Renamed in state" => "Onboarding"/);
      await stack.up();
      await stack.preview({ expectNoChanges: true });
    });
  },
);

describe.skipIf(skipEngine("workflow-stored-form"))(
  "workflows as the service stores them, YAML program",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    let emu: Emulator;
    let folder: ProgramFolder;
    let stack: PulumiStack;

    beforeAll(async () => {
      emu = await startEmulator({ port: 0, serviceVersion: "newest" });
      const binDir = await ensurePulumiCli();
      // The resources as JSON (a YAML flow mapping), so the steps are exactly the JavaScript program's.
      const resources = { onboarding: { type: "svc:index:Workflow", properties: ONBOARDING } };
      const program = `name: svc-wf-stored-yaml\nruntime: yaml\nresources: ${JSON.stringify(resources)}\n`;
      folder = await createPackedProgramFolder({
        project: "svc-wf-stored-yaml",
        files: { "Pulumi.yaml": program },
      });
      stack = await PulumiStack.init({
        projectDir: folder.dir,
        binDir,
        env: { PATH: programPath(folder, binDir) },
      });
      expect(stack.runtime).toBe("yaml");
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
    }, ENGINE_TIMEOUT_MS);

    afterAll(async () => {
      await stack?.remove().catch(() => {});
      folder?.remove();
      await emu?.close();
    });

    it("up, then no changes; refresh, then no changes", async () => {
      await stack.up();
      await expectRewritten(emu);
      await stack.preview({ expectNoChanges: true });
      await stack.refresh();
      await stack.preview({ expectNoChanges: true });
    });
  },
);
