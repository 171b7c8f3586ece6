import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { ConfigError, resolveSettings } from "../../provider/config";
import { defaultIdentifier } from "../../provider/default-identifier";
import type { IntegrationInputs } from "../../provider/runtime/integration-model";
import { IntegrationProvider, mayTakeOver } from "../../provider/runtime/integration-provider";
import { UNKNOWN } from "../../provider/runtime/values";
import { SvcClient } from "../../sdk";
import { ConflictError } from "../../sdk/errors";

type Props = Record<string, unknown>;

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ port: 0 });
});
afterEach(async () => {
  await emu.close();
});

function provider(opts: { maxRetries?: number } = {}): IntegrationProvider {
  return new IntegrationProvider({
    settings: { apiKey: emu.apiKey, baseUrl: emu.url },
    client: (s) =>
      new SvcClient({ ...s, ...(opts.maxRetries === undefined ? {} : { maxRetries: opts.maxRetries }) }),
  });
}

const TWILIO = {
  providerId: "twilio",
  channel: "sms",
  name: "Twilio",
  identifier: "twilio-main",
  active: true,
  credentials: { accountSid: "AC-secret-sid-1234", token: "tw-secret-token-5678", from: "+15550001" },
};

async function checked(p: IntegrationProvider, news: Props, olds: Props = {}): Promise<Props> {
  const r = await p.check(olds, news);
  expect(r.failures).toEqual([]);
  return r.inputs as Props;
}

function listCalls(): number {
  return emu.requests.filter((r) => r.method === "GET" && r.path === "/v1/integrations").length;
}

describe("check", () => {
  it("names the property and the allowed values", async () => {
    const r = await provider().check(
      {},
      { providerId: "sendgrid", channel: "pager", identifier: "x", colour: 1 },
    );
    const byProp = Object.fromEntries((r.failures ?? []).map((f) => [f.property, f.reason]));
    expect(byProp["channel"]).toMatch(/in_app, email, sms, chat, push/);
    expect(byProp["colour"]).toMatch(/unknown field/);
  });

  it("requires the credential keys of a known provider when active, without echoing values", async () => {
    const r = await provider().check(
      {},
      { ...TWILIO, credentials: { accountSid: "AC-secret-sid-1234", from: "+1555" } },
    );
    expect(r.failures).toHaveLength(1);
    expect(r.failures?.[0]?.property).toBe("credentials");
    expect(r.failures?.[0]?.reason).toMatch(/token/);
    expect(JSON.stringify(r.failures)).not.toContain("AC-secret-sid-1234");
    // Inactive: the service does not validate, neither do we.
    const inactive = await provider().check({}, { ...TWILIO, active: false, credentials: {} });
    expect(inactive.failures).toEqual([]);
  });

  it("rejects a channel that does not match a known provider", async () => {
    const r = await provider().check({}, { ...TWILIO, channel: "email" });
    expect(r.failures?.map((f) => f.property)).toEqual(["channel"]);
  });

  it("accepts unknown values during preview", async () => {
    const r = await provider().check(
      {},
      { providerId: "twilio", channel: UNKNOWN, active: UNKNOWN, credentials: UNKNOWN, identifier: "x" },
    );
    expect(r.failures).toEqual([]);
    expect((r.inputs as Props).channel).toBe(UNKNOWN);
    const nested = await provider().check(
      {},
      { ...TWILIO, credentials: { ...TWILIO.credentials, token: UNKNOWN } },
    );
    expect(nested.failures).toEqual([]);
  });

  it("normalizes defaults and generates a stable identifier when none is given", async () => {
    const p = provider();
    const a = await checked(p, { providerId: "sendgrid", channel: "email", conditions: null });
    const b = await checked(p, { providerId: "sendgrid", channel: "email" });
    expect(a).toEqual(b);
    expect(a).toMatchObject({ active: false, adopt: false, conditions: [], credentials: {} });
    expect(typeof a.identifier).toBe("string");
    // An existing resource keeps its identifier.
    const c = await checked(
      p,
      { providerId: "sendgrid", channel: "email", name: "x" },
      { identifier: "keep-me" },
    );
    expect(c.identifier).toBe("keep-me");
  });
});

describe("lifecycle against the emulator", () => {
  it("creates with credentials kept in outputs, then shows no diff for equivalent inputs", async () => {
    const p = provider();
    const inputs = await checked(p, TWILIO);
    const { id, outs } = await p.create(inputs as never);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(outs).toMatchObject({
      providerId: "twilio",
      channel: "sms",
      active: true,
      credentials: TWILIO.credentials,
    });
    const stored = emu.integrations().find((i) => i._id === id);
    expect(stored?.credentials).toEqual(TWILIO.credentials);
    expect(emu.integrations()).toHaveLength(1);

    // Same meaning, other shape: credential key order, explicit empty conditions, explicit adopt=false.
    const same = await checked(p, {
      ...TWILIO,
      credentials: { from: "+15550001", token: "tw-secret-token-5678", accountSid: "AC-secret-sid-1234" },
      conditions: [],
      adopt: false,
    });
    expect(await p.diff(id, outs as never, same as never)).toMatchObject({ changes: false, replaces: [] });
    // adopt and check are flags, not changes.
    const flagged = await checked(p, { ...TWILIO, adopt: true, check: true }, inputs);
    expect((await p.diff(id, outs as never, flagged as never)).changes).toBe(false);
  });

  it("diffs: in place for name/credentials, replace for channel, unknown counts as change", async () => {
    const p = provider();
    const inputs = await checked(p, {
      providerId: "custom-sms",
      channel: "sms",
      identifier: "c1",
      name: "A",
    });
    const { id, outs } = await p.create(inputs as never);
    const renamed = await checked(p, { ...inputs, name: "B" }, inputs);
    expect(await p.diff(id, outs as never, renamed as never)).toMatchObject({ changes: true, replaces: [] });
    const newCreds = await checked(p, { ...inputs, credentials: { apiKey: "k2-secret" } }, inputs);
    expect((await p.diff(id, outs as never, newCreds as never)).changes).toBe(true);
    const moved = await checked(p, { ...inputs, channel: "email" }, inputs);
    expect(await p.diff(id, outs as never, moved as never)).toEqual({
      changes: true,
      replaces: ["channel"],
      deleteBeforeReplace: true,
    });
    const movedRenamed = await checked(p, { ...inputs, channel: "email", identifier: "c2" }, inputs);
    expect((await p.diff(id, outs as never, movedRenamed as never)).deleteBeforeReplace).toBe(false);
    const preview = await checked(p, { ...inputs, name: UNKNOWN }, inputs);
    expect((await p.diff(id, outs as never, preview as never)).changes).toBe(true);
    const previewChannel = await checked(p, { ...inputs, channel: UNKNOWN }, inputs);
    expect((await p.diff(id, outs as never, previewChannel as never)).replaces).toEqual(["channel"]);
  });

  it("updates in place (PUT) and deletes; a second delete is fine", async () => {
    const p = provider();
    const inputs = await checked(p, TWILIO);
    const { id, outs } = await p.create(inputs as never);
    const news = await checked(p, {
      ...TWILIO,
      name: "Twilio 2",
      credentials: { ...TWILIO.credentials, from: "+1999" },
    });
    const { outs: after } = await p.update(id, outs as never, news as never);
    expect(after).toMatchObject({ name: "Twilio 2", credentials: { from: "+1999" } });
    expect(emu.integrations().find((i) => i._id === id)?.credentials).toMatchObject({ from: "+1999" });
    await p.delete(id, after as never);
    expect(emu.integrations()).toHaveLength(0);
    await expect(p.delete(id, after as never)).resolves.toBeUndefined();
  });

  it("read: reflects out-of-band changes, returns inputs, and {} once deleted", async () => {
    const p = provider();
    const inputs = await checked(p, TWILIO);
    const { id, outs } = await p.create(inputs as never);
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    await client.integrations.update(id, { name: "changed by hand" });
    const r = await provider().read(id, outs as never);
    expect(r.id).toBe(id);
    expect(r.props).toMatchObject({ name: "changed by hand", credentials: TWILIO.credentials });
    expect(r.inputs).toMatchObject({ name: "changed by hand", identifier: "twilio-main" });
    // The program still says "Twilio": the next diff is an in-place update.
    expect((await p.diff(id, r.props as never, inputs as never)).changes).toBe(true);
    await client.integrations.delete(id);
    expect(await provider().read(id, outs as never)).toEqual({});
    await client.close();
  });

  it("concurrent reads share one list request (refresh of 200)", async () => {
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      const created = await client.integrations.create({
        providerId: "custom",
        channel: "chat",
        identifier: `i-${i}`,
      });
      ids.push(created._id!);
    }
    await client.close();
    emu.resetRequests();
    const p = provider();
    const results = await Promise.all(ids.map((id) => p.read(id, {} as never)));
    expect(results.every((r, i) => r.id === ids[i])).toBe(true);
    expect(listCalls()).toBeLessThanOrEqual(2);
    expect(listCalls()).toBeGreaterThanOrEqual(1);
  });
});

/** Inputs as `svc.Integration` sends them when it chose the identifier itself. */
function withDefaultIdentifier(props: Props, name = "sms"): Props {
  const origin = { project: "svc-test", stack: "dev", name };
  const { identifier: _explicit, ...rest } = props;
  return { ...rest, identifier: defaultIdentifier(origin), defaultIdentifierOf: origin };
}

async function existingIntegration(identifier: string) {
  const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
  try {
    return await client.integrations.create({
      providerId: "twilio",
      channel: "sms",
      name: "made by hand",
      identifier,
    });
  } finally {
    await client.close();
  }
}

describe("create never duplicates, and takes over only what is its own", () => {
  it("a re-run after a lost answer takes over the integration of its default identifier", async () => {
    const p = provider({ maxRetries: 0 });
    const inputs = await checked(p, withDefaultIdentifier(TWILIO));
    emu.setFaults({ dropRate: 1 });
    await expect(p.create(inputs as never)).rejects.toThrow();
    emu.setFaults({});
    expect(emu.integrations()).toHaveLength(1); // stored, answer lost
    const again = await provider().create(inputs as never);
    expect(emu.integrations()).toHaveLength(1);
    expect(again.id).toBe(emu.integrations()[0]?._id);
  });

  it("the default identifier's integration is taken over even when it differs (it can only be ours)", async () => {
    const inputs = withDefaultIdentifier(TWILIO);
    const existing = await existingIntegration(inputs.identifier as string);
    const p = provider();
    const made = await p.create((await checked(p, inputs)) as never);
    expect(made.id).toBe(existing._id);
    expect(emu.integrations()).toHaveLength(1);
    expect(emu.integrations()[0]).toMatchObject({ name: "Twilio", active: true });
  });

  it("an explicit identifier is never taken over silently, even when everything matches", async () => {
    const p = provider({ maxRetries: 0 });
    const inputs = await checked(p, TWILIO);
    emu.setFaults({ dropRate: 1 });
    await expect(p.create(inputs as never)).rejects.toThrow();
    emu.setFaults({});
    const [stored] = emu.integrations();
    const err = await failure(provider().create(inputs as never));
    expect(err.message).toContain('"twilio-main"');
    expect(err.message).toContain(`id ${stored?._id}`);
    expect(err.message).toMatch(/already exists.*did not create it.*`adopt: true`/);
    expect(err).not.toHaveProperty("id");
    expect(emu.integrations()).toHaveLength(1);
  });

  it("a default identifier altered after it was derived (a transform) is explicit: no takeover", async () => {
    const inputs = { ...withDefaultIdentifier(TWILIO), identifier: "twilio-main" };
    await existingIntegration("twilio-main");
    const p = provider();
    const err = await failure(p.create((await checked(p, inputs)) as never));
    expect(err.message).toMatch(/already exists.*did not create it/);
  });

  it("409 on another integration: error suggesting adopt; with adopt it is taken over", async () => {
    const existing = await existingIntegration("twilio-main");
    const p = provider();
    const inputs = await checked(p, TWILIO);
    const err = await failure(p.create(inputs as never));
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(/adopt: true/);
    expect(err).not.toHaveProperty("id");
    expect(err.message).not.toContain("tw-secret-token-5678");
    const adopted = await p.create((await checked(p, { ...TWILIO, adopt: true })) as never);
    expect(adopted.id).toBe(existing._id);
    expect(adopted.outs).toMatchObject({ name: "Twilio", active: true });
    expect(emu.integrations()).toHaveLength(1);
    expect(emu.integrations()[0]?.credentials).toEqual(TWILIO.credentials);
  });

  it("a conflict on a retry of the same request (an earlier attempt created it) is taken over when it matches", async () => {
    const p = provider();
    const inputs: IntegrationInputs = (await checked(p, TWILIO)) as never;
    const existing = await existingIntegration("twilio-main");
    const conflict = (attempts: number) =>
      new ConflictError({
        operation: "integrations.create",
        method: "POST",
        url: emu.url,
        status: 409,
        attempts,
      });
    const same = { ...existing, name: "Twilio", active: true };
    expect(mayTakeOver(inputs, same, conflict(2))).toBe(true);
    expect(mayTakeOver(inputs, same, conflict(1))).toBe(false);
    expect(mayTakeOver(inputs, existing, conflict(2))).toBe(false); // differs: not what we sent
    expect(mayTakeOver({ ...inputs, adopt: true }, existing, conflict(1))).toBe(true);
  });
});

describe("errors and config", () => {
  it("errors carry no id and no secret", async () => {
    const p = new IntegrationProvider({
      settings: { apiKey: "wrong-key-abcdef", baseUrl: emu.url },
      client: (s) => new SvcClient({ ...s, maxRetries: 0 }),
    });
    const inputs = await checked(p, TWILIO);
    const err = await failure(p.create(inputs as never));
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toHaveProperty("id");
    expect(err.message).not.toContain("wrong-key-abcdef");
    expect(err.message).not.toContain("tw-secret-token-5678");
    expect(err.message).toMatch(/401|nauthori/);
  });

  it("a missing key fails on use with the exact command; check and diff still work", async () => {
    const p = new IntegrationProvider();
    await p.configure({ config: { get: () => undefined } });
    const prevKey = process.env.SVC_API_KEY;
    delete process.env.SVC_API_KEY;
    try {
      const inputs = await checked(p, TWILIO);
      await expect(p.create(inputs as never)).rejects.toThrow("pulumi config set --secret svc:apiKey <key>");
    } finally {
      if (prevKey !== undefined) process.env.SVC_API_KEY = prevKey;
    }
  });

  it("resolves config before environment, environment as fallback", () => {
    const cfg = { get: (k: string) => ({ "svc:apiKey": "from-config", "svc:baseUrl": "http://x.test" })[k] };
    expect(resolveSettings(cfg, { SVC_API_KEY: "from-env" })).toEqual({
      apiKey: "from-config",
      baseUrl: "http://x.test",
    });
    expect(resolveSettings(undefined, { SVC_API_KEY: "from-env", SVC_BASE_URL: "https://y.test" })).toEqual({
      apiKey: "from-env",
      baseUrl: "https://y.test",
    });
    expect(() => resolveSettings(undefined, { SVC_API_KEY: "k" })).toThrow(ConfigError);
    expect(() => resolveSettings(undefined, { SVC_API_KEY: "k" })).toThrow(
      "pulumi config set svc:baseUrl <url>",
    );
    expect(() => resolveSettings(undefined, { SVC_API_KEY: "k", SVC_BASE_URL: "ftp://z" })).toThrow(
      /http\(s\)/,
    );
  });
});

/** The error a promise rejects with (fails the test when it resolves). */
async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a rejection");
}
