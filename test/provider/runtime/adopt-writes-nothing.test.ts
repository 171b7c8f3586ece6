/**
 * `adopt` on each kind svc-export declares, called on the providers directly against the emulator: adopting
 * an object that is as declared writes nothing (no POST, PUT, PATCH or DELETE: what an exported project's
 * first `up` relies on); one that differs is one update (never a create: an integration is looked up before
 * any POST). An integration whose identifier another environment holds is refused naming that environment.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../emulator";
import { IntegrationProvider } from "../../../provider/runtime/integration/provider";
import { LayoutProvider } from "../../../provider/runtime/layout/provider";
import { WorkflowProvider } from "../../../provider/runtime/workflow/provider";
import { call } from "../../../testkit/emulator-http";
import { failure } from "../../../testkit/error-assertions";
import {
  everyStep,
  SEED_LAYOUT_BODY,
  seedIntegration,
  seedLayout,
  seedWorkflow,
} from "../../../testkit/export-seed";

let emu: Emulator | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
  await emu?.close();
  emu = undefined;
});

const writes = (e: Emulator) => e.requests.filter((r) => r.method !== "GET").map((r) => r.method);
const log = { warn: async () => {}, info: async () => {}, status: async () => {} };

async function checked<T>(
  p: {
    check(
      o: Record<string, unknown>,
      n: Record<string, unknown>,
    ): Promise<{ inputs: T; failures: unknown[] }>;
  },
  news: Record<string, unknown>,
): Promise<T> {
  const r = await p.check({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
}

describe("adopt writes nothing when the object is as declared", () => {
  it("Integration: none for the same, one PUT (no POST) for another name; another environment's is refused by name", async () => {
    emu = await startEmulator({ port: 0 });
    const e = emu;
    const prod = e.keys.find((k) => k.apiKey !== e.apiKey) as { apiKey: string; environmentId: string };
    await seedIntegration(e, {
      providerId: "slack",
      channel: "chat",
      name: "Slack",
      identifier: "team-slack",
      active: true,
      credentials: { applicationId: "A1" },
    });
    await seedIntegration(
      e,
      { providerId: "twilio", channel: "sms", name: "Twilio", identifier: "prod-twilio" },
      prod.apiKey,
    );
    const p = new IntegrationProvider({ settings: { apiKey: e.apiKey, baseUrl: e.url }, log });
    closers.push(() => p.session.client().close());
    const declared = {
      providerId: "slack",
      channel: "chat",
      name: "Slack",
      identifier: "team-slack",
      active: true,
      adopt: true,
    };
    e.resetRequests();
    await p.create(await checked(p, declared));
    expect(writes(e)).toEqual([]);
    await p.create(await checked(p, { ...declared, name: "Team Slack" }));
    expect(writes(e)).toEqual(["PUT"]);
    const err = await failure(
      p.create(
        await checked(p, { providerId: "twilio", channel: "sms", identifier: "prod-twilio", adopt: true }),
      ),
    );
    expect(String(err)).toContain(`in environment ${prod.environmentId}`);
  });

  it("Layout and Workflow: none for the same, one PUT for a change", async () => {
    emu = await startEmulator({ port: 0 });
    const e = emu;
    await seedLayout(e, "brand", "Brand");
    await seedWorkflow(e, { workflowId: "welcome", name: "Welcome", tags: ["a"], steps: everyStep("brand") });
    const settings = { apiKey: e.apiKey, baseUrl: e.url };
    const layouts = new LayoutProvider({ settings, log });
    const workflows = new WorkflowProvider({ settings });
    closers.push(
      () => layouts.session.client().close(),
      () => workflows.session.client().close(),
    );
    const layout = {
      layoutId: "brand",
      name: "Brand",
      content: { body: SEED_LAYOUT_BODY, editorType: "html" },
      adopt: true,
    };
    const stored = (await call(e, "GET", "/v2/workflows/welcome")).body.data;
    const read = await workflows.read(stored._id, { workflowId: "welcome" });
    const workflow = { ...(read.inputs as Record<string, unknown>), adopt: true };
    e.resetRequests();
    await layouts.create(await checked(layouts, layout));
    await workflows.create(await checked(workflows, workflow));
    expect(writes(e)).toEqual([]);
    await layouts.create(await checked(layouts, { ...layout, name: "Brand 2" }));
    await workflows.create(await checked(workflows, { ...workflow, name: "Welcome 2" }));
    expect(writes(e)).toEqual(["PUT", "PUT"]);
  });
});
