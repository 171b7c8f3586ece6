/**
 * The serialized-provider contract (provider/runtime/index.ts): providers serialized by older versions of
 * pulumi-svc sit in every stack's state and must keep working with this runtime. The fixtures are the exact
 * `__provider` texts of each shape older versions stored (testkit/harness/stored-providers.ts): contract v1,
 * the first published shape (main at c5c3e33) and the loop of forwarders (up to ab3599c). The real
 * dynamic-provider host runs every kind with them through create, update, refresh and destroy, and a stack
 * holding them, run with this package's provider, sees no change. test/engine/shim-upgrade.test.ts runs the
 * upgrade under the real engine. Needs `npm run build` first (the host loads dist).
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { BOTH_KINDS_EXPECTED, BOTH_KINDS_FIXTURES, runBothKinds } from "../../testkit/consumer/both-kinds";
import {
  captureRegistrations,
  type DesiredResource,
  LifecycleRunner,
  type Registration,
  repoRoot,
  secret,
  startHarness,
} from "../../testkit/harness/index";
import {
  STORED_PROVIDERS,
  type StoredProviderShape,
  storedProviderTexts,
  TYPE_OF_KIND,
} from "../../testkit/harness/stored-providers";

const PROGRAM = join(repoRoot(), "test/consumer/programs/javascript/index.js");
const SHAPES = Object.keys(STORED_PROVIDERS) as StoredProviderShape[];
const SET_TYPE = TYPE_OF_KIND["subscriber-credentials-set"];

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({
    port: 0,
    fixtures: {
      ...BOTH_KINDS_FIXTURES,
      subscribers: [
        ...(BOTH_KINDS_FIXTURES.subscribers ?? []),
        { subscriberId: "set-a" },
        { subscriberId: "set-b" },
      ],
    },
  });
});
afterEach(async () => {
  await emu.close();
});

const config = () => ({ "svc:apiKey": secret(emu.apiKey), "svc:baseUrl": emu.url });
const host = () => startHarness({ config: config() });

/** The registrations with `__provider` replaced by the stored text of their type (when the shape has one). */
function withStored(regs: Registration[], stored: Record<string, string>): Registration[] {
  return regs.map((r) => ({
    ...r,
    inputs: { ...r.inputs, __provider: stored[r.type] ?? r.inputs.__provider ?? "" },
  }));
}

const desired = (regs: Registration[]): DesiredResource[] =>
  regs.map((r) => ({ urn: r.urn, inputs: r.inputs, additionalSecretOutputs: ["credentials"] }));

/** The consumer program's two resources and a SubscriberCredentialsSet, as this package registers them. */
async function registrations(tokens: string): Promise<Registration[]> {
  return captureRegistrations({
    config: {
      "demo:integrationName": "Email",
      "demo:sendgridApiKey": "SG.k",
      "demo:subscriberId": "consumer-sub",
      "demo:deviceTokens": '["t-1"]',
    },
    program: `const m = require(${JSON.stringify(PROGRAM)});
      const svc = require("pulumi-svc");
      const set = new svc.SubscriberCredentialsSet("devices", { providerId: "fcm", integrationIdentifier: "fcm-consumer",
        credentials: { "set-a": { deviceTokens: ["${tokens}-a"] }, "set-b": { deviceTokens: ["${tokens}-b"] } } });
      return [m.email, m.phone, set];`,
  });
}

const setTokens = () =>
  ["set-a", "set-b"].map(
    (id) => emu.subscriber(emu.keys[0]!.environmentId, id)?.channels?.[0]?.credentials.deviceTokens ?? [],
  );

describe.each(SHAPES)("providers serialized by older versions: %s (contract v1)", (shape) => {
  const stored = storedProviderTexts(shape);

  it("the fixtures are v1 texts: the runtime path, createProvider and a kind", () => {
    expect(Object.keys(stored)).toHaveLength(STORED_PROVIDERS[shape].kinds.length);
    for (const text of Object.values(stored)) {
      expect(text).toContain('require("pulumi-svc/internal/provider-runtime").createProvider(');
      expect(text).toMatch(/kind: "(integration|subscriber-credentials|subscriber-credentials-set)"/);
    }
  });

  it("run Integration and SubscriberCredentials through create, update, refresh and destroy in the real host", async () => {
    const report = await runBothKinds({
      emu,
      capture: async (cfg) =>
        withStored(
          await captureRegistrations({
            config: cfg,
            program: `const m = require(${JSON.stringify(PROGRAM)}); return [m.email, m.phone];`,
          }),
          stored,
        ),
      startHost: host,
    });
    const { hostOutput: _output, ...steps } = report;
    expect(steps).toEqual(BOTH_KINDS_EXPECTED);
  }, 120_000);

  it.runIf(stored[SET_TYPE] !== undefined)(
    "run SubscriberCredentialsSet through create, update, refresh and destroy in the real host",
    async () => {
      const r = new LifecycleRunner(host);
      const sets = async (tokens: string) =>
        desired(withStored(await registrations(tokens), stored).filter((x) => x.type === SET_TYPE));
      const ops = (steps: { op: string; error?: Error }[]) => steps.map((s) => s.error?.message ?? s.op);
      expect(ops(await r.up(await sets("v1")))).toEqual(["create"]);
      expect(setTokens()).toEqual([["v1-a"], ["v1-b"]]);
      expect(ops(await r.up(await sets("v2")))).toEqual(["update"]);
      expect(setTokens()).toEqual([["v2-a"], ["v2-b"]]);
      expect(ops(await r.refresh())).toEqual(["read"]);
      expect(ops(await r.destroy())).toEqual(["delete"]);
      expect(setTokens()).toEqual([[], []]);
    },
    120_000,
  );

  it("a stack holding them, run with this package's provider, has no change; destroy uses the stored text", async () => {
    const r = new LifecycleRunner(host);
    const current = await registrations("v1");
    const old = withStored(current, stored);
    expect((await r.up(desired(old))).map((s) => s.error?.message ?? s.op)).toEqual([
      "create",
      "create",
      "create",
    ]);
    emu.resetRequests();
    const steps = await r.up(desired(current));
    expect(steps.map((s) => [s.op, s.diff?.changes])).toEqual([
      ["same", "none"],
      ["same", "none"],
      ["same", "none"],
    ]);
    expect(emu.requests.filter((x) => x.method !== "GET")).toEqual([]);
    // A same step records the new inputs and keeps the outputs, so delete gets the stored text.
    for (const e of r.state.values()) {
      expect(e.inputs.__provider).toContain(".installProvider(this, req)");
      expect(e.outputs.__provider).toBe(old.find((o) => o.urn === e.urn)?.inputs.__provider);
    }
    expect((await r.destroy()).map((s) => s.error?.message ?? s.op)).toEqual(["delete", "delete", "delete"]);
    expect(emu.integrations().filter((i) => i.providerId === "sendgrid")).toEqual([]);
  }, 120_000);
});
