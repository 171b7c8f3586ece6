/**
 * `svc.Workflow` under the real Pulumi CLI, from a JavaScript program installed from the packed tarball
 * (issue 31, "Done when"; issue 48: every step type on the emulator as the 2026 service, its default): a
 * workflow with a step of every type (in_app, email, digest, push, sms, chat, delay, throttle, custom); up; a
 * no-op preview, and another after a refresh (a chat step is stored as sent there); an
 * edited control previewed as one update naming it, then applied with every step keeping its `_id`; steps
 * reordered (each keeps its `_id`); an http_request step with a secret header (issue 49: up, clean preview
 * and refresh, a one-control edit previewed as that line, its value in plaintext nowhere); an out-of-band
 * PATCH found by refresh and undone by up; an email step without subject refused by the preview with nothing
 * written; destroy removing the stack's workflow and leaving a workflow it did not make as it was. Checked
 * in the emulator (raw HTTP, its request log) and the CLI's output. Needs `npm run build` first (the tarball
 * is packed from dist/).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { createPackedProgramFolder, type ProgramFolder } from "../../testkit/consumer/program-folder";
import { call } from "../../testkit/emulator-http";
import { ENGINE_TIMEOUT_MS, ensurePulumiCli, PulumiStack, skipEngine } from "../../testkit/pulumi-cli";

type Props = Record<string, unknown>;
type Step = { name: string; type: string; controls: Props };

const INBOX: Step = {
  name: "Inbox",
  type: "in_app",
  controls: { subject: "Welcome", body: "Hi {{subscriber.firstName}}" },
};
const MAIL: Step = {
  name: "Welcome email",
  type: "email",
  controls: { subject: "Welcome aboard", body: "<p>Hello</p>", editorType: "html" },
};
const DIGEST: Step = { name: "Batch", type: "digest", controls: { amount: 1, unit: "hours" } };
const PUSH: Step = { name: "Phone", type: "push", controls: { subject: "Welcome", body: "Open the app" } };
/** The other step types, after those the lifecycle moves: each with the controls of its type. */
const REST: Step[] = [
  { name: "Text", type: "sms", controls: { body: "Welcome!" } },
  { name: "Team", type: "chat", controls: { body: "New user: {{subscriber.email}}" } },
  { name: "Wait", type: "delay", controls: { type: "regular", amount: 10, unit: "minutes" } },
  { name: "Limit", type: "throttle", controls: { type: "fixed", amount: 1, unit: "hours", threshold: 3 } },
  { name: "Hook", type: "custom", controls: { custom: { plan: "free" } } },
];
/** An http_request step; its Authorization header is declared in `secretHeaders` ({@link CRM_SECRET}). */
const CRM: Step = {
  name: "Notify CRM",
  type: "http_request",
  controls: {
    method: "POST",
    url: "https://crm.example.com/hooks",
    headers: [{ key: "Content-Type", value: "application/json" }],
    body: [{ key: "email", value: "{{subscriber.email}}" }],
  },
};
/** The secret header's value: in plaintext nowhere but the service. */
const CRM_TOKEN = "Bearer crm-engine-5d2c";
const CRM_SECRET = { "Notify CRM": { Authorization: CRM_TOKEN } };

/** The program: one workflow with these steps (and secret headers), its step ids exported. */
function program(steps: Step[], secretHeaders?: Props): string {
  const secrets = secretHeaders === undefined ? "" : `, secretHeaders: ${JSON.stringify(secretHeaders)}`;
  return `"use strict";
const svc = require("pulumi-svc");
const wf = new svc.Workflow("onboarding", { workflowId: "onboarding", name: "Onboarding", steps: ${JSON.stringify(steps)}${secrets} });
exports.stepIds = wf.steps.apply((steps) => steps.map((s) => s.id));
exports.status = wf.status;
`;
}

let emu: Emulator;
let folder: ProgramFolder;
let stack: PulumiStack;
let theirs: Props;

function useProgram(steps: Step[], secretHeaders?: Props): void {
  writeFileSync(join(folder.dir, "index.js"), program(steps, secretHeaders));
}

/** The workflow as the emulator holds it, or undefined (404). */
async function stored(workflowId: string): Promise<(Props & { steps: Props[] }) | undefined> {
  const res = await call(emu, "GET", `/v2/workflows/${workflowId}`);
  if (res.status === 404) return undefined;
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The control values of a stored step. */
function valuesOf(step: Props | undefined): unknown {
  return ((step?.controls ?? {}) as Props).values;
}

/** Step name -> `_id`, as stored. */
async function stepIds(): Promise<Record<string, string>> {
  const w = await stored("onboarding");
  return Object.fromEntries((w?.steps ?? []).map((s) => [String(s.name), String(s._id)]));
}

/** Requests that write workflows. */
const workflowWrites = () =>
  emu.requests
    .filter((r) => r.path.startsWith("/v2/workflows") && r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);

/** The steps of a preview about the workflow, as `op`. */
function workflowOps(digest: Awaited<ReturnType<PulumiStack["preview"]>>["digest"]): string[] {
  return (digest?.steps ?? []).filter((s) => s.urn.endsWith("::onboarding")).map((s) => s.op);
}

describe.skipIf(skipEngine("workflow"))(
  "svc.Workflow (real engine, packed tarball, JavaScript program)",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    let ids: Record<string, string> = {};
    let workflowDbId = "";

    beforeAll(async () => {
      emu = await startEmulator({ port: 0 });
      // A workflow this stack did not make.
      const made = await call(emu, "POST", "/v2/workflows", {
        body: {
          workflowId: "theirs",
          name: "Theirs",
          steps: [{ name: "Text", type: "sms", controlValues: { body: "x" } }],
        },
      });
      expect(made.status).toBe(201);
      theirs = made.body.data;
      const binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({ project: "svc-workflow", files: { "index.js": "" } });
      useProgram([INBOX, MAIL, DIGEST, PUSH, ...REST]);
      stack = await PulumiStack.init({ projectDir: folder.dir, binDir });
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
    }, ENGINE_TIMEOUT_MS);

    afterAll(async () => {
      await stack?.remove().catch(() => {});
      folder?.remove();
      await emu?.close();
    });

    it("up creates the workflow with a step of every type; a second preview has no changes and reads no workflow, nor after a refresh", async () => {
      await stack.up();
      const w = await stored("onboarding");
      expect(w?.steps.map((s) => [s.name, s.type])).toEqual([
        ["Inbox", "in_app"],
        ["Welcome email", "email"],
        ["Batch", "digest"],
        ["Phone", "push"],
        ...REST.map((st) => [st.name, st.type]),
      ]);
      expect(valuesOf(w?.steps[1])).toEqual(MAIL.controls);
      // The 2026 service stores a chat step's controls as sent (no editorType added).
      expect(valuesOf(w?.steps[5])).toEqual(REST[1]?.controls);
      ids = await stepIds();
      workflowDbId = String(w?._id);
      expect((await stack.outputs()).stepIds).toEqual(Object.values(ids));
      emu.resetRequests();
      await stack.preview({ expectNoChanges: true });
      expect(emu.requests.filter((r) => r.path.startsWith("/v2/workflows"))).toEqual([]);
      await stack.refresh();
      await stack.preview({ expectNoChanges: true });
      expect(workflowWrites()).toEqual([]);
    });

    it("an edited control is one update naming the step's control; up applies it and every step keeps its _id", async () => {
      const edited = { ...MAIL, controls: { ...MAIL.controls, subject: "Glad you are here" } };
      useProgram([INBOX, edited, DIGEST, PUSH, ...REST]);
      const { digest } = await stack.preview();
      expect(workflowOps(digest)).toEqual(["update"]);
      const text = (await stack.run(["preview", "--diff"], { client: true })).stdout;
      expect(text).toMatch(/subject\s*:\s*"Welcome aboard" => "Glad you are here"/);
      expect(text).not.toMatch(/"Hi \{\{subscriber\.firstName\}\}" =>/);
      emu.resetRequests();
      await stack.up();
      expect(workflowWrites()).toEqual([`PUT /v2/workflows/${workflowDbId}`]);
      expect(valuesOf((await stored("onboarding"))?.steps[1])).toMatchObject({
        subject: "Glad you are here",
      });
      expect(await stepIds()).toEqual(ids);
      await stack.preview({ expectNoChanges: true });
    });

    it("reordered steps are an update; each step keeps its _id", async () => {
      const edited = { ...MAIL, controls: { ...MAIL.controls, subject: "Glad you are here" } };
      useProgram([INBOX, edited, PUSH, DIGEST, ...REST]);
      expect(workflowOps((await stack.preview()).digest)).toEqual(["update"]);
      await stack.up();
      const w = await stored("onboarding");
      expect(w?.steps.map((s) => s.name)).toEqual([
        "Inbox",
        "Welcome email",
        "Phone",
        "Batch",
        ...REST.map((st) => st.name),
      ]);
      expect(await stepIds()).toEqual(ids);
      await stack.preview({ expectNoChanges: true });
    });

    it("an http_request step with a secret header: up, clean preview and refresh, a one-control edit previewed as that line, its value in plaintext nowhere", async () => {
      const edited = { ...MAIL, controls: { ...MAIL.controls, subject: "Glad you are here" } };
      const steps = [INBOX, edited, PUSH, DIGEST, ...REST, CRM];
      useProgram(steps, CRM_SECRET);
      const logs: string[] = [];
      const keep = (r: { stdout: string; stderr: string }) => logs.push(r.stdout, r.stderr);
      keep(await stack.up());
      const crm = (await stored("onboarding"))?.steps[steps.length - 1];
      expect(valuesOf(crm)).toEqual({
        ...CRM.controls,
        headers: [...(CRM.controls.headers as Props[]), { key: "Authorization", value: CRM_TOKEN }],
      });
      keep(await stack.refresh({ expectNoChanges: true }));
      keep(await stack.preview({ expectNoChanges: true }));
      const url = { ...CRM, controls: { ...CRM.controls, url: "https://crm.example.com/v2/hooks" } };
      useProgram([INBOX, edited, PUSH, DIGEST, ...REST, url], CRM_SECRET);
      const diff = await stack.run(["preview", "--diff"], { client: true });
      keep(diff);
      expect(diff.stdout).toMatch(
        /url\s*:\s*"https:\/\/crm\.example\.com\/hooks" => "https:\/\/crm\.example\.com\/v2\/hooks"/,
      );
      expect(diff.stdout.match(/=>/g)?.length).toBe(1);
      expect(diff.stdout).toMatch(/~ +1 to update/);
      keep(await stack.up());
      expect((valuesOf((await stored("onboarding"))?.steps[steps.length - 1]) as Props).url).toBe(
        "https://crm.example.com/v2/hooks",
      );
      keep(await stack.preview({ expectNoChanges: true }));
      const state = JSON.stringify(await stack.exportStack());
      expect(state).toContain("Content-Type");
      expect(state).not.toContain(CRM_TOKEN);
      expect(JSON.stringify(await stack.outputs())).not.toContain(CRM_TOKEN);
      expect(logs.join("\n")).not.toContain(CRM_TOKEN);
      expect(await stepIds()).toEqual(expect.objectContaining(ids));
    });

    it("an out-of-band PATCH is found by refresh, previewed as an update and undone by up", async () => {
      const patched = await call(emu, "PATCH", "/v2/workflows/onboarding", {
        body: { name: "Edited in the dashboard" },
      });
      expect(patched.status).toBe(200);
      await stack.refresh();
      const { digest } = await stack.preview();
      expect(workflowOps(digest)).toEqual(["update"]);
      const text = (await stack.run(["preview", "--diff"], { client: true })).stdout;
      expect(text).toMatch(/name\s*:\s*"Edited in the dashboard" => "Onboarding"/);
      await stack.up();
      expect((await stored("onboarding"))?.name).toBe("Onboarding");
      expect(await stepIds()).toEqual(expect.objectContaining(ids));
      await stack.preview({ expectNoChanges: true });
    });

    it("an email step without subject is refused by the preview, naming it; nothing is written", async () => {
      const before = await stored("onboarding");
      const { subject: _subject, ...rest } = MAIL.controls;
      useProgram([INBOX, { ...MAIL, controls: rest }, PUSH, DIGEST, ...REST]);
      emu.resetRequests();
      const preview = await stack.preview({ allowFailure: true });
      expect(preview.code).not.toBe(0);
      const messages = (preview.digest?.diagnostics ?? []).map((d) => d.message).join("\n");
      expect(messages).toContain('steps[1] "Welcome email": controls.subject: Subject is required');
      const up = await stack.up({ allowFailure: true });
      expect(up.code).not.toBe(0);
      expect(workflowWrites()).toEqual([]);
      expect(await stored("onboarding")).toEqual(before);
    });

    it("destroy removes the stack's workflow and leaves the one it did not make as it was", async () => {
      await stack.destroy();
      expect(await stored("onboarding")).toBeUndefined();
      expect(await stored("theirs")).toEqual(theirs);
    });
  },
);
