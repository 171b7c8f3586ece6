/**
 * The SubscriberCredentials provider called directly against the emulator (test layer 3): check, diff,
 * create, read/refresh, update (tokens replaced exactly), delete (what remains), errors, pacing.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import type {
  SubscriberCredentialsInputs,
  SubscriberCredentialsOutputs,
} from "../../../../provider/model/subscriber-credentials-schema";
import { UNKNOWN } from "../../../../provider/model/values";
import { SubscriberCredentialsProvider } from "../../../../provider/runtime/subscriber-credentials/provider";
import { SvcClient } from "../../../../sdk";
import { MAX_DEVICE_TOKENS } from "../../../../sdk/schemas";
import { replaceIntegrationOutOfBand } from "../../../../testkit/out-of-band";

type Props = Record<string, unknown>;

const FIXTURES = {
  integrations: [
    { providerId: "fcm", channel: "push", active: true, identifier: "fcm-main" },
    { providerId: "fcm", channel: "push", active: true, identifier: "fcm-backup" },
    { providerId: "slack", channel: "chat", active: true, identifier: "slack-main" },
    { providerId: "apns", channel: "push", active: false, identifier: "apns-off" },
  ],
  subscribers: [{ subscriberId: "alice" }, { subscriberId: "bob" }, { subscriberId: "alice-2" }],
};

const TOKENS = ["tok-secret-aaaa-1111", "tok-secret-bbbb-2222"];

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ port: 0, fixtures: FIXTURES });
});
afterEach(async () => {
  await emu.close();
});

function provider(): SubscriberCredentialsProvider {
  return new SubscriberCredentialsProvider({ settings: { apiKey: emu.apiKey, baseUrl: emu.url } });
}

function envId(): string {
  return emu.keys[0]!.environmentId;
}

function storedEntries(subscriberId: string) {
  return emu.subscriber(envId(), subscriberId)?.channels ?? [];
}

/** The `_id` of the live integration with this identifier (entries are bound to it, never named by it). */
function integrationIdOf(identifier: string): string {
  const found = emu.integrations().find((i) => i.identifier === identifier && i.deleted !== true);
  if (found?._id === undefined) throw new Error(`no live integration "${identifier}"`);
  return found._id;
}

/** The subscriber's entry of the provider bound to the integration with this identifier. */
function entryOn(subscriberId: string, identifier: string, providerId = "fcm") {
  const id = integrationIdOf(identifier);
  return storedEntries(subscriberId).find((c) => c.providerId === providerId && c._integrationId === id);
}

/** What an entry holds: its tokens, webhook URL and channel, empty ones left out ({} for no entry). */
function held(entry: { credentials: Record<string, unknown> } | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(entry?.credentials ?? {})) {
    if (v === "" || v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out;
}

async function checked(p: SubscriberCredentialsProvider, news: Props): Promise<SubscriberCredentialsInputs> {
  const r = await p.check({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
}

/** check + create. */
async function make(
  p: SubscriberCredentialsProvider,
  news: Props,
): Promise<{ id: string; outs: SubscriberCredentialsOutputs }> {
  return p.create(await checked(p, news));
}

const FCM = {
  subscriberId: "alice",
  providerId: "fcm",
  integrationIdentifier: "fcm-main",
  credentials: { deviceTokens: TOKENS },
};

describe("check", () => {
  it("validates ids, provider ids, URLs and token lists before any request, echoing no secret", async () => {
    const p = provider();
    const r = await p.check(
      {},
      {
        subscriberId: "",
        providerId: "sendgrid",
        credentials: { webhookUrl: "not a url secret-hook", deviceTokens: ["a b", "x", "x", ""] },
        colour: 1,
      },
    );
    const reasons = (r.failures ?? []).map((f) => `${f.property}|${f.reason}`);
    expect(reasons.some((x) => x.startsWith("subscriberId|"))).toBe(true);
    expect(reasons.find((x) => x.startsWith("providerId|"))).toMatch(/fcm, apns/);
    expect(reasons.find((x) => x.includes("webhookUrl"))).toMatch(/valid http\(s\) URL/);
    expect(reasons.find((x) => x.includes("deviceTokens[0]"))).toMatch(/spaces or control/);
    expect(reasons.find((x) => x.includes("deviceTokens[2]"))).toMatch(/duplicates deviceTokens\[1\]/);
    expect(reasons.find((x) => x.includes("deviceTokens[3]"))).toMatch(/must not be empty/);
    expect(reasons.some((x) => x.startsWith("colour|"))).toBe(true);
    expect(JSON.stringify(r.failures)).not.toContain("secret-hook");
    expect(emu.requests).toHaveLength(0);
  });

  it("rejects a token list that is too large, and tokens on a chat provider", async () => {
    const many = Array.from({ length: MAX_DEVICE_TOKENS + 1 }, (_, i) => `t${i}`);
    const big = await provider().check({}, { ...FCM, credentials: { deviceTokens: many } });
    expect(big.failures?.map((f) => f.reason).join()).toMatch(/at most 1000 items/);
    const chat = await provider().check(
      {},
      { subscriberId: "alice", providerId: "slack", credentials: { deviceTokens: ["t1"] } },
    );
    expect(chat.failures?.[0]?.reason).toMatch(/chat provider/);
  });

  it("accepts unknown values during preview and drops nulls", async () => {
    const r = await provider().check(
      {},
      { subscriberId: UNKNOWN, providerId: "fcm", integrationIdentifier: null, credentials: UNKNOWN },
    );
    expect(r.failures).toEqual([]);
    expect(r.inputs).toEqual({ subscriberId: UNKNOWN, providerId: "fcm", credentials: UNKNOWN });
    const nested = await provider().check(
      {},
      { ...FCM, credentials: { deviceTokens: [UNKNOWN, "x"], webhookUrl: UNKNOWN } },
    );
    expect(nested.failures).toEqual([]);
  });
});

describe("check: fields the service does not store", () => {
  it("rejects the Grafana fields, naming each field and never its value", async () => {
    const grafana = {
      alertUid: "secret-alert-uid",
      title: "secret-title",
      imageUrl: "https://img.example.com/secret-image.png",
      state: "secret-state",
      externalUrl: "https://ext.example.com/secret-ext",
    };
    const r = await provider().check(
      {},
      {
        subscriberId: "alice",
        providerId: "grafana-on-call",
        credentials: { webhookUrl: "https://hooks.example.com/T1", ...grafana },
      },
    );
    const reasons = (r.failures ?? []).map((f) => f.reason);
    for (const field of Object.keys(grafana)) {
      expect(reasons).toContainEqual(
        expect.stringMatching(new RegExp(`^credentials\\.${field}: the service does not store this field`)),
      );
    }
    expect(reasons).toHaveLength(Object.keys(grafana).length);
    const text = JSON.stringify(r.failures);
    for (const value of Object.values(grafana)) expect(text).not.toContain(value);
    expect(emu.requests).toHaveLength(0);
  });
});

describe("diff", () => {
  const olds: SubscriberCredentialsOutputs = {
    subscriberId: "alice",
    providerId: "fcm",
    integrationIdentifier: "fcm-main",
    credentials: { deviceTokens: ["b", "a"] },
  };
  it("ignores token order and an absent identifier; updates credentials in place", async () => {
    const p = provider();
    const same = await p.diff("id", olds, { ...olds, credentials: { deviceTokens: ["a", "b"] } });
    expect(same.changes).toBe(false);
    const noId = await p.diff("id", olds, {
      subscriberId: "alice",
      providerId: "fcm",
      credentials: { deviceTokens: ["a", "b"] },
    });
    expect(noId.changes).toBe(false);
    const upd = await p.diff("id", olds, { ...olds, credentials: { deviceTokens: ["a"] } });
    expect(upd).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      changed: [{ property: "credentials", kind: "update", replace: false }],
    });
    // A preview: credentials not known yet arrive as the engine's marker, which no credential type admits.
    const unknown = await p.diff("id", olds, { ...olds, credentials: UNKNOWN as never });
    expect(unknown.changes).toBe(true);
    const nested = await p.diff("id", olds, { ...olds, credentials: { deviceTokens: [UNKNOWN] } });
    expect(nested.changes).toBe(true);
  });

  it("replaces on subscriberId, providerId, integrationIdentifier; same entry goes first", async () => {
    const p = provider();
    const sub = await p.diff("id", olds, { ...olds, subscriberId: "bob" });
    expect(sub).toMatchObject({ changes: true, replaces: ["subscriberId"], deleteBeforeReplace: false });
    expect(sub.changed?.[0]).toEqual({ property: "subscriberId", kind: "update", replace: true });
    const ident = await p.diff("id", olds, { ...olds, integrationIdentifier: "fcm-backup" });
    expect(ident).toMatchObject({
      changes: true,
      replaces: ["integrationIdentifier"],
      deleteBeforeReplace: true,
    });
    const unk = await p.diff("id", olds, { ...olds, providerId: UNKNOWN });
    expect(unk.replaces).toEqual(["providerId"]);
  });
});

describe("create, read, update, delete", () => {
  it("creates with the exact tokens, reads them back, replaces them exactly on update", async () => {
    const p = provider();
    const created = await make(p, FCM);
    expect(created.id).toBe("alice/fcm/fcm-main");
    expect(created.outs).toMatchObject({
      subscriberId: "alice",
      providerId: "fcm",
      integrationIdentifier: "fcm-main",
      credentials: { deviceTokens: TOKENS },
      environmentId: envId(),
    });
    expect(storedEntries("alice").map((c) => c.credentials.deviceTokens)).toEqual([TOKENS]);

    const read = await p.read(created.id, created.outs);
    expect(read.id).toBe(created.id);
    expect(read.props).toEqual(created.outs);

    // Update: one token dropped, one added: the stored list is exactly the declared one (no merge).
    const next = await checked(p, { ...FCM, credentials: { deviceTokens: ["tok-secret-cccc-3333"] } });
    const updated = await p.update(created.id, created.outs, next);
    expect(updated.outs.credentials).toEqual({ deviceTokens: ["tok-secret-cccc-3333"] });
    expect(storedEntries("alice").map((c) => c.credentials.deviceTokens)).toEqual([["tok-secret-cccc-3333"]]);
  });

  it("without an identifier, uses the entry the service chose and keeps writing it", async () => {
    const p = provider();
    const created = await make(p, {
      subscriberId: "bob",
      providerId: "slack",
      credentials: { webhookUrl: "https://hooks.example.com/T1" },
    });
    expect(created.id).toBe("bob/slack");
    expect(created.outs.integrationIdentifier).toBe("slack-main");
    const next = await checked(p, {
      subscriberId: "bob",
      providerId: "slack",
      credentials: { webhookUrl: "https://hooks.example.com/T2" },
    });
    await p.update(created.id, created.outs, next);
    expect(storedEntries("bob")).toHaveLength(1);
    expect(storedEntries("bob")[0]?._integrationId).toBe(integrationIdOf("slack-main"));
    expect(created.outs.integrationId).toBe(integrationIdOf("slack-main"));
    // The service stores the tokens a write carries, `[]` when none: the entry holds only the new URL.
    expect(storedEntries("bob")[0]?.credentials).toEqual({
      webhookUrl: "https://hooks.example.com/T2",
      deviceTokens: [],
    });
  });

  it("refresh shows tokens changed out of band, and {} once the entry or subscriber is gone", async () => {
    const p = provider();
    const created = await make(p, FCM);
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    await client.subscribers.replaceCredentials("alice", {
      providerId: "fcm",
      integrationIdentifier: "fcm-main",
      credentials: { deviceTokens: ["tok-by-hand"] },
    });
    const read = await p.read(created.id, created.outs);
    expect(read.props?.credentials).toEqual({ deviceTokens: ["tok-by-hand"] });
    const d = await p.diff(created.id, { ...created.outs, ...read.props }, await checked(p, FCM));
    expect(d.changes).toBe(true);

    await client.subscribers.deleteCredentials("alice", "fcm");
    expect(await p.read(created.id, created.outs)).toEqual({});
    await client.close();
  });

  it("reads the subscriber by exact subscriberId (alice, not alice-2)", async () => {
    const p = provider();
    const a2 = await make(p, { ...FCM, subscriberId: "alice-2" });
    const alice: SubscriberCredentialsOutputs = { ...a2.outs, subscriberId: "alice" };
    expect(await p.read("alice/fcm/fcm-main", alice)).toEqual({});
  });

  it("delete alone on the provider removes the entry; beside another integration's entry it clears in place", async () => {
    // Each engine operation is a new host process: a destroy is a new provider instance.
    const main = await make(provider(), FCM);
    await provider().delete(main.id, main.outs);
    expect(storedEntries("alice")).toEqual([]);

    const a = await make(provider(), FCM);
    const b = await make(provider(), {
      ...FCM,
      integrationIdentifier: "fcm-backup",
      credentials: { deviceTokens: ["tok-b"] },
    });
    const backupBefore = structuredClone(entryOn("alice", "fcm-backup"));
    expect(held(backupBefore)).toEqual({ deviceTokens: ["tok-b"] });
    emu.resetRequests();
    await provider().delete(a.id, a.outs);
    // The only DELETE would remove fcm-backup's entry too: a's entry is cleared in place instead.
    expect(emu.requests.filter((r) => r.method === "DELETE")).toHaveLength(0);
    expect(held(entryOn("alice", "fcm-main"))).toEqual({});
    expect(entryOn("alice", "fcm-backup")).toEqual(backupBefore);
    // b is the last entry holding anything: one DELETE removes it and a's inert one.
    const p = provider();
    await p.delete(b.id, b.outs);
    expect(storedEntries("alice")).toEqual([]);
    // Deleting again, or for a subscriber that is gone, is a no-op.
    emu.resetRequests();
    await p.delete(b.id, b.outs);
    await p.delete("ghost/fcm", { ...b.outs, subscriberId: "ghost" });
    expect(emu.requests.filter((r) => r.method !== "GET")).toHaveLength(0);
  });

  it("the old half of a create-before-delete replacement leaves the entry its new half wrote", async () => {
    const old = await make(provider(), FCM);
    const deployment = provider();
    await make(deployment, { ...FCM, credentials: { deviceTokens: ["tok-new"] } });
    await deployment.delete(old.id, old.outs);
    expect(storedEntries("alice").map((c) => c.credentials.deviceTokens)).toEqual([["tok-new"]]);
  });
});

describe("entries beside others' of the same provider", () => {
  it("two resources on two integrations beside the application's entry: each delete leaves the others exactly", async () => {
    emu.seed({ integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: "fcm-app" }] });
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    await client.subscribers.replaceCredentials("alice", {
      providerId: "fcm",
      integrationIdentifier: "fcm-app",
      credentials: { deviceTokens: ["tok-app-1", "tok-app-2"] },
    });
    await client.close();
    const deployment = provider();
    const a = await make(deployment, FCM);
    const b = await make(deployment, {
      ...FCM,
      integrationIdentifier: "fcm-backup",
      credentials: { deviceTokens: ["tok-b"] },
    });
    expect(a.outs.integrationId).toBe(integrationIdOf("fcm-main"));
    expect(b.outs.integrationId).toBe(integrationIdOf("fcm-backup"));
    const app = structuredClone(entryOn("alice", "fcm-app"));
    const backup = structuredClone(entryOn("alice", "fcm-backup"));
    expect(held(app)).toEqual({ deviceTokens: ["tok-app-1", "tok-app-2"] });
    expect(held(entryOn("alice", "fcm-main"))).toEqual({ deviceTokens: TOKENS });
    expect(held(backup)).toEqual({ deviceTokens: ["tok-b"] });

    emu.resetRequests();
    await provider().delete(a.id, a.outs);
    expect(emu.requests.filter((r) => r.method === "DELETE")).toHaveLength(0);
    expect(entryOn("alice", "fcm-app")).toEqual(app);
    expect(entryOn("alice", "fcm-backup")).toEqual(backup);
    expect(held(entryOn("alice", "fcm-main"))).toEqual({});

    await provider().delete(b.id, b.outs);
    expect(emu.requests.filter((r) => r.method === "DELETE")).toHaveLength(0);
    expect(entryOn("alice", "fcm-app")).toEqual(app);
    expect(held(entryOn("alice", "fcm-backup"))).toEqual({});
    expect(held(entryOn("alice", "fcm-main"))).toEqual({});
  });

  it("two resources of one subscriber deleted concurrently (as the engine does) leave no entry of the provider", async () => {
    const deployment = provider();
    const a = await make(deployment, { ...FCM, subscriberId: "bob" });
    const b = await make(deployment, {
      ...FCM,
      subscriberId: "bob",
      integrationIdentifier: "fcm-backup",
      credentials: { deviceTokens: ["tok-b"] },
    });
    expect(storedEntries("bob").filter((c) => c.providerId === "fcm")).toHaveLength(2);
    // One host process runs both deletes with one provider instance. Each, read alone, sees the other's
    // entry live and would clear in place; taking turns, the second sees the first's inert and DELETEs.
    const destroy = provider();
    await Promise.all([destroy.delete(a.id, a.outs), destroy.delete(b.id, b.outs)]);
    expect(storedEntries("bob").filter((c) => c.providerId === "fcm")).toEqual([]);
  });
});

describe("a chat entry's webhook URL", () => {
  const SLACK = { subscriberId: "bob", providerId: "slack", integrationIdentifier: "slack-main" };

  it("changed, then dropped from the program: the stored URL is cleared and refresh + diff show no change", async () => {
    const p = provider();
    const created = await make(p, { ...SLACK, credentials: { webhookUrl: "https://hooks.example.com/T1" } });
    const v2 = await checked(p, { ...SLACK, credentials: { webhookUrl: "https://hooks.example.com/T2" } });
    expect((await p.diff(created.id, created.outs, v2)).changes).toBe(true);
    let outs = (await p.update(created.id, created.outs, v2)).outs;
    expect(entryOn("bob", "slack-main", "slack")?.credentials.webhookUrl).toBe(
      "https://hooks.example.com/T2",
    );

    // Dropped for a channel only, then for nothing at all: the service merges keys a write leaves out, so
    // the provider must clear the URL it no longer declares.
    for (const credentials of [{ channel: "ops" }, {}]) {
      const news = await checked(p, { ...SLACK, credentials });
      expect((await p.diff(created.id, outs, news)).changes).toBe(true);
      outs = (await p.update(created.id, outs, news)).outs;
      const stored = entryOn("bob", "slack-main", "slack");
      expect(stored).toBeDefined();
      expect(stored?.credentials.webhookUrl ?? "").toBe("");
      expect(held(stored)).toEqual(credentials);
      const fresh = provider();
      const read = await fresh.read(created.id, outs);
      expect(read.props?.credentials).toEqual(credentials);
      const refreshed = { ...outs, ...read.props } as SubscriberCredentialsOutputs;
      expect((await fresh.diff(created.id, refreshed, news)).changes).toBe(false);
    }
    expect(storedEntries("bob")).toHaveLength(1);
  });
});

describe("credentials follow their integration", () => {
  it("an entry bound to a recreated integration is drift: read, diff and update move it onto the new one", async () => {
    const created = await make(provider(), FCM);
    const newId = await replaceIntegrationOutOfBand(emu, "fcm-main", {
      credentials: { serviceAccount: "{}" },
    });

    const p = provider();
    // The entry stays bound to the deleted integration's `_id` (the service does not move it): read finds it
    // by the state's integrationId, and diff sees that a write now lands on another integration.
    const read = await p.read(created.id, created.outs);
    expect(read.props?.credentials).toEqual({ deviceTokens: TOKENS });
    expect(read.props?.integrationId).toBe(created.outs.integrationId);
    expect(created.outs.integrationId).not.toBe(newId);
    const news = await checked(p, FCM);
    for (const olds of [created.outs, { ...created.outs, ...read.props }]) {
      const d = await p.diff(created.id, olds, news);
      expect(d.changes).toBe(true);
      expect(d.replaces ?? []).toEqual([]); // an update moves the credentials, no replacement
    }

    const updated = await p.update(created.id, created.outs, news);
    expect(updated.outs.integrationId).toBe(newId);
    expect(storedEntries("alice").map((c) => [c._integrationId, c.credentials.deviceTokens])).toEqual([
      [newId, TOKENS],
    ]);
    expect((await provider().diff(created.id, updated.outs, news)).changes).toBe(false);
  });

  it("delete removes entries bound to a deleted integration, and those of a renamed one", async () => {
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    const gone = await make(provider(), FCM);
    await make(provider(), { ...FCM, subscriberId: "bob" });
    await replaceIntegrationOutOfBand(emu, "fcm-main");
    await provider().delete(gone.id, gone.outs);
    expect(storedEntries("alice")).toEqual([]);

    const backup = await make(provider(), { ...FCM, integrationIdentifier: "fcm-backup" });
    const id = (await client.integrations.list()).find((i) => i.identifier === "fcm-backup")?._id ?? "";
    await client.integrations.update(id, {
      identifier: "fcm-renamed",
      active: true,
      credentials: { serviceAccount: "{}" },
    });
    await provider().delete(backup.id, backup.outs);
    expect(storedEntries("alice")).toEqual([]);
    expect(storedEntries("bob")).toHaveLength(1);
    await client.close();
  });
});

describe("errors", () => {
  it("a missing subscriber names the subscriber and the environment searched", async () => {
    const p = provider();
    const err = await make(p, { ...FCM, subscriberId: "nobody" }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/subscriber "nobody" does not exist in environment/);
    expect(err?.message).toContain(envId());
    expect(err).not.toHaveProperty("id");
    for (const t of TOKENS) expect(err?.message).not.toContain(t);
    expect(err?.message).not.toContain(emu.apiKey);
  });

  it("no active integration names the provider and lists the active ones", async () => {
    const p = provider();
    const none = await make(p, {
      subscriberId: "alice",
      providerId: "apns",
      credentials: { deviceTokens: ["t"] },
    }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(none?.message).toMatch(/no active integration for providerId "apns" in environment/);
    expect(none?.message).toMatch(/svc\.Integration/);
    const wrong = await make(p, { ...FCM, integrationIdentifier: "fcm-nope" }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(wrong?.message).toMatch(/identifier "fcm-nope"/);
    expect(wrong?.message).toMatch(/fcm-main, fcm-backup|fcm-backup, fcm-main/);
  });

  it("without settings, check and diff work and create says which command sets the key", async () => {
    const p = new SubscriberCredentialsProvider();
    await p.configure({ config: { get: () => undefined } });
    const inputs = await checked(p, FCM);
    const saved = process.env.SVC_API_KEY;
    delete process.env.SVC_API_KEY;
    try {
      const err = await p.create(inputs).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(err?.message).toContain("pulumi config set --secret svc:apiKey");
    } finally {
      if (saved !== undefined) process.env.SVC_API_KEY = saved;
    }
  });
});

/** Headers fetch computes itself. */
const HOP_HEADERS = new Set(["host", "content-length", "connection", "keep-alive", "transfer-encoding"]);

describe("a server with only the spec's PATCH upsert", () => {
  it("falls back to PATCH once PUT answers 405, and remembers it", async () => {
    // A front that refuses PUT (as a spec-only service would) and forwards everything else to the emulator.
    const front = createServer(async (req, res) => {
      if (req.method === "PUT") {
        res.writeHead(405, { "content-type": "application/json" });
        res.end(JSON.stringify({ statusCode: 405, message: `Cannot PUT ${req.url}` }));
        return;
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === "string" && !HOP_HEADERS.has(k)) headers[k] = v;
      const answer = await fetch(`${emu.url}${req.url}`, {
        method: req.method ?? "GET",
        headers,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "application/json",
      });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    const { port } = front.address() as AddressInfo;
    try {
      const p = new SubscriberCredentialsProvider({
        settings: { apiKey: emu.apiKey, baseUrl: `http://127.0.0.1:${port}` },
      });
      const a = await make(p, FCM);
      expect(a.outs.credentials).toEqual({ deviceTokens: TOKENS });
      await make(p, { ...FCM, subscriberId: "bob" });
      const methods = emu.requests.map((r) => r.method);
      expect(methods.filter((m) => m === "PATCH")).toHaveLength(2);
      expect(methods.filter((m) => m === "PUT")).toHaveLength(0);
      await p.session.client().close();
    } finally {
      await new Promise<void>((resolve) => front.close(() => resolve()));
    }
  });
});
