/**
 * The SubscriberCredentialsSet lifecycle through the real dynamic-provider host of @pulumi/pulumi (test
 * layer 4), with the provider and the fingerprints made by the SDK from compiled code. Needs
 * `npm run build` first (the host loads dist).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { decodeCredentials } from "../../provider/model/subscriber-credentials-set-schema";
import { SvcClient } from "../../sdk";
import {
  captureRegistrations,
  type DesiredResource,
  isSecret,
  LifecycleRunner,
  type PropertyMap,
  type Registration,
  secret,
  startHarness,
  unwrapSecrets,
  urnOf,
  withUnknowns,
} from "../../testkit/harness/index";

const TYPE = "pulumi-nodejs:dynamic/svc:SubscriberCredentialsSet";
const N = 300;
const ids = Array.from({ length: N }, (_, i) => `host-sub-${i}`);
const tokenOf = (id: string, v: number) => `host-set-secret-${id}-v${v}`;
const CHANGED = ["host-sub-3", "host-sub-4", "host-sub-5"];
const REMOVED = ["host-sub-7", "host-sub-8"];

let emu: Emulator;
let v1: Registration;
let v2: Registration;

beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    fixtures: {
      integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: "fcm-main" }],
      subscribers: ids.map((subscriberId) => ({ subscriberId })),
    },
  });
  // v1: every subscriber; v2: three tokens changed, two subscribers removed.
  const regs = await captureRegistrations({
    config: { "svc:fingerprintKey": "host-test-fingerprint-key" },
    program: `
      const svc = require("pulumi-svc");
      const ids = ${JSON.stringify(ids)};
      const changed = ${JSON.stringify(CHANGED)}, removed = ${JSON.stringify(REMOVED)};
      const tok = (id, v) => "host-set-secret-" + id + "-v" + v;
      const v1 = Object.fromEntries(ids.map((id) => [id, { deviceTokens: [tok(id, 1)] }]));
      const v2 = Object.fromEntries(ids.filter((id) => !removed.includes(id))
        .map((id) => [id, { deviceTokens: [tok(id, changed.includes(id) ? 2 : 1)] }]));
      return [
        new svc.SubscriberCredentialsSet("v1", { providerId: "fcm", integrationIdentifier: "fcm-main", credentials: v1 }),
        new svc.SubscriberCredentialsSet("v2", { providerId: "fcm", integrationIdentifier: "fcm-main", credentials: v2 }),
      ];`,
  });
  v1 = regs.find((r) => r.name === "v1")!;
  v2 = regs.find((r) => r.name === "v2")!;
});
afterAll(async () => {
  await emu.close();
});

function config(): PropertyMap {
  return { "svc:apiKey": secret(emu.apiKey), "svc:baseUrl": emu.url };
}

/** Both versions address one resource (the program's edit). */
function desired(reg: Registration): DesiredResource {
  return { urn: urnOf(TYPE, "devices"), inputs: reg.inputs, additionalSecretOutputs: ["credentials"] };
}

/** The registration as a version before the text form sent it: the credentials as a secret map. */
function asMap(reg: Registration): DesiredResource {
  const text = unwrapSecrets(reg.inputs.credentials!) as string;
  const map = JSON.parse(text) as PropertyMap;
  return { ...desired(reg), inputs: { ...reg.inputs, credentials: secret(map) } };
}

function tokens(id: string): string[] | undefined {
  return emu.subscriber(emu.keys[0]!.environmentId, id)?.channels?.[0]?.credentials.deviceTokens;
}

const writes = () => emu.requests.filter((r) => r.method !== "GET");
/** Requests since the last reset, method and path (the key's environment, asked once per host, left out). */
const requestLines = () =>
  emu.requests
    .filter((r) => r.path !== "/v1/environments/me")
    .map((r) => `${r.method} ${r.path.split("?")[0]}`);

describe("serialization, as the SDK does it", () => {
  it("a small secret-free provider, secret credentials, and a non-secret fingerprint per subscriber", () => {
    expect(v1.type).toBe(TYPE);
    const provider = v1.inputs.__provider as string;
    expect(provider.length).toBeLessThanOrEqual(8 * 1024);
    expect(provider).toContain("subscriber-credentials-set");
    expect(isSecret(v1.inputs.credentials)).toBe(true);
    const f1 = v1.inputs.fingerprints as Record<string, string>;
    const f2 = v2.inputs.fingerprints as Record<string, string>;
    expect(isSecret(f1)).toBe(false);
    expect(Object.keys(f1)).toHaveLength(N);
    expect(f1["host-sub-0"]).toMatch(/^[0-9a-f]{16}$/);
    // Exactly the edited subscribers differ.
    const differ = ids.filter((id) => f1[id] !== f2[id]);
    expect(differ).toEqual([...CHANGED, ...REMOVED]);
    const text = JSON.stringify([provider, f1, f2]);
    for (const id of ids) expect(text).not.toContain(tokenOf(id, 1));
  });
});

describe("SubscriberCredentialsSet lifecycle through the host", () => {
  it("bad entries give check failures naming the subscriber, before any request", async () => {
    const h = await startHarness({ config: config() });
    emu.resetRequests();
    try {
      const creds = { a: { deviceTokens: ["dup-secret", "dup-secret"] }, b: { colour: "red" } };
      const { failures } = await h.check(
        urnOf(TYPE, "bad"),
        {},
        { __provider: v1.inputs.__provider!, providerId: "fcm", credentials: creds },
      );
      const reasons = failures.map((f) => f.reason);
      expect(reasons).toContain("credentials.a.deviceTokens[1]: duplicates deviceTokens[0]");
      expect(reasons.some((r) => r.startsWith("credentials.b.colour: unknown field"))).toBe(true);
      expect(JSON.stringify(failures)).not.toContain("dup-secret");
      expect(emu.requests).toHaveLength(0);
    } finally {
      await h.close();
    }
  });

  it("preview, create, no-op, per-entry update, refresh after an out-of-band change, destroy", async () => {
    const r = new LifecycleRunner(() => startHarness({ config: config() }));
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    try {
      emu.resetRequests();
      const preview = await r.preview([{ ...desired(v1), inputs: withUnknowns(v1.inputs, ["credentials"]) }]);
      expect(preview.map((s) => [s.op, s.error])).toEqual([["create", undefined]]);
      // The one request checks the key and address.
      expect(emu.requests.map((x) => `${x.method} ${x.path}`)).toEqual(["GET /v1/environments/me"]);

      const up1 = await r.up([desired(v1)]);
      expect(up1.map((s) => [s.op, s.error])).toEqual([["create", undefined]]);
      expect(writes()).toHaveLength(N);
      // Two pages of subscribers, and the integrations (the _id the entries must be bound to).
      expect(emu.requests.filter((x) => x.method === "GET" && x.path !== "/v1/environments/me")).toHaveLength(
        4,
      );
      const state = r.state.get(urnOf(TYPE, "devices"))!;
      expect(state.id).toBe("fcm/fcm-main");
      expect(state.secretOutputs).toContain("credentials");
      expect(tokens("host-sub-299")).toEqual([tokenOf("host-sub-299", 1)]);

      emu.resetRequests();
      const up2 = await r.up([desired(v1)]);
      expect(up2.map((s) => [s.op, s.diff?.changes])).toEqual([["same", "none"]]);
      // Diff reads only the integrations (whether a write would now land on another one); nothing else.
      expect(requestLines()).toEqual(["GET /v1/integrations"]);

      emu.resetRequests();
      const up3 = await r.up([desired(v2)]);
      expect(up3.map((s) => [s.op, s.error])).toEqual([["update", undefined]]);
      expect(
        writes()
          .map((w) => w.method)
          .sort(),
      ).toEqual(["DELETE", "DELETE", "PUT", "PUT", "PUT"]);
      expect(tokens("host-sub-4")).toEqual([tokenOf("host-sub-4", 2)]);
      expect(tokens("host-sub-7")).toBeUndefined();

      // Out of band: one subscriber's tokens replaced by hand. Refresh shows it; the next up puts it back.
      await client.subscribers.replaceCredentials("host-sub-20", {
        providerId: "fcm",
        integrationIdentifier: "fcm-main",
        credentials: { deviceTokens: ["host-by-hand"] },
      });
      emu.resetRequests();
      const refreshed = await r.refresh();
      expect(refreshed.map((s) => [s.op, s.error])).toEqual([["read", undefined]]);
      expect(emu.requests.length).toBeLessThanOrEqual(4);
      const after = r.state.get(urnOf(TYPE, "devices"))!;
      // The state keeps the credentials map as one JSON text (encodeCredentials), as the resource sent it.
      expect(typeof after.outputs.credentials).toBe("string");
      const creds = decodeCredentials(after.outputs.credentials) as Record<
        string,
        { deviceTokens: string[] }
      >;
      expect(creds["host-sub-20"]).toEqual({ deviceTokens: ["host-by-hand"] });
      expect((after.outputs.fingerprints as Record<string, string>)["host-sub-20"]).toBe(
        "changed-outside-pulumi",
      );
      emu.resetRequests();
      const up4 = await r.up([desired(v2)]);
      expect(up4.map((s) => [s.op, s.diff?.changes])).toEqual([["update", "some"]]);
      expect(writes()).toHaveLength(1);
      expect(tokens("host-sub-20")).toEqual([tokenOf("host-sub-20", 1)]);

      emu.resetRequests();
      const down = await r.destroy();
      expect(down.map((s) => [s.op, s.error])).toEqual([["delete", undefined]]);
      expect(writes()).toHaveLength(N - REMOVED.length);
      expect(tokens("host-sub-0")).toBeUndefined();

      const plain = JSON.stringify(r.persistedState()) + r.hostOutput + r.hostLogs.join("\n");
      for (const v of [emu.apiKey, "host-test-fingerprint-key", ...ids.map((id) => tokenOf(id, 1))]) {
        expect(plain).not.toContain(v);
      }
    } finally {
      await client.close();
    }
  }, 120_000);

  it("a state with the credentials as a map (written before the text form): no change, then an update in the text form", async () => {
    const r = new LifecycleRunner(() => startHarness({ config: config() }));
    emu.resetRequests();
    const up1 = await r.up([asMap(v1)]);
    expect(up1.map((s) => [s.op, s.error])).toEqual([["create", undefined]]);
    const before = r.state.get(urnOf(TYPE, "devices"))!;
    expect(typeof before.outputs.credentials).toBe("object");
    emu.resetRequests();
    const same = await r.up([desired(v1)]);
    expect(same.map((s) => [s.op, s.diff?.changes])).toEqual([["same", "none"]]);
    expect(requestLines()).toEqual(["GET /v1/integrations"]); // diff's binding check only
    const refreshed = await r.refresh();
    expect(refreshed.map((s) => [s.op, s.error])).toEqual([["read", undefined]]);
    emu.resetRequests();
    const up2 = await r.up([desired(v2)]);
    expect(up2.map((s) => [s.op, s.error])).toEqual([["update", undefined]]);
    expect(writes()).toHaveLength(CHANGED.length + REMOVED.length);
    expect(tokens("host-sub-4")).toEqual([tokenOf("host-sub-4", 2)]);
    const after = r.state.get(urnOf(TYPE, "devices"))!;
    expect(typeof after.outputs.credentials).toBe("string");
    const down = await r.destroy();
    expect(down.map((s) => [s.op, s.error])).toEqual([["delete", undefined]]);
    expect(tokens("host-sub-0")).toBeUndefined();
  }, 120_000);
});
