import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import { SERVICE_VERSIONS } from "../../../../emulator/service-version";
import type { WorkflowInputs, WorkflowOutputs } from "../../../../provider/model/workflow-schema";
import { workflowChanges } from "../../../../provider/runtime/workflow/diff";
import { WorkflowProvider } from "../../../../provider/runtime/workflow/provider";
import { SvcClient } from "../../../../sdk";
import { call } from "../../../../testkit/emulator-http";

/**
 * http_request steps through the Workflow provider against the emulator (both service versions): typed
 * controls checked before any request, the secret headers sent but never in outputs, diffs exact.
 */

type Props = Record<string, unknown>;
const TOKEN = "Bearer tok-9f8e7d";

const CRM = {
  name: "Notify CRM",
  type: "http_request",
  controls: {
    method: "POST",
    url: "https://crm.example.com/hooks/{{payload.account}}",
    headers: [{ key: "Content-Type", value: "application/json" }],
    body: [{ key: "email", value: "{{subscriber.email}}" }],
    continueOnFailure: true,
  },
};
const HOOKED = {
  workflowId: "hooked",
  name: "Hooked",
  steps: [{ name: "Inbox", type: "in_app", controls: { body: "Hi" } }, CRM],
  secretHeaders: { "Notify CRM": { Authorization: TOKEN } },
};

describe.each(SERVICE_VERSIONS)("Workflow http_request steps (service %s)", (serviceVersion) => {
  let emu: Emulator;
  beforeEach(async () => {
    emu = await startEmulator({ port: 0, serviceVersion });
  });
  afterEach(async () => {
    await emu.close();
  });
  const provider = () =>
    new WorkflowProvider({
      settings: { apiKey: emu.apiKey, baseUrl: emu.url },
      client: (s) => new SvcClient(s),
    });
  async function checked(p: WorkflowProvider, news: Props): Promise<WorkflowInputs> {
    const r = await p.check({}, news);
    expect(r.failures).toEqual([]);
    return r.inputs;
  }
  const writes = () => emu.requests.filter((r) => r.method !== "GET").length;

  it("creates the step with its secret header sent, outputs without it, and a clean diff", async () => {
    const p = provider();
    const inputs = await checked(p, HOOKED);
    const { id, outs } = await p.create(inputs);
    const raw = await call(emu, "GET", `/v2/workflows/${id}`);
    expect(raw.body.data.steps[1].controls.values.headers).toEqual([
      { key: "Content-Type", value: "application/json" },
      { key: "Authorization", value: TOKEN },
    ]);
    expect(raw.body.data.status).toBe("ACTIVE");
    expect(JSON.stringify(outs.steps)).not.toContain(TOKEN);
    expect(outs.steps[1]?.controls).toEqual(CRM.controls);
    expect(outs.secretHeaders).toEqual(HOOKED.secretHeaders);
    expect(workflowChanges(outs as Props, inputs as Props)).toEqual([]);
    const read = await p.read(id, outs);
    expect(JSON.stringify(read.inputs?.steps)).not.toContain(TOKEN);
    expect(workflowChanges(read.props as Props, inputs as Props)).toEqual([]);
  });

  it("previews a one-control edit as that line, a secret edit as secretHeaders, and applies both", async () => {
    const p = provider();
    const { id, outs } = await p.create(await checked(p, HOOKED));
    const edited = { ...CRM, controls: { ...CRM.controls, url: "https://crm.example.com/v2" } };
    const news = await checked(p, { ...HOOKED, steps: [HOOKED.steps[0], edited] });
    expect(workflowChanges(outs as Props, news as Props).map((c) => c.property)).toEqual([
      "steps[1].controls.url",
    ]);
    const rotated = await checked(p, {
      ...HOOKED,
      secretHeaders: { "Notify CRM": { Authorization: "Bearer rotated" } },
    });
    expect(workflowChanges(outs as Props, rotated as Props).map((c) => c.property)).toEqual([
      "secretHeaders",
    ]);
    const updated = await p.update(id, outs, rotated);
    const raw = await call(emu, "GET", `/v2/workflows/${id}`);
    expect(raw.body.data.steps[1].controls.values.headers[1]).toEqual({
      key: "Authorization",
      value: "Bearer rotated",
    });
    expect(workflowChanges(updated.outs as Props, rotated as Props)).toEqual([]);
  });

  it("leaves secret headers unmanaged when left out: no change, and an update keeps the one the service holds", async () => {
    const p = provider();
    const { id, outs } = await p.create(await checked(p, HOOKED));
    const unmanaged = { ...HOOKED, secretHeaders: undefined };
    expect(workflowChanges(outs as Props, (await checked(p, unmanaged)) as Props)).toEqual([]);
    const edited = { ...CRM, controls: { ...CRM.controls, continueOnFailure: false } };
    const news = await checked(p, { ...unmanaged, steps: [HOOKED.steps[0], edited] });
    await p.update(id, outs, news);
    const raw = await call(emu, "GET", `/v2/workflows/${id}`);
    expect(raw.body.data.steps[1].controls.values.headers).toContainEqual({
      key: "Authorization",
      value: TOKEN,
    });
    expect(raw.body.data.steps[1].controls.values.continueOnFailure).toBe(false);
  });

  it("splits a credential-looking header out of a workflow read without a declaration (import)", async () => {
    const p = provider();
    const { id } = await p.create(await checked(p, HOOKED));
    const imported = await p.read(id);
    expect(JSON.stringify(imported.props?.steps)).not.toContain(TOKEN);
    expect((imported.props as WorkflowOutputs).secretHeaders).toEqual(HOOKED.secretHeaders);
  });

  it("refuses bad controls and a plaintext credential header before any request, quoting no value", async () => {
    const p = provider();
    const bad = {
      ...HOOKED,
      steps: [
        {
          ...CRM,
          controls: {
            method: "FETCH",
            url: "/relative",
            headers: [{ key: "X-Api-Key", value: "plain-key-123" }],
            timeout: 10,
          },
        },
      ],
      secretHeaders: { "Notify CRN": { Authorization: TOKEN } },
    };
    const r = await p.check({}, bad);
    const reasons = r.failures.map((f) => f.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/steps\[0\] "Notify CRM": controls\.method: .*GET, POST, PUT, DELETE, PATCH/),
        expect.stringMatching(/controls\.timeout: .*100/),
        expect.stringMatching(/controls\.headers\[0\]: "X-Api-Key" carries a credential.*secretHeaders/),
        expect.stringMatching(/secretHeaders\["Notify CRN"\]: no http_request step has this name/),
      ]),
    );
    expect(JSON.stringify(r.failures)).not.toContain("plain-key-123");
    expect(JSON.stringify(r.failures)).not.toContain(TOKEN);
    const missing = await p.check(
      {},
      { ...HOOKED, secretHeaders: undefined, steps: [{ ...CRM, controls: {} }] },
    );
    expect(missing.failures.map((f) => f.reason)).toEqual([
      'steps[0] "Notify CRM": controls.method: Method is required',
      'steps[0] "Notify CRM": controls.url: Url is required',
    ]);
    const relative = await p.check(
      {},
      { ...HOOKED, steps: [{ ...CRM, controls: { ...CRM.controls, url: "/x" } }] },
    );
    expect(relative.failures.map((f) => f.reason)).toEqual([
      'steps[0] "Notify CRM": controls.url: Invalid URL. Must be a valid absolute URL (https://...) or {{variable}}',
    ]);
    expect(writes()).toBe(0);
  });
});
