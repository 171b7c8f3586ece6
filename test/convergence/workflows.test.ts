/**
 * Workflows in the convergence suite without the CLI: the generator's workflow draws (testkit/convergence/
 * workflow-generator.ts) and the oracle's workflow rules (workflow-oracle.ts) and kept-step watch
 * (step-id-watch.ts) on a real emulator, written to over raw HTTP as a provider or the dashboard would.
 * The oracle must fail on what the contract forbids (a control or the step order not as declared, a
 * declared field not as declared, a workflow left that no stack declares, the application's workflow
 * changed or removed, a kept step with a new `_id`) and pass on what it allows (fields left out of the
 * program holding anything, the application's own workflows).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { completeControlValuesSchemas } from "../../sdk/schemas";
import {
  applyEdit,
  checkService,
  defaultIdentifier,
  foreignEntriesOf,
  generateScript,
  type OracleContext,
  type ProgramModel,
  readService,
  renderProgram,
  renderYamlProgram,
  type Script,
  STEP_TYPES,
  StepIdWatch,
  SUBSCRIBERS,
  stepsValid,
  type WorkflowDecl,
} from "../../testkit/convergence";
import { convergenceFixtures, createForeignWorkflows } from "../../testkit/convergence/fixtures";
import { call } from "../../testkit/emulator-http";

const SEEDS = Array.from({ length: 40 }, (_, n) => n + 1);

/** Every model a script's program goes through. */
function models(script: Script): ProgramModel[] {
  const out = [script.initial];
  let m = script.initial;
  for (const s of script.steps) {
    if (s.op !== "edit") continue;
    m = applyEdit(m, s.edit) ?? m;
    out.push(m);
  }
  return out;
}

const isWorkflowStep = (s: Script["steps"][number]) =>
  (s.op === "edit" && /workflow|step|controls/.test(s.edit.edit)) ||
  (s.op === "oob" && /workflow/.test(s.action.oob));

describe("the workflow draws of the convergence generator", () => {
  it("leave the rest of each seed's script as it was without them", () => {
    for (const seed of SEEDS) {
      const withWorkflows = generateScript(seed, { steps: 16, layoutsAndTopics: false });
      const without = generateScript(seed, { steps: 16, workflows: false, layoutsAndTopics: false });
      const rest = withWorkflows.steps
        .filter((s) => !isWorkflowStep(s))
        .map((s) => (s.op === "up-replace" ? { op: s.op } : s));
      expect(rest).toEqual(without.steps.map((s) => (s.op === "up-replace" ? { op: s.op } : s)));
      expect({ ...withWorkflows.initial, workflows: [] }).toEqual(without.initial);
    }
  });

  it("declare valid workflows whose every step's controls the service stores without issues", () => {
    for (const seed of SEEDS)
      for (const m of models(generateScript(seed, { steps: 16 }))) {
        const ids = (m.workflows ?? []).flatMap((w) => (w.workflowId ? [w.workflowId] : []));
        expect(new Set(ids).size, `seed ${seed}`).toBe(ids.length);
        for (const w of m.workflows ?? []) {
          expect(stepsValid(w.steps), `seed ${seed} ${w.name}`).toBe(true);
          for (const s of w.steps) {
            const parsed = completeControlValuesSchemas[s.type].safeParse(s.controls);
            expect(parsed.success, `seed ${seed} ${w.name}/${s.name}: ${JSON.stringify(s.controls)}`).toBe(
              true,
            );
          }
        }
      }
  });

  it("cover every step type, every workflow edit, every out-of-band change and a forced replacement", () => {
    const scripts = SEEDS.map((seed) => generateScript(seed, { steps: 16 }));
    const steps = scripts.flatMap((s) => s.steps);
    const all = scripts.flatMap(models).flatMap((m) => m.workflows ?? []);
    const types = new Set(all.flatMap((w) => w.steps.map((s) => s.type)));
    expect([...types].sort()).toEqual([...STEP_TYPES].sort());
    const edits = new Set(steps.flatMap((s) => (s.op === "edit" ? [s.edit.edit] : [])));
    for (const e of [
      "add-step",
      "remove-step",
      "move-step",
      "set-controls",
      "set-workflow",
      "set-workflow-id",
    ])
      expect(edits.has(e as never), e).toBe(true);
    const oob = new Set(steps.flatMap((s) => (s.op === "oob" ? [s.action.oob] : [])));
    for (const o of ["patch-workflow", "edit-workflow-control", "delete-workflow", "foreign-workflow"])
      expect(oob.has(o as never), o).toBe(true);
    const names = new Set(all.map((w) => w.name));
    expect(steps.some((s) => s.op === "up-replace" && names.has(s.resource))).toBe(true);
    expect(all.some((w) => w.workflowId === undefined)).toBe(true);
    expect(all.filter((w) => w.workflowId !== undefined).length).toBeGreaterThan(all.length / 2);
  });

  it("render workflows in both programs", () => {
    const script = SEEDS.map((seed) => generateScript(seed, { steps: 8 })).find((s) =>
      (s.initial.workflows ?? []).some((w) => w.workflowId !== undefined),
    )!;
    const w = script.initial.workflows!.find((x) => x.workflowId !== undefined)!;
    const js = renderProgram(script.initial);
    expect(js).toContain(
      `new svc.Workflow(${JSON.stringify(w.name)}, { workflowId: ${JSON.stringify(w.workflowId)}`,
    );
    expect(js).toContain(`"controls":${JSON.stringify(w.steps[0]!.controls)}`);
    const yaml = renderYamlProgram(script.initial, { project: "p", stack: "s" });
    expect(yaml).toContain(`  ${JSON.stringify(w.name)}:\n    type: svc:index:Workflow`);
    expect(yaml).toContain(`      workflowId: ${JSON.stringify(w.workflowId)}`);
  });
});

/** A declared workflow of the tests. */
const DECL: WorkflowDecl = {
  name: "welcome",
  workflowId: "t-welcome",
  title: "Welcome",
  tags: ["a"],
  steps: [
    { name: "Inbox", type: "in_app", controls: { subject: "Hi", body: "Hello" } },
    { name: "Wait", type: "delay", controls: { type: "regular", amount: 5, unit: "minutes" } },
    { name: "Mail", type: "email", controls: { subject: "Hi", body: "<p>Hello</p>", editorType: "html" } },
  ],
};
const MODEL: ProgramModel = { integrations: [], credentials: [], sets: [], workflows: [DECL] };
const VIEW = { project: "p", stack: "s", model: MODEL };
const EMPTY: ProgramModel = { integrations: [], credentials: [], sets: [] };

/** The create body a provider sends for `decl` (with `workflowId`). */
const createBody = (decl: WorkflowDecl, workflowId = decl.workflowId) => ({
  workflowId,
  name: decl.title,
  active: decl.active ?? true,
  ...(decl.tags ? { tags: decl.tags } : {}),
  steps: decl.steps.map((s) => ({ name: s.name, type: s.type, controlValues: s.controls })),
});

describe("the workflow rules of the oracle, on the emulator", () => {
  let emu: Emulator;
  let ctx: OracleContext;
  const stored = () => emu.workflows(emu.keys[0]!.environmentId);
  const path = (id: string) => `/v2/workflows/${id}`;
  const check = (model = MODEL) =>
    checkService([{ ...VIEW, model }], readService(emu, SUBSCRIBERS), ctx).findings.map(
      (f) => `${f.kind}: ${f.detail}`,
    );
  /** PUT of the stored workflow with `steps` (each `{ _id?, name, type, controlValues }`). */
  const put = async (id: string, steps: unknown[], extra: Record<string, unknown> = {}) => {
    const w = stored().find((x) => x.workflowId === id)!;
    const body = { name: w.name, active: w.active, origin: "novu-cloud", preferences: {}, steps, ...extra };
    expect((await call(emu, "PUT", path(id), { body })).status).toBe(200);
  };
  const keptSteps = (id: string) =>
    stored()
      .find((x) => x.workflowId === id)!
      .steps.map((s) => ({ _id: s._id, name: s.name, type: s.type, controlValues: s.controls.values }));

  beforeEach(async () => {
    emu = await startEmulator({ fixtures: convergenceFixtures() });
    const foreignWorkflows = await createForeignWorkflows(emu);
    const fixtures = readService(emu, SUBSCRIBERS);
    ctx = { fixtures, foreignEntries: foreignEntriesOf(fixtures), foreignWorkflows };
    expect((await call(emu, "POST", "/v2/workflows", { body: createBody(DECL) })).status).toBe(201);
  });
  afterEach(() => emu.close());

  it("passes the workflow as declared, beside the application's workflows", () => {
    expect(stored()).toHaveLength(3);
    expect(check()).toEqual([]);
  });

  it("fails on a control, a step's order, a missing or an extra step", async () => {
    const steps = keptSteps("t-welcome");
    await put("t-welcome", [
      { ...steps[0], controlValues: { subject: "Hi", body: "Changed" } },
      steps[1],
      steps[2],
    ]);
    expect(check()).toEqual([
      expect.stringMatching(/^workflow-steps: .*step Inbox \(at 0\): controls .*Changed/),
    ]);
    await put("t-welcome", [steps[1], steps[0], steps[2]]);
    expect(check()).toEqual([expect.stringMatching(/^workflow-steps: .*steps \[Wait\(delay\), Inbox/)]);
    await put("t-welcome", [steps[0], steps[1]]);
    expect(check()[0]).toMatch(
      /^workflow-steps: .*declared \[Inbox\(in_app\), Wait\(delay\), Mail\(email\)\]/,
    );
    await put("t-welcome", [...steps, { name: "Extra", type: "sms", controlValues: { body: "x" } }]);
    expect(check()[0]).toMatch(/^workflow-steps: /);
  });

  it("fails on a declared field not as declared, and lets fields left out of the program hold anything", async () => {
    await call(emu, "PATCH", path("t-welcome"), { body: { active: false } });
    expect(check()).toEqual([expect.stringMatching(/^workflow-fields: .*active false, declared true/)]);
    await call(emu, "PATCH", path("t-welcome"), { body: { active: true, tags: ["b"], description: "D" } });
    expect(check()).toEqual([expect.stringMatching(/^workflow-fields: .*tags \["b"\], declared \["a"\]$/)]);
    const { tags: _t, ...untagged } = DECL;
    expect(check({ ...MODEL, workflows: [untagged] })).toEqual([]);
    expect(check({ ...MODEL, workflows: [{ ...untagged, description: "E" }] })[0]).toMatch(
      /description "D", declared "E"/,
    );
  });

  it("compares the service's stored form: a chat step's resolved editorType, completed preferences", async () => {
    const chat = { name: "Chat", type: "chat" as const, controls: { body: "Hello" } };
    const decl: WorkflowDecl = {
      ...DECL,
      workflowId: "t-stored",
      steps: [...DECL.steps, chat],
      preferences: {
        workflow: { all: { enabled: true }, channels: { sms: { enabled: false } } },
        user: null,
      },
      severity: "high",
      validatePayload: false,
    };
    const body = {
      ...createBody(decl),
      preferences: decl.preferences,
      severity: "high",
      validatePayload: false,
    };
    expect((await call(emu, "POST", "/v2/workflows", { body })).status).toBe(201);
    const model = { ...MODEL, workflows: [DECL, decl] };
    expect(check(model)).toEqual([]);
    // Stored otherwise than the declaration would be: each is a finding.
    const steps = keptSteps("t-stored");
    await put(
      "t-stored",
      steps.map((s) =>
        s.name === "Chat" ? { ...s, controlValues: { body: "Hello", editorType: "block" } } : s,
      ),
      {
        preferences: { workflow: { all: { enabled: true } }, user: null },
        severity: "high",
      },
    );
    expect(check(model)).toEqual([
      expect.stringMatching(
        /^workflow-fields: .*preferences\.default .*"sms":\{"enabled":true\}.*declared .*"sms":\{"enabled":false\}/,
      ),
      expect.stringMatching(
        /^workflow-steps: .*step Chat \(at 3\): controls \{"body":"Hello","editorType":"block"\}, declared \{"body":"Hello","editorType":"text"\}/,
      ),
    ]);
  });

  it("fails on a workflow no stack declares (a duplicate under a suffixed workflowId, or a leftover of destroy)", async () => {
    await call(emu, "POST", "/v2/workflows", { body: createBody(DECL) });
    const dup = stored().find((w) => w.workflowId.startsWith("t-welcome-"))!;
    expect(check()).toEqual([
      `undeclared-workflow: ${dup.workflowId} (${dup._id}, "Welcome") is stored but declared by no stack`,
    ]);
    expect(check(EMPTY)).toHaveLength(2);
    await call(emu, "DELETE", path(dup._id));
    await call(emu, "DELETE", path("t-welcome"));
    expect(check(EMPTY)).toEqual([]);
    expect(check()).toEqual([expect.stringMatching(/^workflow-count: s:welcome \(t-welcome\): 0 stored$/)]);
  });

  it("fails when the application's workflow was changed (even rewritten as it was) or removed", async () => {
    const app = stored().find((w) => w.workflowId === "app-welcome")!;
    await call(emu, "PATCH", path("app-welcome"), { body: { name: app.name } });
    expect(check()).toEqual([
      expect.stringMatching(/^foreign-workflow-changed: app-welcome .*changed updatedAt/),
    ]);
    await call(emu, "DELETE", path("app-digest"));
    expect(check()).toContainEqual(expect.stringMatching(/^foreign-workflow-removed: app-digest/));
  });

  it("matches a workflow without explicit workflowId by its default", async () => {
    const { workflowId: _w, ...decl } = { ...DECL, name: "My Flow" };
    const id = defaultIdentifier("p", "s", "My Flow");
    await call(emu, "POST", "/v2/workflows", { body: createBody(decl, id) });
    const model = { ...MODEL, workflows: [DECL, decl] };
    expect(check(model)).toEqual([]);
    expect(check({ ...model, workflows: [DECL, { ...decl, name: "Other" }] })).toEqual([
      expect.stringMatching(/^workflow-count: s:Other/),
      expect.stringMatching(new RegExp(`^undeclared-workflow: ${id}`)),
    ]);
  });

  it("watches kept steps: their _ids must stay across an update, removed steps are let go", async () => {
    const watch = new StepIdWatch();
    const live = () => readService(emu, []).workflows ?? [];
    watch.record(MODEL, live());
    const steps = keptSteps("t-welcome");
    // Moved and edited, each step sent with its _id: kept.
    await put("t-welcome", [
      steps[2],
      { ...steps[0], controlValues: { subject: "New", body: "B" } },
      steps[1],
    ]);
    expect(watch.check(MODEL, live())).toEqual([]);
    // Sent without _id: the service makes new steps, which the watch reports.
    await put(
      "t-welcome",
      steps.map(({ _id, ...s }) => s),
    );
    expect(watch.check(MODEL, live())).toEqual([
      expect.stringMatching(/step Inbox kept by the program got a new _id/),
      expect.stringMatching(/step Wait kept/),
      expect.stringMatching(/step Mail kept/),
    ]);
    // A step the program removed is not watched; the workflow recreated is.
    watch.record(MODEL, live());
    const removal = { edit: "remove-step", workflow: "welcome", step: "Wait" } as const;
    watch.before(removal);
    const next = applyEdit(MODEL, removal)!;
    await put(
      "t-welcome",
      keptSteps("t-welcome").filter((s) => s.name !== "Wait"),
    );
    expect(watch.check(next, live())).toEqual([]);
    await call(emu, "DELETE", path("t-welcome"));
    await call(emu, "POST", "/v2/workflows", { body: createBody(next.workflows![0]!) });
    expect(watch.check(next, live())).toEqual([
      expect.stringMatching(/^welcome \(t-welcome\): the workflow was recreated/),
    ]);
  });
});
