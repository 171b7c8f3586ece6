import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SERVICE_VERSIONS } from "../../emulator/service-version";
import { call } from "../../testkit/emulator-http";

/**
 * `http_request` steps (StepTypeEnum.HTTP_REQUEST of @novu/shared, packages/shared/src/types/channel.ts) over
 * raw HTTP: accepted by create and update (the discriminators of apps/api/src/app/workflows-v2/dtos/
 * create-workflow.dto.ts and update-workflow.dto.ts, `HttpRequestStepUpsertDto` of create-step.dto.ts), the
 * controls stored as sent (upsert-workflow.usecase.ts), issues from `httpRequestControlSchema`
 * (packages/shared/src/consts/providers/channels/http-request.ts, worded by libs/application-generic/src/
 * utils/issues.ts). The releases agree here; both are run.
 */

const controls = {
  method: "POST",
  url: "https://crm.example.com/hooks/{{payload.account}}",
  headers: [
    { key: "Content-Type", value: "application/json" },
    { key: "Authorization", value: "Bearer s3cr3t" },
  ],
  body: [{ key: "email", value: "{{subscriber.email}}" }],
  responseBodySchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
  enforceSchemaValidation: true,
  continueOnFailure: false,
  timeout: 5000,
};

describe.each(SERVICE_VERSIONS)("http_request steps (service %s)", (serviceVersion) => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ serviceVersion });
  });
  afterAll(() => emu.close());
  let n = 0;
  async function create(stepControls: Record<string, unknown>) {
    n += 1;
    const step = { name: "Notify CRM", type: "http_request", controlValues: stepControls };
    const res = await call(emu, "POST", "/v2/workflows", {
      body: { workflowId: `http-${n}`, name: `Http ${n}`, steps: [step] },
    });
    expect(res.status).toBe(201);
    return res.body.data;
  }
  const issuesOf = async (c: Record<string, unknown>) => (await create(c)).steps[0].issues?.controls;

  it("are created with their controls stored as sent, read back in controls.values and controlValues, no issues", async () => {
    const w = await create(controls);
    expect(w.steps[0].type).toBe("http_request");
    expect(w.status).toBe("ACTIVE");
    const read = await call(emu, "GET", `/v2/workflows/${w.workflowId}`);
    const step = read.body.data.steps[0];
    expect(step.controls.values).toEqual(controls);
    expect(step.controlValues).toEqual(controls);
    expect(step.issues).toBeUndefined();
    const list = await call(emu, "GET", `/v2/workflows?query=${w.workflowId}`);
    expect(list.body.data.workflows[0].stepTypeOverviews).toEqual(["http_request"]);
  });

  it("are accepted by PUT, keeping the step's _id, with the new controls", async () => {
    const w = await create(controls);
    const edited = { ...controls, url: "https://crm.example.com/v2" };
    const steps = [{ _id: w.steps[0]._id, name: "Notify CRM", type: "http_request", controlValues: edited }];
    const body = { name: w.name, steps, origin: w.origin, preferences: {} };
    const put = await call(emu, "PUT", `/v2/workflows/${w._id}`, { body });
    expect(put.status).toBe(200);
    expect(put.body.data.steps[0]._id).toBe(w.steps[0]._id);
    expect(put.body.data.steps[0].controls.values.url).toBe("https://crm.example.com/v2");
  });

  it("store method and url as required: 'Method is required', 'Url is required', status ERROR", async () => {
    const w = await create({});
    expect(w.status).toBe("ERROR");
    expect(w.steps[0].issues.controls).toEqual({
      method: [{ issueType: "MISSING_VALUE", variableName: "method", message: "Method is required" }],
      url: [{ issueType: "MISSING_VALUE", variableName: "url", message: "Url is required" }],
    });
  });

  it("store an unknown method, a relative URL and empty pairs as issues; HEAD and OPTIONS pass", async () => {
    const issues = await issuesOf({
      method: "TRACE",
      url: "/relative",
      headers: [{ key: "", value: "x" }, { key: "X" }],
      timeout: 50,
    });
    expect(issues.method[0].message).toBe("must be equal to one of the allowed values");
    expect(issues.url).toEqual([
      {
        issueType: "INVALID_URL",
        variableName: "url",
        message: "Invalid URL. Must be a valid absolute URL (https://...) or {{variable}}",
      },
    ]);
    expect(issues["headers.0.key"][0].message).toBe("Headers/0/key is required");
    expect(issues["headers.1.value"][0].message).toBe("Value is required");
    expect(issues.timeout[0].message).toBe("must be >= 100");
    for (const method of ["HEAD", "OPTIONS"])
      expect(await issuesOf({ method, url: "{{payload.hook}}" })).toBeUndefined();
  });

  it("refuse an unknown step type with 422 (the DTO's isIn), http_request listed as allowed", async () => {
    const step = { name: "S", type: "http", controlValues: {} };
    const res = await call(emu, "POST", "/v2/workflows", {
      body: { workflowId: "http-bad", name: "Bad", steps: [step] },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain("http_request");
  });
});
