/**
 * What a refresh keeps of the declared inputs on the JavaScript path: the real dynamic-provider host of
 * @pulumi/pulumi, which hands read the state's outputs only (not its inputs), with the providers serialized
 * by the SDK from compiled code (provider/runtime/shared/kept-inputs.ts). An Integration declared with
 * `credentials: {}` and a Workflow that leaves its optional fields out: after `up` and `refresh` the state's
 * inputs are the checked ones (credentials still secret), so a rename and one control edit differ from them in
 * exactly those two paths (what the engine shows for a dynamic resource). Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { changedPaths } from "../../testkit/changed-paths";
import {
  captureRegistrations,
  type DesiredResource,
  LifecycleRunner,
  type PropertyMap,
  secret,
  startHarness,
  urnOf,
} from "../../testkit/harness/index";

let emu: Emulator;

/** The program: the integration's name and the email step's subject vary. */
function program(name: string, subject: string): string {
  return `
    const svc = require("pulumi-svc");
    return [
      new svc.Integration("alerts", { providerId: "sendgrid", channel: "email", name: ${JSON.stringify(name)}, credentials: {}, check: false }),
      new svc.Workflow("onboarding", { name: "Onboarding", steps: [
        { name: "Inbox", type: "in_app", controls: { body: "Hi" } },
        { name: "Mail", type: "email", controls: { subject: ${JSON.stringify(subject)}, body: "<p>Hi</p>" } },
      ] }),
    ];`;
}

async function desired(name: string, subject: string): Promise<DesiredResource[]> {
  const regs = await captureRegistrations({ program: program(name, subject) });
  return regs.map((r) => ({
    urn: urnOf(r.type, r.name),
    inputs: r.inputs,
    additionalSecretOutputs: ["credentials"],
  }));
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emu.close();
});

describe("a refresh through the dynamic-provider host keeps the declared inputs", () => {
  it("after up and refresh, a rename and one control edit differ from the state's inputs in exactly those paths", async () => {
    const r = new LifecycleRunner(() =>
      startHarness({ config: { "svc:apiKey": secret(emu.apiKey), "svc:baseUrl": emu.url } }),
    );
    const before = await desired("Alerts", "Welcome");
    const up = await r.up(before);
    expect(up.map((s) => [s.op, s.error])).toEqual([
      ["create", undefined],
      ["create", undefined],
    ]);
    const written = new Map([...r.state].map(([urn, e]) => [urn, structuredClone(e.inputs)]));
    const refreshed = await r.refresh();
    expect(refreshed.map((s) => [s.op, s.error, s.diff?.changes])).toEqual([
      ["read", undefined, "none"],
      ["read", undefined, "none"],
    ]);
    for (const [urn, e] of r.state) {
      expect(changedPaths(written.get(urn) as PropertyMap, e.inputs, ["__provider"])).toEqual([]);
    }
    const alerts = [...r.state.values()].find((e) => e.urn.endsWith("::alerts"));
    expect(alerts?.inputs.credentials).toEqual({});
    expect(alerts?.secretInputs).toContain("credentials");

    const preview = await r.preview(await desired("Alerts EU", "Welcome aboard"));
    const shown = Object.fromEntries(
      preview.map((s) => [
        s.urn.split("::").pop(),
        [s.op, changedPaths(r.state.get(s.urn)?.inputs ?? {}, s.check?.inputs ?? {}, ["__provider"])],
      ]),
    );
    expect(shown).toEqual({
      alerts: ["update", ["name"]],
      onboarding: ["update", ["steps[1].controls.subject"]],
    });
    await r.destroy();
  });
});
