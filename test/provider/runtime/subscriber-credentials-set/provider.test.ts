/**
 * The SubscriberCredentialsSet provider called directly against the emulator (test layer 3): create, a
 * retried create, per-entry update, partial failure and convergence, 429s, refresh (paged scan, out-of-band
 * changes), lookups in a large environment, delete. Request counts, not timings, are asserted.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import type { SubscriberCredentialsSetOutputs } from "../../../../provider/model/subscriber-credentials-set-schema";
import { writeIdOf } from "../../../../provider/runtime/shared/replacement-guard";
import { SubscriberCredentialsSetProvider } from "../../../../provider/runtime/subscriber-credentials-set/provider";
import { SvcClient } from "../../../../sdk";
import type { ChannelCredentials } from "../../../../sdk/schemas";
import { exhaustConfigurationBucket, replaceIntegrationOutOfBand } from "../../../../testkit/out-of-band";

type Creds = Record<string, ChannelCredentials>;

let emu: Emulator | undefined;
const providers: SubscriberCredentialsSetProvider[] = [];
afterEach(async () => {
  for (const p of providers.splice(0)) await p.session.client().close();
  await emu?.close();
  emu = undefined;
});

const ids = (n: number, prefix = "s") => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
const token = (id: string, v = 1) => `tok-secret-${id}-v${v}`;

async function start(subscribers: string[], rateLimit?: { perSecond: number }): Promise<Emulator> {
  emu = await startEmulator({
    port: 0,
    ...(rateLimit ? { rateLimit } : {}),
    fixtures: {
      integrations: [
        { providerId: "fcm", channel: "push", active: true, identifier: "fcm-main" },
        { providerId: "fcm", channel: "push", active: true, identifier: "fcm-eu" },
      ],
      subscribers: subscribers.map((subscriberId) => ({ subscriberId })),
    },
  });
  return emu;
}

function provider(e: Emulator, apiKey = e.apiKey): SubscriberCredentialsSetProvider {
  const p = new SubscriberCredentialsSetProvider({ settings: { apiKey, baseUrl: e.url } });
  providers.push(p);
  return p;
}

function credsFor(list: string[], v = 1): Creds {
  return Object.fromEntries(list.map((id) => [id, { deviceTokens: [token(id, v)] }]));
}

async function checked(p: SubscriberCredentialsSetProvider, credentials: Creds) {
  const r = await p.check({}, { providerId: "fcm", integrationIdentifier: "fcm-main", credentials });
  expect(r.failures).toEqual([]);
  return r.inputs as SubscriberCredentialsSetOutputs;
}

/** The `_id` of the live integration with this identifier (entries are bound to it, never named by it). */
function integrationIdOf(e: Emulator, identifier: string): string {
  const found = e.integrations().find((i) => i.identifier === identifier && i.deleted !== true);
  if (found?._id === undefined) throw new Error(`no live integration "${identifier}"`);
  return found._id;
}

/** The subscriber's fcm entry bound to the integration with this identifier. */
function entryOf(e: Emulator, id: string, identifier = "fcm-main") {
  const integrationId = integrationIdOf(e, identifier);
  return e
    .subscriber(e.keys[0]!.environmentId, id)
    ?.channels?.find((c) => c.providerId === "fcm" && c._integrationId === integrationId);
}

/** The tokens of that entry; undefined when there is no entry or it holds none (cleared). */
function tokensOf(e: Emulator, id: string, identifier = "fcm-main"): string[] | undefined {
  const tokens = entryOf(e, id, identifier)?.credentials.deviceTokens;
  return tokens && tokens.length > 0 ? tokens : undefined;
}

/** Every fcm entry of the subscriber, whatever integration it is bound to. */
const fcmEntries = (e: Emulator, id: string) =>
  (e.subscriber(e.keys[0]!.environmentId, id)?.channels ?? []).filter((c) => c.providerId === "fcm");

const count = (e: Emulator, method: string) => e.requests.filter((r) => r.method === method).length;

describe("check", () => {
  it("rejects the Grafana fields on an entry, naming the subscriber and the field, never the value", async () => {
    const e = await start([]);
    const r = await provider(e).check(
      {},
      {
        providerId: "grafana-on-call",
        credentials: {
          "ok-1": { webhookUrl: "https://hooks.example.com/ok" },
          "sub-2": {
            webhookUrl: "https://hooks.example.com/T2",
            alertUid: "secret-uid",
            title: "secret-title",
          },
          "sub-3": {
            imageUrl: "https://img.example.com/secret-img",
            state: "secret-state",
            externalUrl: "https://ext.example.com/secret-ext",
          },
        },
      },
    );
    const reasons = (r.failures ?? []).map((f) => f.reason);
    const fields: [string, string][] = [
      ["sub-2", "alertUid"],
      ["sub-2", "title"],
      ["sub-3", "imageUrl"],
      ["sub-3", "state"],
      ["sub-3", "externalUrl"],
    ];
    for (const [id, field] of fields) {
      const named = reasons.filter((x) => x.includes(id) && x.includes(`.${field}:`));
      expect(named, `${id}.${field}`).toHaveLength(1);
      expect(named[0]).toMatch(/the service does not store this field/);
    }
    expect(reasons).toHaveLength(fields.length);
    expect(reasons.join("\n")).not.toContain("ok-1");
    const text = JSON.stringify(r.failures);
    for (const secret of ["secret-uid", "secret-title", "secret-img", "secret-state", "secret-ext"]) {
      expect(text).not.toContain(secret);
    }
    expect(e.requests).toHaveLength(0);
  });
});

describe("create", () => {
  it("writes every entry once (reading the environment in pages first); a retried create writes nothing", async () => {
    const e = await start(ids(250));
    const p = provider(e);
    const inputs = await checked(p, credsFor(ids(250)));
    e.resetRequests();
    const r = await p.create(inputs);
    expect(r.id).toBe("fcm/fcm-main");
    // The outputs are the inputs and the `_id` of the integration the entries are bound to.
    expect(r.outs).toEqual({
      ...inputs,
      integrationId: integrationIdOf(e, "fcm-main"),
      writeId: writeIdOf(r.outs),
    });
    expect(count(e, "PUT")).toBe(250);
    expect(count(e, "GET")).toBe(4); // 250 subscribers, 100 a page, and one integration list (their _id)
    expect(e.requests.filter((r) => r.path.startsWith("/v1/integrations"))).toHaveLength(1);
    expect(tokensOf(e, "s-249")).toEqual([token("s-249")]);

    e.resetRequests();
    await p.create(inputs); // the engine retrying a create whose answer was lost
    expect(count(e, "PUT")).toBe(0);
    expect(p.lastSync).toMatchObject({ written: 0, upToDate: 250, failed: 0, strategy: "scan" });
  });
});

describe("update", () => {
  it("writes only added and changed entries and clears removed ones", async () => {
    const e = await start(ids(120));
    const p = provider(e);
    const olds = (await p.create(await checked(p, credsFor(ids(100))))).outs!;
    const next: Creds = { ...credsFor(ids(100)) };
    for (const id of ["s-1", "s-2", "s-3"]) next[id] = { deviceTokens: [token(id, 2)] };
    for (const id of ["s-10", "s-11"]) delete next[id];
    for (const id of ["s-100", "s-101", "s-102", "s-103"]) next[id] = { deviceTokens: [token(id)] };
    const news = await checked(p, next);
    expect((await p.diff("fcm/fcm-main", olds, news)).changes).toBe(true);
    e.resetRequests();
    await p.update("fcm/fcm-main", olds, news);
    expect(count(e, "PUT")).toBe(7);
    expect(count(e, "DELETE")).toBe(2);
    expect(count(e, "GET")).toBeLessThanOrEqual(3);
    expect(tokensOf(e, "s-2")).toEqual([token("s-2", 2)]);
    expect(tokensOf(e, "s-103")).toEqual([token("s-103")]);
    expect(fcmEntries(e, "s-10")).toEqual([]);
    expect(tokensOf(e, "s-50")).toEqual([token("s-50")]);
  });

  it("shrinking: a removed subscriber's application entry on another integration stays exactly; one with none has no fcm entry left", async () => {
    const e = await start(ids(5));
    const client = new SvcClient({ apiKey: e.apiKey, baseUrl: e.url });
    await client.subscribers.replaceCredentials("s-3", {
      providerId: "fcm",
      integrationIdentifier: "fcm-eu",
      credentials: { deviceTokens: ["eu-app-1", "eu-app-2"] },
    });
    await client.close();
    const p = provider(e);
    const olds = (await p.create(await checked(p, credsFor(ids(5))))).outs!;
    const app = structuredClone(entryOf(e, "s-3", "fcm-eu"));
    expect(app?.credentials.deviceTokens).toEqual(["eu-app-1", "eu-app-2"]);
    expect(tokensOf(e, "s-3")).toEqual([token("s-3")]);

    const news = await checked(p, credsFor(ids(3)));
    e.resetRequests();
    const next = provider(e); // the next `up` is another host process
    await next.update("fcm/fcm-main", olds, news);
    expect(count(e, "DELETE")).toBe(1); // s-4: its entry was the only one
    expect(count(e, "PUT")).toBe(1); // s-3: cleared in place beside the application's
    expect(entryOf(e, "s-3", "fcm-eu")).toEqual(app);
    expect(tokensOf(e, "s-3")).toBeUndefined();
    expect(fcmEntries(e, "s-4")).toEqual([]);
    for (const id of ids(3)) expect(tokensOf(e, id)).toEqual([token(id)]);
  });
});

describe("partial failure", () => {
  it("names the failed subscribers (no token), writes the rest; the retry writes only the failed ones", async () => {
    const e = await start(ids(40));
    const p = provider(e);
    const all = [...ids(40), "ghost-1", "ghost-2"];
    const inputs = await checked(p, credsFor(all));
    e.resetRequests();
    const err = await p.create(inputs).then(
      () => undefined,
      (x: Error) => x,
    );
    expect(err?.message).toMatch(
      /^svc: create: 2 of 42 subscribers failed \(40 written now, 0 already up to date\)/,
    );
    expect(err?.message).toMatch(/subscriber does not exist in environment \w+.*: "ghost-1", "ghost-2"/);
    expect(err?.message).toMatch(/pulumi up` again/);
    for (const id of all) expect(err?.message).not.toContain(token(id));
    expect(Object.keys(err ?? {})).not.toContain("id");
    expect(count(e, "PUT")).toBe(40); // none for the missing subscribers

    // The engine kept no state; once the subscribers exist, the same create converges.
    e.seed({ subscribers: [{ subscriberId: "ghost-1" }, { subscriberId: "ghost-2" }] });
    e.resetRequests();
    await p.create(inputs);
    expect(count(e, "PUT")).toBe(2);
    expect(tokensOf(e, "ghost-2")).toEqual([token("ghost-2")]);
  });

  it("a failed update is retried from the old state: entries it wrote are skipped", async () => {
    const e = await start(ids(30));
    const p = provider(e);
    const olds = (await p.create(await checked(p, credsFor(ids(20))))).outs!;
    const news = await checked(p, { ...credsFor(ids(20), 2), ...credsFor(["s-25", "late-1"]) });
    await expect(p.update("fcm/fcm-main", olds, news)).rejects.toThrow(
      /1 of 22 subscribers failed.*"late-1"/s,
    );
    expect(tokensOf(e, "s-5")).toEqual([token("s-5", 2)]);
    e.seed({ subscribers: [{ subscriberId: "late-1" }] });
    e.resetRequests();
    await p.update("fcm/fcm-main", olds, news); // the engine still holds `olds`
    expect(count(e, "PUT")).toBe(1);
    expect(p.lastSync).toMatchObject({ written: 1, upToDate: 21 });
  });

  it("a bad API key stops at the first answer, with nothing secret in the error", async () => {
    const e = await start(ids(10));
    const p = provider(e, "emu_wrong_key_secret");
    const inputs = await checked(p, credsFor(ids(10)));
    e.resetRequests();
    const err = await p.create(inputs).then(
      () => undefined,
      (x: Error) => x,
    );
    expect(err?.message).toMatch(/^svc: create: .*401/);
    expect(err?.message).not.toContain("emu_wrong_key_secret");
    expect(e.requests.length).toBeLessThanOrEqual(2);
  });
});

describe("rate limits", () => {
  it("an exhausted bucket: 429s are waited out, every entry is written once", async () => {
    const e = await start(ids(80), { perSecond: 20 }); // bucket of 100
    // Someone else used the bucket of the category the credential routes are in (`configuration`).
    await exhaustConfigurationBucket(e, "s-0");
    const p = provider(e);
    const inputs = await checked(p, credsFor(ids(80)));
    e.resetRequests();
    await p.create(inputs);
    const puts = e.requests.filter((r) => r.method === "PUT");
    expect(puts.filter((r) => r.status === 200)).toHaveLength(80);
    const limited = e.requests.filter((r) => r.status === 429).length;
    expect(limited).toBeGreaterThan(0);
    expect(limited).toBeLessThanOrEqual(16); // at most one wave of the requests in flight
    expect(tokensOf(e, "s-79")).toEqual([token("s-79")]);
  }, 30_000);
});

describe("refresh", () => {
  it("reads every entry back in pages: out-of-band changes show, gone entries drop", async () => {
    const e = await start(ids(150));
    const p = provider(e);
    const inputs = await checked(p, credsFor(ids(150)));
    const fingerprints = Object.fromEntries(ids(150).map((id) => [id, "0123456789abcdef"]));
    const outs = (await p.create({ ...inputs, fingerprints })).outs!;
    const client = new SvcClient({ apiKey: e.apiKey, baseUrl: e.url });
    await client.subscribers.replaceCredentials("s-7", {
      providerId: "fcm",
      integrationIdentifier: "fcm-main",
      credentials: { deviceTokens: ["by-hand"] },
    });
    await client.subscribers.deleteCredentials("s-8", "fcm");
    await client.close();
    e.resetRequests();
    const r = await p.read("fcm/fcm-main", outs);
    expect(e.requests.filter((x) => x.path.startsWith("/v2/subscribers")).map((x) => x.method)).toEqual([
      "GET",
      "GET",
    ]);
    expect(e.requests.every((x) => x.method === "GET")).toBe(true);
    const props = r.props as SubscriberCredentialsSetOutputs;
    expect(props.credentials["s-7"]).toEqual({ deviceTokens: ["by-hand"] });
    expect(props.credentials["s-8"]).toBeUndefined();
    expect(Object.keys(props.credentials)).toHaveLength(149);
    expect(props.fingerprints?.["s-7"]).toBe("changed-outside-pulumi");
    expect(props.fingerprints?.["s-9"]).toBe("0123456789abcdef");
    const { writeId, integrationId, ...readInputs } = props as SubscriberCredentialsSetOutputs & {
      writeId?: string;
    };
    expect(writeId).toBe(writeIdOf(outs));
    // The bound integration's `_id` is an output only: read keeps it in the state, not among the inputs.
    expect(integrationId).toBe(integrationIdOf(e, "fcm-main"));
    expect(r.inputs).toEqual(readInputs);
    // The next up puts the declared entries back, and only those.
    e.resetRequests();
    await p.update("fcm/fcm-main", props, { ...inputs, fingerprints });
    expect(count(e, "PUT")).toBe(2);
    expect(tokensOf(e, "s-7")).toEqual([token("s-7")]);
  });

  it("a few subscribers of a large environment are looked up one by one, not scanned", async () => {
    const e = await start(["x-1", "x-2", "x-3", "x-4"]);
    e.generateSubscribers(2_000, { prefix: "crowd" });
    const p = provider(e);
    const outs = (await p.create(await checked(p, credsFor(["x-1", "x-2", "x-3", "x-4"])))).outs!;
    e.resetRequests();
    const r = await p.read("fcm/fcm-main", outs);
    expect(count(e, "GET")).toBeLessThanOrEqual(6); // one probe page, one search each, the integrations
    expect(Object.keys((r.props as SubscriberCredentialsSetOutputs).credentials)).toHaveLength(4);
  });
});

describe("delete", () => {
  it("removes every entry (cleared in place where the subscriber has another integration's entry, which stays exactly); a second delete sends nothing", async () => {
    const e = await start(ids(12));
    const p = provider(e);
    const client = new SvcClient({ apiKey: e.apiKey, baseUrl: e.url });
    await client.subscribers.replaceCredentials("s-0", {
      providerId: "fcm",
      integrationIdentifier: "fcm-eu",
      credentials: { deviceTokens: ["eu-token"] },
    });
    await client.close();
    const outs = (await p.create(await checked(p, credsFor(ids(12))))).outs!;
    const eu = structuredClone(entryOf(e, "s-0", "fcm-eu"));
    expect(eu?.credentials.deviceTokens).toEqual(["eu-token"]);
    e.resetRequests();
    const destroy = provider(e); // a destroy is another deployment (host process)
    await destroy.delete("fcm/fcm-main", outs);
    // The DELETE would take s-0's fcm-eu entry too: s-0's entry is cleared in place, the others DELETEd.
    expect(count(e, "DELETE")).toBe(11);
    expect(count(e, "PUT")).toBe(1);
    expect(e.requests.find((r) => r.method === "PUT")?.path).toContain("/v1/subscribers/s-0/");
    expect(tokensOf(e, "s-0")).toBeUndefined();
    expect(entryOf(e, "s-0", "fcm-eu")).toEqual(eu);
    expect(fcmEntries(e, "s-5")).toEqual([]);
    e.resetRequests();
    await destroy.delete("fcm/fcm-main", outs);
    expect(count(e, "DELETE") + count(e, "PUT")).toBe(0);
  });

  it("the old half of a create-before-delete replacement leaves the entries its new half wrote", async () => {
    const e = await start(ids(4));
    const outs = (await provider(e).create(await checked(provider(e), credsFor(ids(4))))).outs!;
    const deployment = provider(e);
    await deployment.create(await checked(deployment, credsFor(ids(3), 2)));
    await deployment.delete("fcm/fcm-main", outs);
    expect(ids(4).map((id) => tokensOf(e, id))).toEqual([
      [token("s-0", 2)],
      [token("s-1", 2)],
      [token("s-2", 2)],
      undefined,
    ]);
  });
});

describe("credentials follow their integration", () => {
  it("entries bound to a recreated integration are drift: refresh reads them by the old _id, diff sees the move, the update moves them and leaves no stale entry", async () => {
    const e = await start(ids(3));
    const inputs = await checked(provider(e), credsFor(ids(3)));
    const outs = (await provider(e).create(inputs)).outs!;
    const made = await replaceIntegrationOutOfBand(e, "fcm-main", { credentials: { serviceAccount: "{}" } });

    const p = provider(e);
    const read = (await p.read("fcm/fcm-main", outs)).props as SubscriberCredentialsSetOutputs;
    // The service leaves the entries bound to the deleted integration's `_id`, the state names it.
    expect(read.integrationId).toBe(outs.integrationId);
    expect(read.integrationId).not.toBe(made);
    expect(read.credentials).toEqual(inputs.credentials);
    expect((await p.diff("fcm/fcm-main", read, inputs)).changes).toBe(true);
    const updated = (await p.update("fcm/fcm-main", read, inputs)).outs as SubscriberCredentialsSetOutputs;
    expect(updated.integrationId).toBe(made);
    const entries = ids(3).map((id) => e.subscriber(e.keys[0]!.environmentId, id)?.channels ?? []);
    expect(entries.map((list) => list.map((c) => [c._integrationId, c.credentials.deviceTokens]))).toEqual(
      ids(3).map((id) => [[made, [token(id)]]]),
    );
    const again = (await provider(e).read("fcm/fcm-main", updated)).props as SubscriberCredentialsSetOutputs;
    expect(again.credentials).toEqual(inputs.credentials);
    expect((await provider(e).diff("fcm/fcm-main", again, inputs)).changes).toBe(false);
  });
});
