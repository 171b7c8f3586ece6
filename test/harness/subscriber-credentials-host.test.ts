/**
 * The SubscriberCredentials lifecycle through the real dynamic-provider host of @pulumi/pulumi (test layer 4),
 * with the provider serialized by the SDK from compiled code. Needs `npm run build` first (the host loads dist).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
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
  urnOf,
  withUnknowns,
} from "../../testkit/harness/index";

const TYPE = "pulumi-nodejs:dynamic/svc:SubscriberCredentials";
const TOKENS = ["host-secret-token-aaaa", "host-secret-token-bbbb"];
const HOOK = "https://hooks.example.com/services/host-secret-hook";

let emu: Emulator;
let push: Registration;
let chat: Registration;

beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    fixtures: {
      integrations: [
        { providerId: "fcm", channel: "push", active: true, identifier: "fcm-main" },
        { providerId: "fcm", channel: "push", active: true, identifier: "fcm-eu" },
        { providerId: "slack", channel: "chat", active: true, identifier: "slack-main" },
      ],
      subscribers: [{ subscriberId: "carol" }, { subscriberId: "dave" }],
    },
  });
  const regs = await captureRegistrations({
    program: `
      const svc = require("pulumi-svc");
      return [
        new svc.SubscriberCredentials("carol-fcm", {
          subscriberId: "carol", providerId: "fcm", integrationIdentifier: "fcm-main",
          credentials: { deviceTokens: ${JSON.stringify(TOKENS)} },
        }),
        new svc.SubscriberCredentials("dave-slack", {
          subscriberId: "dave", providerId: "slack", credentials: { webhookUrl: ${JSON.stringify(HOOK)} },
        }),
      ];`,
  });
  push = regs.find((r) => r.name === "carol-fcm")!;
  chat = regs.find((r) => r.name === "dave-slack")!;
});
afterAll(async () => {
  await emu.close();
});

function config(): PropertyMap {
  return { "svc:apiKey": secret(emu.apiKey), "svc:baseUrl": emu.url };
}

function runner(): LifecycleRunner {
  return new LifecycleRunner(() => startHarness({ config: config() }));
}

function desired(base: Registration, changes: PropertyMap = {}): DesiredResource {
  return {
    urn: urnOf(TYPE, base.name),
    inputs: { ...base.inputs, ...changes },
    additionalSecretOutputs: ["credentials"],
  };
}

function entries(subscriberId: string) {
  return emu.subscriber(emu.keys[0]!.environmentId, subscriberId)?.channels ?? [];
}

/** The identifier of the integration an entry is bound to (entries carry only its `_integrationId`). */
function identifierOf(integrationId: string): string | undefined {
  return emu.integrations({ includeDeleted: true }).find((i) => i._id === integrationId)?.identifier;
}

describe("serialization, as the SDK does it", () => {
  it("registers a small, secret-free serialized provider and secret credentials", () => {
    expect(push.type).toBe(TYPE);
    const provider = push.inputs.__provider as string;
    expect(typeof provider).toBe("string");
    expect(provider.length).toBeLessThanOrEqual(8 * 1024);
    expect(provider).toContain('require("pulumi-svc/internal/provider-runtime")');
    expect(provider).toContain("subscriber-credentials");
    for (const t of TOKENS) expect(provider).not.toContain(t);
    expect(isSecret(push.inputs.credentials)).toBe(true);
    expect(isSecret(chat.inputs.credentials)).toBe(true);
  });
});

describe("SubscriberCredentials lifecycle through the host", () => {
  it("bad input gives check failures before any request", async () => {
    const h = await startHarness({ config: config() });
    emu.resetRequests();
    try {
      const { failures } = await h.check(
        urnOf(TYPE, "bad"),
        {},
        {
          ...desired(push).inputs,
          providerId: "sendgrid",
          credentials: { deviceTokens: ["same", "same"], webhookUrl: "nope" },
        },
      );
      const reasons = failures.map((f) => f.reason).join("\n");
      expect(reasons).toMatch(/providerId: must be one of slack, discord/);
      expect(reasons).toMatch(/deviceTokens\[1\]: duplicates/);
      expect(reasons).toMatch(/webhookUrl: must be a valid http\(s\) URL/);
      expect(emu.requests).toHaveLength(0);
    } finally {
      await h.close();
    }
  });

  it("preview, create, no-op, update, refresh after an out-of-band change, replace, gone, destroy", async () => {
    const r = runner();
    emu.resetRequests();

    const preview = await r.preview([
      { ...desired(push), inputs: withUnknowns(desired(push).inputs, ["credentials"]) },
    ]);
    expect(preview.map((s) => [s.op, s.check?.failures.length, s.error])).toEqual([["create", 0, undefined]]);
    // The one request checks the key and address.
    expect(emu.requests.map((x) => `${x.method} ${x.path}`)).toEqual(["GET /v1/environments/me"]);

    const up1 = await r.up([desired(push), desired(chat)]);
    expect(up1.map((s) => [s.op, s.error])).toEqual([
      ["create", undefined],
      ["create", undefined],
    ]);
    const carol = r.state.get(desired(push).urn)!;
    expect(carol.id).toBe("carol/fcm/fcm-main");
    expect(carol.secretOutputs).toContain("credentials");
    expect(carol.outputs).toMatchObject({
      integrationIdentifier: "fcm-main",
      credentials: { deviceTokens: TOKENS },
    });
    expect(r.state.get(desired(chat).urn)?.id).toBe("dave/slack");
    expect(r.state.get(desired(chat).urn)?.outputs.integrationIdentifier).toBe("slack-main");
    expect(entries("carol").map((c) => c.credentials.deviceTokens)).toEqual([TOKENS]);

    const up2 = await r.up([desired(push), desired(chat)]);
    expect(up2.map((s) => [s.op, s.diff?.changes])).toEqual([
      ["same", "none"],
      ["same", "none"],
    ]);

    // In-place update: the stored list becomes exactly the declared one.
    const fewer = secret({ deviceTokens: [TOKENS[1]!, "host-secret-token-cccc"] });
    const up3 = await r.up([desired(push, { credentials: fewer }), desired(chat)]);
    expect(up3.map((s) => s.op)).toEqual(["update", "same"]);
    expect(entries("carol").map((c) => c.credentials.deviceTokens)).toEqual([
      [TOKENS[1], "host-secret-token-cccc"],
    ]);

    // Tokens changed out of band: refresh reads them, the next up puts the declared ones back.
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    await client.subscribers.upsertCredentials("carol", {
      providerId: "fcm",
      integrationIdentifier: "fcm-main",
      credentials: { deviceTokens: ["host-token-by-hand"] },
    });
    const refreshed = await r.refresh();
    expect(refreshed.map((s) => [s.op, s.error])).toEqual([
      ["read", undefined],
      ["read", undefined],
    ]);
    expect(r.state.get(desired(push).urn)?.outputs.credentials).toEqual({
      deviceTokens: ["host-token-by-hand"],
    });
    const up4 = await r.up([desired(push, { credentials: fewer }), desired(chat)]);
    expect(up4.map((s) => [s.op, s.diff?.changes])).toEqual([
      ["update", "some"],
      ["same", "none"],
    ]);
    expect(entries("carol").map((c) => c.credentials.deviceTokens)).toEqual([
      [TOKENS[1], "host-secret-token-cccc"],
    ]);

    // Replace on integrationIdentifier: same subscriber and provider, so the old entry is cleared first.
    const up5 = await r.up([
      desired(push, { credentials: fewer, integrationIdentifier: "fcm-eu" }),
      desired(chat),
    ]);
    expect(up5.map((s) => [s.op, s.diff?.replaces, s.diff?.deleteBeforeReplace, s.error])).toEqual([
      ["replace", ["integrationIdentifier"], true, undefined],
      ["same", [], false, undefined],
    ]);
    expect(r.state.get(desired(push).urn)?.id).toBe("carol/fcm/fcm-eu");
    expect(entries("carol").map((c) => [identifierOf(c._integrationId), c.credentials.deviceTokens])).toEqual(
      [["fcm-eu", [TOKENS[1], "host-secret-token-cccc"]]],
    );

    // The chat entry removed out of band: refresh drops it from state, up creates it again.
    await client.subscribers.deleteCredentials("dave", "slack");
    const refreshed2 = await r.refresh();
    expect(refreshed2.map((s) => s.op).sort()).toEqual(["gone", "read"]);
    const up6 = await r.up([
      desired(push, { credentials: fewer, integrationIdentifier: "fcm-eu" }),
      desired(chat),
    ]);
    expect(up6.map((s) => s.op)).toEqual(["same", "create"]);
    expect(entries("dave").map((c) => c.credentials.webhookUrl)).toEqual([HOOK]);

    const down = await r.destroy();
    expect(down.map((s) => [s.op, s.error])).toEqual([
      ["delete", undefined],
      ["delete", undefined],
    ]);
    expect(entries("carol")).toEqual([]);
    expect(entries("dave")).toEqual([]);
    await client.close();

    // Nothing secret in plaintext: persisted state, host output, engine logs.
    const plain = JSON.stringify(r.persistedState()) + r.hostOutput + r.hostLogs.join("\n");
    for (const v of [emu.apiKey, ...TOKENS, HOOK, "host-secret-token-cccc"]) expect(plain).not.toContain(v);
  });

  it("a missing subscriber fails the create with the environment searched, and nothing secret", async () => {
    const r = runner();
    const up = await r.up([desired(push, { subscriberId: "nobody" })]);
    expect(up[0]?.error?.message).toMatch(/subscriber "nobody" does not exist in environment/);
    expect(up[0]?.error?.message).toContain(emu.keys[0]!.environmentId);
    for (const t of TOKENS) expect(up[0]?.error?.message).not.toContain(t);
    expect(r.state.size).toBe(0);
  });
});
