import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError, qs } from "../../testkit/emulator-http";

/**
 * The v2 workflow endpoints store what Novu's service stores, not what they are sent: one raw-HTTP test per
 * fact, each citing the source it checks (novuhq/novu paths; emulator/workflow-*.ts cite them too).
 */

let emu: Emulator;
let prodEnv: string;
beforeAll(async () => {
  emu = await startEmulator({});
  prodEnv = emu.keys[1]?.environmentId ?? "";
});
afterAll(() => emu.close());

const maily = JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [] }] });
let n = 0;
/** Creates a workflow with a fresh workflowId and answers the stored workflow (on `on`, default the April 2026 one). */
async function created(body: Record<string, unknown>, on: Emulator = emu) {
  n += 1;
  const res = await call(on, "POST", "/v2/workflows", {
    body: { workflowId: `conf-${n}`, name: `Conf ${n}`, steps: [], ...body },
  });
  expect(res.status).toBe(201);
  return res.body.data;
}
const chat = (controlValues: Record<string, unknown>) => ({ name: "Chat", type: "chat", controlValues });
const email = (controlValues: Record<string, unknown>) => ({ name: "Mail", type: "email", controlValues });

describe("chat editorType (newest: libs/application-generic/src/utils/resolve-chat-editor-type.ts; April 2026: none)", () => {
  const steps = [
    chat({ body: "hello" }),
    chat({ body: maily }),
    chat({ body: "hello", editorType: "block" }),
    chat({ body: maily, editorType: "text" }),
    chat({ body: "", editorType: "html" }),
    chat({ body: "x", editorType: "html" }),
  ];
  let newest: Emulator;
  beforeAll(async () => {
    newest = await startEmulator({ serviceVersion: "newest" });
  });
  afterAll(() => newest.close());

  it("April 2026 stores every chat step's values as sent (upsert-workflow.usecase.ts touches email only)", async () => {
    const w = await created({ steps });
    expect(w.steps.map((s: { controls: { values: unknown } }) => s.controls.values)).toEqual(
      steps.map((s) => s.controlValues),
    );
  });

  it("newest: resolved on every chat step: text for a plain body, block for Maily JSON, explicit block/text kept, removed for an empty body", async () => {
    const emu = newest;
    const w = await created({ steps }, emu);
    const types = w.steps.map(
      (s: { controls: { values: { editorType?: string } } }) => s.controls.values.editorType,
    );
    expect(types).toEqual(["text", "block", "block", "text", undefined, "text"]);
    expect("editorType" in w.steps[4].controls.values).toBe(false);
    const read = await call(emu, "GET", `/v2/workflows/${w.workflowId}`);
    expect(read.body.data.steps[0].controls.values).toEqual({ body: "hello", editorType: "text" });
  });
});

describe("preferences (packages/shared/src/utils/buildWorkflowPreferences.ts, consts/preferences/preferences.const.ts)", () => {
  const defaults = {
    all: { enabled: true, readOnly: false },
    channels: {
      in_app: { enabled: true },
      sms: { enabled: true },
      email: { enabled: true },
      push: { enabled: true },
      chat: { enabled: true },
    },
  };

  it("omitted: the defaults (five channels) and user null", async () => {
    const w = await created({});
    expect(w.preferences).toEqual({ default: defaults, user: null });
  });

  it("partial: all merged over the defaults, all.enabled then the declared channels fill the five channels", async () => {
    const partial = { all: { enabled: true }, channels: { sms: { enabled: false } } };
    const w = await created({ preferences: { workflow: partial } });
    expect(w.preferences.default).toEqual({
      ...defaults,
      channels: { ...defaults.channels, sms: { enabled: false } },
    });
    const off = await created({ preferences: { workflow: { all: { enabled: false } }, user: { all: {} } } });
    expect(off.preferences.default.all).toEqual({ enabled: false, readOnly: false });
    expect(Object.values(off.preferences.default.channels)).toEqual(Array(5).fill({ enabled: false }));
    expect(off.preferences.user).toEqual(defaults);
  });
});

describe("email content (upsert-workflow.usecase.ts executeControlValuesUpdate)", () => {
  it("editorType block with a body that is not Maily JSON is stored with body ''; Maily and html bodies stay", async () => {
    const w = await created({
      steps: [
        email({ subject: "s", body: "<p>hi</p>", editorType: "block" }),
        email({ subject: "s", body: maily, editorType: "block" }),
        email({ subject: "s", body: "<p>hi</p>", editorType: "html" }),
      ],
    });
    expect(w.steps.map((s: { controls: { values: { body: string } } }) => s.controls.values.body)).toEqual([
      "",
      maily,
      "<p>hi</p>",
    ]);
  });
});

describe("isTranslationEnabled (create-workflow-v0 usecase: enterprise translations module only)", () => {
  it("is answered false on create, update and patch", async () => {
    const w = await created({ isTranslationEnabled: true });
    expect(w.isTranslationEnabled).toBe(false);
    const put = await call(emu, "PUT", `/v2/workflows/${w.workflowId}`, {
      body: { name: w.name, steps: [], isTranslationEnabled: true },
    });
    expect(put.body.data.isTranslationEnabled).toBe(false);
    const patch = await call(emu, "PATCH", `/v2/workflows/${w.workflowId}`, {
      body: { isTranslationEnabled: true },
    });
    expect(patch.body.data.isTranslationEnabled).toBe(false);
  });
});

describe("DTO refusals (dtos/create-workflow.dto.ts; apps/api/src/exception-filter.ts)", () => {
  it("refuses a workflowId outside /^[a-zA-Z0-9]+(?:[-_.][a-zA-Z0-9]+)*$/ with 422 Validation Error, nothing stored", async () => {
    for (const workflowId of ["welcome---new-users", "-lead", "trail-", "a b", "_x_"]) {
      const res = await call(emu, "POST", "/v2/workflows", { body: { workflowId, name: "Bad", steps: [] } });
      const body = expectError(res, 422);
      expect(body).toEqual({
        statusCode: 422,
        timestamp: expect.any(String),
        path: "/v2/workflows",
        message: "Validation Error",
        ctx: {},
        errors: {
          general: {
            messages: [
              "workflowId must be a valid slug format (lowercase letters, numbers, and hyphens only)",
            ],
            value: "No Value Recorded",
          },
        },
      });
      expectError(await call(emu, "GET", `/v2/workflows/${encodeURIComponent(workflowId)}`), 404);
    }
    const ok = await call(emu, "POST", "/v2/workflows", {
      body: { workflowId: "A1.b_c-d", name: "Ok", steps: [] },
    });
    expect(ok.body.data.workflowId).toBe("A1.b_c-d");
  });

  it("refuses more than 16 tags with 422", async () => {
    const tags = Array.from({ length: 17 }, (_, i) => `t${i}`);
    const res = await call(emu, "POST", "/v2/workflows", {
      body: { workflowId: "many-tags", name: "T", steps: [], tags },
    });
    expect(expectError(res, 422).errors.general.messages).toEqual([
      "tags must contain no more than 16 elements",
    ]);
    expect((await created({ tags: tags.slice(0, 16) })).tags).toHaveLength(16);
  });
});

describe("list items (dtos/workflow-list-response.dto.ts, step-list-response.dto.ts)", () => {
  it("carry steps: [{ slug, type, issues? }] beside stepTypeOverviews", async () => {
    const w = await created({
      name: "Listed item",
      steps: [
        { name: "Push", type: "push", controlValues: { subject: "s", body: "b" } },
        { name: "Wait", type: "delay", controlValues: { amount: 1, unit: "hours", type: "regular" } },
      ],
    });
    const page = await call(emu, "GET", `/v2/workflows${qs({ query: "Listed item" })}`);
    const item = page.body.data.workflows[0];
    expect(item).toMatchObject({
      _id: w._id,
      workflowId: w.workflowId,
      slug: w.slug,
      status: w.status,
      origin: "novu-cloud",
    });
    expect(item.stepTypeOverviews).toEqual(["push", "delay"]);
    expect(Object.keys(item).sort()).toEqual(
      [
        "_id",
        "createdAt",
        "isTranslationEnabled",
        "lastPublishedAt",
        "lastTriggeredAt",
        "name",
        "origin",
        "slug",
        "status",
        "stepTypeOverviews",
        "steps",
        "tags",
        "updatedAt",
        "workflowId",
      ].sort(),
    );
    expect(item.lastPublishedAt).toBe("");
    expect(item.steps).toEqual([
      {
        slug: w.steps[0].slug,
        type: "push",
        issues: { integration: { push: [expect.objectContaining({ issueType: "MISSING_INTEGRATION" })] } },
      },
      { slug: w.steps[1].slug, type: "delay" },
    ]);
  });
});

describe("status and issues (libs/application-generic/src/utils/compute-workflow-status.ts)", () => {
  it("is ERROR only for control issues; integration issues are read from the integrations of the moment", async () => {
    const w = await created({
      steps: [chat({ body: "b" })],
    });
    expect(w.status).toBe("ACTIVE");
    expect(w.steps[0].issues.integration.chat[0].issueType).toBe("MISSING_INTEGRATION");
    const broken = await created({ steps: [email({ subject: "s" })] });
    expect(broken.status).toBe("ERROR");
    const integ = await call(emu, "POST", "/v1/integrations", {
      body: { providerId: "slack", channel: "chat", active: true, check: false },
    });
    expect(integ.status).toBe(201);
    const read = await call(emu, "GET", `/v2/workflows/${w.workflowId}`);
    expect(read.body.data.steps[0].issues).toBeUndefined();
    expect(read.body.data.status).toBe("ACTIVE");
    // List items show the issues stored at the last write (notification-template-mapper.ts toStepListResponseDto).
    const page = await call(emu, "GET", `/v2/workflows${qs({ query: w.workflowId })}`);
    const item = page.body.data.workflows.find((x: { _id: string }) => x._id === w._id);
    expect(item.steps[0].issues.integration.chat[0].issueType).toBe("MISSING_INTEGRATION");
  });
});

describe("update (upsert-workflow.usecase.ts buildSteps, workflow.controller.ts update)", () => {
  it("suffixes a re-added step's stepId against the existing steps; a step without controlValues loses its values", async () => {
    const w = await created({
      steps: [{ name: "Wait", type: "delay", controlValues: { amount: 1, unit: "hours", type: "regular" } }],
    });
    const kept = w.steps[0];
    const res = await call(emu, "PUT", `/v2/workflows/${w.workflowId}`, {
      body: {
        name: w.name,
        steps: [
          { _id: kept._id, name: "Wait", type: "delay" },
          { name: "Wait", type: "delay", controlValues: { amount: 2, unit: "hours", type: "regular" } },
        ],
      },
    });
    expect(res.status).toBe(200);
    const [first, second] = res.body.data.steps;
    expect(first).toMatchObject({ _id: kept._id, stepId: "wait" });
    expect(first.controls.values).toEqual({});
    expect(second.stepId).toMatch(/^wait-[a-z0-9]+$/);
  });

  it("takes origin and preferences as optional: omitted preferences reset to the defaults, origin kept", async () => {
    const w = await created({ preferences: { workflow: { all: { enabled: false } } } });
    const res = await call(emu, "PUT", `/v2/workflows/${w.workflowId}`, {
      body: { name: w.name, steps: [] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.preferences.default.all.enabled).toBe(true);
    expect(res.body.data.origin).toBe("novu-cloud");
  });
});

describe("payload schema defaults (create-workflow-v0 usecase)", () => {
  it("an omitted payloadSchema is stored as an open object schema with validatePayload true", async () => {
    const w = await created({});
    expect(w.payloadSchema).toEqual({ type: "object", additionalProperties: true, properties: {} });
    expect(w.validatePayload).toBe(true);
    const given = await created({ payloadSchema: { type: "object", properties: { a: { type: "string" } } } });
    expect(given.payloadSchema).toEqual({ type: "object", properties: { a: { type: "string" } } });
    expect(given.validatePayload).toBe(false);
  });
});

describe("controller scope (workflow.controller.ts)", () => {
  it("answers 403 when an API key asks for another environment's workflow (e2e/api-key-workflow-environment-scope.e2e.ts)", async () => {
    const w = await created({});
    const res = await call(emu, "GET", `/v2/workflows/${w.workflowId}${qs({ environmentId: prodEnv })}`);
    expect(expectError(res, 403).message).toContain("is scoped to a single environment");
    const own = await call(
      emu,
      "GET",
      `/v2/workflows/${w.workflowId}${qs({ environmentId: emu.keys[0]?.environmentId })}`,
    );
    expect(own.status).toBe(200);
  });

  it("is rate limited in the configuration category (@ThrottlerCategory(CONFIGURATION))", async () => {
    emu.setRateLimit({ perSecond: 1000 });
    try {
      const res = await call(emu, "GET", "/v2/workflows");
      expect(res.headers["ratelimit-policy"]).toContain('category="configuration"');
    } finally {
      emu.setRateLimit(undefined);
    }
  });
});

describe("taken workflowId (create-workflow-v0 generateUniqueIdentifier) and a lost answer", () => {
  it("without idempotency, a POST retried after its answer was dropped is stored under <id>-<shortId>", async () => {
    const lossy = await startEmulator({ modes: { ignoreIdempotencyKeys: true } });
    try {
      const body = { workflowId: "lost-answer", name: "Lost", steps: [] };
      const headers = { "idempotency-key": "k-lost" };
      lossy.setFaults({ dropRate: 1 });
      await expect(call(lossy, "POST", "/v2/workflows", { body, headers })).rejects.toThrow();
      lossy.setFaults({});
      const retry = await call(lossy, "POST", "/v2/workflows", { body, headers });
      expect(retry.status).toBe(201);
      expect(retry.body.data.workflowId).toMatch(/^lost-answer-[a-z0-9]+$/);
      const list = await call(lossy, "GET", `/v2/workflows${qs({ query: "lost-answer" })}`);
      expect(list.body.data.totalCount).toBe(2);
    } finally {
      await lossy.close();
    }
  });
});

describe("older servers (emulator modes)", () => {
  it("workflowIdFromName: the workflowId is the slug of the name, the body's ignored", async () => {
    const old = await startEmulator({ modes: { workflowIdFromName: true } });
    try {
      const res = await call(old, "POST", "/v2/workflows", {
        body: { workflowId: "wanted-id", name: "Welcome - New Users", steps: [] },
      });
      expect(res.body.data.workflowId).toBe("welcome-new-users");
    } finally {
      await old.close();
    }
  });

  it("missingWorkflowAs400: GET of a missing workflow answers 400", async () => {
    const old = await startEmulator({ modes: { missingWorkflowAs400: true } });
    try {
      const res = await call(old, "GET", "/v2/workflows/nope");
      expect(expectError(res, 400)).toMatchObject({
        message: "Workflow cannot be found",
        workflowId: "nope",
        error: "Bad Request",
      });
    } finally {
      await old.close();
    }
  });
});
