/**
 * "Held by the service, not managed here": each resource kind whose `credentials` are left out (what
 * `pulumi import` generates, the service never returning secrets) called directly against the emulator. An
 * import's read answers inputs without credentials; those inputs, checked as they are, pass check, diff to
 * no change, and update, refresh and delete never send, change or clear what the service holds. Declaring
 * the credentials later takes them over: a change, and the write. Request logs and stored values, not
 * timings, are asserted.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../emulator";
import type { IntegrationOutputs } from "../../../provider/model/integration-schema";
import type {
  SubscriberCredentialsInputs,
  SubscriberCredentialsOutputs,
} from "../../../provider/model/subscriber-credentials-schema";
import {
  decodeCredentials,
  type SubscriberCredentialsSetWire,
} from "../../../provider/model/subscriber-credentials-set-schema";
import { IntegrationProvider } from "../../../provider/runtime/integration/provider";
import { SubscriberCredentialsProvider } from "../../../provider/runtime/subscriber-credentials/provider";
import { SubscriberCredentialsSetProvider } from "../../../provider/runtime/subscriber-credentials-set/provider";
import { call } from "../../../testkit/emulator-http";

const SERVICE_ACCOUNT = '{"type":"service_account","private_key":"held-secret-sa-01"}';
const DECLARED_ACCOUNT = '{"type":"service_account","private_key":"declared-secret-sa-02"}';
const ADA_TOKEN = "held-secret-token-ada";
const GRACE_TOKEN = "held-secret-token-grace";
const NEW_TOKEN = "declared-secret-token-03";

let emu: Emulator | undefined;
const closers: { session: { client(): { close(): Promise<void> } } }[] = [];
afterEach(async () => {
  for (const p of closers.splice(0)) await p.session.client().close();
  await emu?.close();
  emu = undefined;
});

/** An emulator with an active fcm integration and two subscribers holding fcm tokens written out of band. */
async function start(): Promise<Emulator> {
  const e = await startEmulator({
    port: 0,
    fixtures: {
      integrations: [],
      subscribers: [{ subscriberId: "ada" }, { subscriberId: "grace" }],
    },
  });
  emu = e;
  const made = await call(e, "POST", "/v1/integrations", {
    body: {
      providerId: "fcm",
      channel: "push",
      identifier: "fcm-held",
      active: true,
      credentials: { serviceAccount: SERVICE_ACCOUNT },
    },
  });
  expect(made.status).toBe(201);
  for (const [subscriberId, token] of [
    ["ada", ADA_TOKEN],
    ["grace", GRACE_TOKEN],
  ] as const) {
    const written = await call(e, "PATCH", `/v1/subscribers/${subscriberId}/credentials`, {
      body: { providerId: "fcm", integrationIdentifier: "fcm-held", credentials: { deviceTokens: [token] } },
    });
    expect(written.status).toBe(200);
  }
  return e;
}

function settings(e: Emulator) {
  return { settings: { apiKey: e.apiKey, baseUrl: e.url } };
}

function tracked<T extends { session: { client(): { close(): Promise<void> } } }>(p: T): T {
  closers.push(p);
  return p;
}

/** The stored integration (credentials included). */
function stored(e: Emulator) {
  return e.integrations().find((i) => i.identifier === "fcm-held" && i.deleted !== true);
}

/** Every fcm entry of a subscriber as stored (binding and credentials). */
function entries(e: Emulator, subscriberId: string) {
  return structuredClone(e.subscriber(e.keys[0]!.environmentId, subscriberId)?.channels ?? []);
}

/** Requests that write (anything but GET) since `from`. */
function writesSince(e: Emulator, from: number) {
  return e.requests.slice(from).filter((r) => r.method !== "GET");
}

describe("Integration: credentials left out", () => {
  it("an import of an active fcm integration checks, diffs and updates without its credentials; declaring them takes them over", async () => {
    const e = await start();
    const p = tracked(new IntegrationProvider(settings(e)));
    const id = String(stored(e)?._id);
    const read = await p.read(id);
    expect(read.inputs).not.toHaveProperty("credentials");
    const imported = read.inputs as Record<string, unknown>;
    const check = await p.check(imported, imported);
    expect(check.failures).toEqual([]);
    const olds = read.props as IntegrationOutputs;
    expect(await p.diff(id, olds, check.inputs)).toMatchObject({ changes: false });
    // An edit of another property sends no credentials: the service keeps its own.
    const edited = await p.check(imported, { ...imported, name: "Renamed after import" });
    const from = e.requests.length;
    const updated = await p.update(id, olds, edited.inputs);
    expect(writesSince(e, from).map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /v1/integrations/${id}`]);
    expect(stored(e)?.credentials).toEqual({ serviceAccount: SERVICE_ACCOUNT });
    expect(updated.outs.credentials).toEqual({});
    // Declared later: a change of credentials, written by the update.
    const declared = await p.check(imported, {
      ...imported,
      name: "Renamed after import",
      credentials: { serviceAccount: DECLARED_ACCOUNT },
    });
    expect(declared.failures).toEqual([]);
    expect(await p.diff(id, updated.outs, declared.inputs)).toMatchObject({ changes: true, replaces: [] });
    const taken = await p.update(id, updated.outs, declared.inputs);
    expect(stored(e)?.credentials).toEqual({ serviceAccount: DECLARED_ACCOUNT });
    expect(taken.outs.credentials).toEqual({ serviceAccount: DECLARED_ACCOUNT });
    // Left out again: no change, nothing sent, the outputs keep what was last written.
    expect(await p.diff(id, taken.outs, edited.inputs)).toMatchObject({ changes: false });
  });

  it("a new active integration (a create, or a replacement) still needs the required keys; adopt keeps the held ones", async () => {
    const e = await start();
    const p = tracked(new IntegrationProvider(settings(e)));
    const news = { providerId: "fcm", channel: "push", identifier: "fcm-new", active: true };
    const created = await p.check({}, news);
    expect(created.failures.map((f) => f.reason)).toEqual([
      'credentials: provider "fcm" needs serviceAccount when active (missing: serviceAccount)',
    ]);
    const replaced = await p.check({ ...news, providerId: "apns" }, news);
    expect(replaced.failures).toHaveLength(1);
    expect((await p.check({}, { ...news, adopt: true })).failures).toEqual([]);
    expect((await p.check(news, news)).failures).toEqual([]);
  });
});

describe("SubscriberCredentials: credentials left out", () => {
  const id = "ada/fcm/fcm-held";

  it("an import reads the entry, diffs to no change, and destroy leaves the entry", async () => {
    const e = await start();
    const p = tracked(new SubscriberCredentialsProvider(settings(e)));
    const read = await p.read(id);
    expect(read.inputs).toEqual({
      subscriberId: "ada",
      providerId: "fcm",
      integrationIdentifier: "fcm-held",
    });
    expect(read.props).toMatchObject({
      credentials: { deviceTokens: [ADA_TOKEN] },
      credentialsManaged: false,
    });
    const imported = read.inputs as Record<string, unknown>;
    const check = await p.check(imported, imported);
    expect(check.failures).toEqual([]);
    const olds = read.props as SubscriberCredentialsOutputs;
    expect(await p.diff(id, olds, check.inputs)).toMatchObject({ changes: false });
    // A refresh keeps it unmanaged and reads the entry again.
    const refreshed = await p.read(id, olds);
    expect(refreshed.props).toMatchObject({ credentialsManaged: false });
    expect(refreshed.inputs).not.toHaveProperty("credentials");
    const before = entries(e, "ada");
    const from = e.requests.length;
    await p.delete(id, refreshed.props as SubscriberCredentialsOutputs);
    expect(writesSince(e, from)).toEqual([]);
    expect(entries(e, "ada")).toEqual(before);
  });

  it("declaring the credentials takes the entry over: a change, the write, and from then on destroy removes it", async () => {
    const e = await start();
    const p = tracked(new SubscriberCredentialsProvider(settings(e)));
    const read = await p.read(id);
    const olds = read.props as SubscriberCredentialsOutputs;
    const imported = read.inputs as Record<string, unknown>;
    // The same tokens as the service holds: still a change (the resource takes the entry over).
    const same = await p.check(imported, { ...imported, credentials: { deviceTokens: [ADA_TOKEN] } });
    expect(await p.diff(id, olds, same.inputs)).toMatchObject({ changes: true, replaces: [] });
    const declared = await p.check(imported, { ...imported, credentials: { deviceTokens: [NEW_TOKEN] } });
    const updated = await p.update(id, olds, declared.inputs);
    expect(updated.outs).not.toHaveProperty("credentialsManaged");
    expect(entries(e, "ada").map((c) => c.credentials.deviceTokens)).toEqual([[NEW_TOKEN]]);
    expect(await p.diff(id, updated.outs, declared.inputs)).toMatchObject({ changes: false });
    await p.delete(id, updated.outs);
    expect(entries(e, "ada").flatMap((c) => c.credentials.deviceTokens ?? [])).toEqual([]);
  });

  it("a create without credentials (the program's own import) writes nothing and records the entry as held", async () => {
    const e = await start();
    const p = tracked(new SubscriberCredentialsProvider(settings(e)));
    const check = await p.check(
      {},
      { subscriberId: "grace", providerId: "fcm", integrationIdentifier: "fcm-held" },
    );
    expect(check.failures).toEqual([]);
    const from = e.requests.length;
    const created = await p.create(check.inputs as SubscriberCredentialsInputs);
    expect(writesSince(e, from)).toEqual([]);
    expect(created.outs).toMatchObject({
      credentials: { deviceTokens: [GRACE_TOKEN] },
      credentialsManaged: false,
    });
    await p.delete(created.id, created.outs);
    expect(entries(e, "grace").map((c) => c.credentials.deviceTokens)).toEqual([[GRACE_TOKEN]]);
  });
});

describe("SubscriberCredentialsSet: credentials left out", () => {
  const id = "fcm/fcm-held";

  it("an import reads every entry as held; no change, and destroy clears nothing", async () => {
    const e = await start();
    const p = tracked(new SubscriberCredentialsSetProvider(settings(e)));
    const read = await p.read(id);
    expect(read.inputs).toEqual({ providerId: "fcm", integrationIdentifier: "fcm-held" });
    const olds = read.props as SubscriberCredentialsSetWire;
    expect(olds.credentialsManaged).toBe(false);
    expect(decodeCredentials(olds.credentials)).toEqual({
      ada: { deviceTokens: [ADA_TOKEN] },
      grace: { deviceTokens: [GRACE_TOKEN] },
    });
    const imported = read.inputs as Record<string, unknown>;
    const check = await p.check(imported, imported);
    expect(check.failures).toEqual([]);
    expect(await p.diff(id, olds, check.inputs)).toMatchObject({ changes: false });
    const before = [entries(e, "ada"), entries(e, "grace")];
    const from = e.requests.length;
    await p.delete(id, olds);
    expect(writesSince(e, from)).toEqual([]);
    expect([entries(e, "ada"), entries(e, "grace")]).toEqual(before);
  });

  it("declaring the map takes over exactly the declared subscribers; the others' entries are never cleared", async () => {
    const e = await start();
    const p = tracked(new SubscriberCredentialsSetProvider(settings(e)));
    const read = await p.read(id);
    const olds = read.props as SubscriberCredentialsSetWire;
    const imported = read.inputs as Record<string, unknown>;
    const declared = await p.check(imported, {
      ...imported,
      credentials: { ada: { deviceTokens: [NEW_TOKEN] } },
    });
    expect(declared.failures).toEqual([]);
    expect(await p.diff(id, olds, declared.inputs)).toMatchObject({ changes: true, replaces: [] });
    const graceBefore = entries(e, "grace");
    const updated = await p.update(id, olds, declared.inputs);
    expect(updated.outs).not.toHaveProperty("credentialsManaged");
    expect(entries(e, "ada").map((c) => c.credentials.deviceTokens)).toEqual([[NEW_TOKEN]]);
    expect(entries(e, "grace")).toEqual(graceBefore);
    // Managed from now on: destroy clears the set's own subscriber only.
    await p.delete(id, updated.outs);
    expect(entries(e, "ada").flatMap((c) => c.credentials.deviceTokens ?? [])).toEqual([]);
    expect(entries(e, "grace")).toEqual(graceBefore);
  });
});
