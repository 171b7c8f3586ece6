import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError, qs, validationMessages } from "../../testkit/emulator-http";

let emu: Emulator;
let devEnv: string;
let prodKey: string;
let prodEnv: string;
beforeAll(async () => {
  emu = await startEmulator();
  devEnv = emu.keys[0]?.environmentId ?? "";
  prodKey = emu.keys[1]?.apiKey ?? "";
  prodEnv = emu.keys[1]?.environmentId ?? "";
});
afterAll(() => emu.close());

const emailStep = {
  name: "Welcome Email",
  type: "email",
  controlValues: { subject: "Hi", body: "<p>x</p>" },
};
const create = (body: Record<string, unknown>, key?: string) =>
  call(emu, "POST", "/v2/workflows", {
    body: { name: "Onboarding", steps: [], ...body },
    ...(key ? { key } : {}),
  });

describe("POST /v2/workflows", () => {
  it("creates 201 with origin novu-cloud, active true by default, status computed", async () => {
    const res = await create({ workflowId: "wf-create" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      workflowId: "wf-create",
      origin: "novu-cloud",
      active: true,
      status: "ACTIVE",
    });
    const off = await create({ workflowId: "wf-create-off", active: false });
    expect(off.body.data.status).toBe("INACTIVE");
  });

  it("stores a step missing required controls with issues (not refused), status ERROR", async () => {
    const res = await create({
      workflowId: "wf-issues",
      steps: [{ name: "Mail", type: "email", controlValues: { subject: "s" } }],
    });
    expect(res.status).toBe(201);
    const step = res.body.data.steps[0];
    expect(step.issues.controls.body[0]).toMatchObject({
      issueType: "MISSING_VALUE",
      message: "Body is required",
    });
    expect(res.body.data.status).toBe("ERROR");
  });

  it("flags a channel step without an active integration; none once one exists", async () => {
    const before = await create({
      workflowId: "wf-int-1",
      steps: [{ name: "Chat", type: "chat", controlValues: { body: "b" } }],
    });
    expect(before.body.data.steps[0].issues.integration.chat[0].issueType).toBe("MISSING_INTEGRATION");
    const integ = await call(emu, "POST", "/v1/integrations", {
      body: { providerId: "slack", channel: "chat", active: true, check: false },
    });
    expect(integ.status).toBe(201);
    expect(integ.body.data).toMatchObject({ active: true });
    const after = await create({
      workflowId: "wf-int-2",
      steps: [{ name: "Chat", type: "chat", controlValues: { body: "b" } }],
    });
    expect(after.body.data.steps[0].issues).toBeUndefined();
    expect(after.body.data.status).toBe("ACTIVE");
  });

  it("takes the environment's first active email integration as primary: an email step then has no issue", async () => {
    const before = await create({ workflowId: "wf-mail-1", steps: [emailStep] });
    expect(before.body.data.steps[0].issues.integration.email[0].issueType).toBe("MISSING_INTEGRATION");
    const credentials = { apiKey: "k", from: "a@example.com", senderName: "A" };
    const integ = await call(emu, "POST", "/v1/integrations", {
      body: { providerId: "sendgrid", channel: "email", active: true, credentials, check: false },
    });
    expect(integ.status).toBe(201);
    expect(integ.body.data).toMatchObject({ active: true, primary: true });
    const after = await create({ workflowId: "wf-mail-2", steps: [emailStep] });
    expect(after.body.data.steps[0].issues).toBeUndefined();
    expect(after.body.data.status).toBe("ACTIVE");
  });

  it("slugs stepIds from names, made unique", async () => {
    const steps = [
      { name: "Digest It", type: "digest", controlValues: { amount: 1, unit: "hours" } },
      { name: "Digest It", type: "digest", controlValues: { amount: 2, unit: "hours" } },
    ];
    const res = await create({ workflowId: "wf-slugs", steps });
    const [a, b] = res.body.data.steps;
    expect(a.stepId).toBe("digest-it");
    expect(b.stepId).toMatch(/^digest-it-[a-z0-9]+$/);
  });

  it("does not refuse a taken workflowId: the new workflow gets a suffixed one", async () => {
    await create({ workflowId: "wf-dup" });
    const again = await create({ workflowId: "wf-dup" });
    expect(again.status).toBe(201);
    expect(again.body.data.workflowId).toMatch(/^wf-dup-[a-z0-9]+$/);
  });

  it("422 Validation Error names the fields of a bad body (the exception filter's ValidationPipe answer)", async () => {
    const res = await call(emu, "POST", "/v2/workflows", {
      body: { name: "x", steps: [{ name: "s", type: "fax" }] },
    });
    const body = expectError(res, 422);
    expect(body.message).toBe("Validation Error");
    expect(JSON.stringify(body.errors.general.messages)).toContain("workflowId");
    expect(JSON.stringify(body.errors.general.messages)).toContain("type");
  });
});

describe("GET /v2/workflows/{workflowId}", () => {
  it("finds by workflowId, slug or _id; another environment's key gets 404", async () => {
    const w = (await create({ workflowId: "wf-get" })).body.data;
    for (const id of ["wf-get", w.slug, w._id])
      expect((await call(emu, "GET", `/v2/workflows/${id}`)).body.data._id).toBe(w._id);
    expect(expectError(await call(emu, "GET", "/v2/workflows/wf-get", { key: prodKey }), 404)).toMatchObject({
      message: "Workflow cannot be found",
      workflowId: "wf-get",
    });
  });
});

describe("PUT /v2/workflows/{workflowId}", () => {
  it("keeps a step's identity only with its _id; null controlValues deletes them", async () => {
    const w = (await create({ workflowId: "wf-put", steps: [emailStep] })).body.data;
    const kept = w.steps[0];
    const body = {
      name: "Renamed",
      origin: "novu-cloud",
      preferences: {},
      steps: [
        { _id: kept._id, name: "Welcome Email", type: "email", controlValues: null },
        { name: "Welcome Email", type: "email", controlValues: { subject: "a", body: "b" } },
      ],
    };
    const res = await call(emu, "PUT", "/v2/workflows/wf-put", { body });
    expect(res.status).toBe(200);
    const [first, second] = res.body.data.steps;
    expect(first._id).toBe(kept._id);
    expect(first.stepId).toBe(kept.stepId);
    expect(first.controls.values).toEqual({});
    expect(first.issues.controls.subject).toBeDefined();
    expect(second._id).not.toBe(kept._id);
    expect(second.stepId).not.toBe(kept.stepId);
    expect(res.body.data).toMatchObject({ name: "Renamed", workflowId: "wf-put", _id: w._id });
  });

  it("takes origin and preferences as optional (omitted preferences reset to the defaults); 404 for a missing workflow", async () => {
    const prefs = { workflow: { all: { enabled: false } } };
    await create({ workflowId: "wf-put-opt", preferences: prefs });
    const res = await call(emu, "PUT", "/v2/workflows/wf-put-opt", { body: { name: "x", steps: [] } });
    expect(res.status).toBe(200);
    expect(res.body.data.preferences.default.all).toEqual({ enabled: true, readOnly: false });
    expect(res.body.data.origin).toBe("novu-cloud");
    const missing = await call(emu, "PUT", "/v2/workflows/nope", {
      body: { name: "x", steps: [], origin: "novu-cloud", preferences: {} },
    });
    expectError(missing, 404);
  });
});

describe("PATCH and DELETE", () => {
  it("PATCH changes only the given fields; active sets the status", async () => {
    await create({ workflowId: "wf-patch", description: "d", tags: ["a"] });
    const res = await call(emu, "PATCH", "/v2/workflows/wf-patch", { body: { active: false, name: "P" } });
    expect(res.body.data).toMatchObject({
      name: "P",
      active: false,
      status: "INACTIVE",
      description: "d",
      tags: ["a"],
    });
  });

  it("DELETE answers 204 with no body, then 404", async () => {
    await create({ workflowId: "wf-del" });
    const res = await call(emu, "DELETE", "/v2/workflows/wf-del");
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expectError(await call(emu, "DELETE", "/v2/workflows/wf-del"), 404);
  });
});

describe("GET /v2/workflows", () => {
  it("lists the key's environment with offset/limit/query, totalCount and step types", async () => {
    for (const n of [1, 2, 3])
      await create({ workflowId: `lst-${n}`, name: `Listed ${n}`, steps: [emailStep] });
    const page = await call(emu, "GET", `/v2/workflows${qs({ query: "listed", limit: 2, offset: 1 })}`);
    expect(page.body.data.totalCount).toBe(3);
    expect(page.body.data.workflows).toHaveLength(2);
    expect(page.body.data.workflows[0].stepTypeOverviews).toEqual(["email"]);
    expect(page.body.data.workflows[0].steps).toEqual([
      { slug: expect.stringMatching(/^welcome-email_st_/), type: "email" },
    ]);
    expect(page.body.data.workflows[0].preferences).toBeUndefined();
    const prod = await call(emu, "GET", `/v2/workflows${qs({ query: "listed" })}`, { key: prodKey });
    expect(prod.body.data.totalCount).toBe(0);
    expect(
      validationMessages(await call(emu, "GET", `/v2/workflows${qs({ limit: 0, orderBy: "slug" })}`)),
    ).toEqual([
      "limit must not be less than 1",
      "orderBy must be one of the following values: createdAt, updatedAt, name, lastTriggeredAt",
    ]);
  });
});

describe("PUT /v2/workflows/{workflowId}/sync", () => {
  it("copies to the target environment under the same workflowId, then updates it keeping step _ids", async () => {
    await create({ workflowId: "wf-sync", steps: [emailStep] });
    const first = await call(emu, "PUT", "/v2/workflows/wf-sync/sync", {
      body: { targetEnvironmentId: prodEnv },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.workflowId).toBe("wf-sync");
    const inProd = await call(emu, "GET", "/v2/workflows/wf-sync", { key: prodKey });
    expect(inProd.body.data.steps[0].controls.values).toEqual(emailStep.controlValues);
    const again = await call(emu, "PUT", "/v2/workflows/wf-sync/sync", {
      body: { targetEnvironmentId: prodEnv },
    });
    expect(again.body.data._id).toBe(first.body.data._id);
    expect(again.body.data.steps[0]._id).toBe(first.body.data.steps[0]._id);
    expect((await call(emu, "GET", "/v2/workflows/wf-sync")).body.data.lastPublishedAt).toEqual(
      expect.any(String),
    );
  });

  it("refuses the same environment (400), a foreign environment (404) and a non-syncable origin (400)", async () => {
    await create({ workflowId: "wf-sync-bad" });
    const same = await call(emu, "PUT", "/v2/workflows/wf-sync-bad/sync", {
      body: { targetEnvironmentId: devEnv },
    });
    expect(expectError(same, 400).message).toBe("Cannot sync workflow to the same environment");
    const foreign = await call(emu, "PUT", "/v2/workflows/wf-sync-bad/sync", {
      body: { targetEnvironmentId: "nope" },
    });
    expect(expectError(foreign, 404).message).toBe("Environment nope not found");
    emu.seed({ workflows: [{ workflowId: "wf-external", name: "Ext" }] });
    const ext = await call(emu, "PUT", "/v2/workflows/wf-external/sync", {
      body: { targetEnvironmentId: prodEnv },
    });
    expect(expectError(ext, 400).message).toContain("origin 'external' is not allowed");
  });
});
