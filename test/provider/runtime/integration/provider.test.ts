import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import { defaultIdentifier } from "../../../../provider/default-identifier";
import type { IntegrationInputs, IntegrationOutputs } from "../../../../provider/model/integration-schema";
import { UNKNOWN } from "../../../../provider/model/values";
import { IntegrationProvider, mayTakeOver } from "../../../../provider/runtime/integration/provider";
import { SvcClient } from "../../../../sdk";
import { ConflictError } from "../../../../sdk/errors";
import { failure } from "../../../../testkit/error-assertions";

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

async function checked(p: IntegrationProvider, news: Props): Promise<IntegrationInputs> {
  const r = await p.check({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
}

/** check + create. */
async function make(p: IntegrationProvider, news: Props): Promise<{ id: string; outs: IntegrationOutputs }> {
  return p.create(await checked(p, news));
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
    // On the resource as a whole: the engine would print the value of a named property in plain text.
    expect(r.failures?.[0]?.property).toBe("");
    expect(r.failures?.[0]?.reason).toMatch(/^credentials: .*token/);
    expect(JSON.stringify(r.failures)).not.toContain("AC-secret-sid-1234");
    // Inactive: the service does not validate, neither do we.
    const inactive = await provider().check({}, { ...TWILIO, active: false, credentials: {} });
    expect(inactive.failures).toEqual([]);
  });

  it("demands the table's keys of a new integration; of an existing one only those its last inputs set", async () => {
    const mailgun = { providerId: "mailgun", channel: "email", identifier: "m", active: true };
    const lastRelease = { ...mailgun, credentials: { apiKey: "k", domain: "d", from: "a@b.c" } };
    // New: the source's form requires user too (not senderName, not a chat provider's keys).
    const fresh = await provider().check({}, lastRelease);
    expect(fresh.failures?.map((f) => f.reason)).toEqual([
      'credentials: provider "mailgun" needs user when active (missing: user)',
    ]);
    // A stack the last release made (no user) still checks clean: the upgrade changes nothing.
    expect((await provider().check(lastRelease, lastRelease)).failures).toEqual([]);
    // Dropping a key it had is refused.
    const dropped = await provider().check(lastRelease, {
      ...mailgun,
      credentials: { apiKey: "k", from: "a@b.c" },
    });
    expect(dropped.failures?.map((f) => f.reason)).toEqual([
      'credentials: provider "mailgun" needs domain when active (missing: domain)',
    ]);
    const unifonic = { providerId: "unifonic", channel: "sms", identifier: "u", active: true };
    const partial = await provider().check({}, { ...unifonic, credentials: { appSid: "A", from: "+1555" } });
    expect(partial.failures?.map((f) => f.reason)).toEqual([
      'credentials: provider "unifonic" needs senderId when active (missing: senderId)',
    ]);
    const slack = { providerId: "slack", channel: "chat", identifier: "s", active: true, credentials: {} };
    expect((await provider().check({}, slack)).failures).toEqual([]);
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

  it("applies the schema's defaults, so absent and default values compare equal", async () => {
    const p = provider();
    const a = await checked(p, {
      providerId: "sendgrid",
      channel: "email",
      identifier: "s",
      conditions: null,
    });
    const b = await checked(p, {
      providerId: "sendgrid",
      channel: "email",
      identifier: "s",
      active: false,
      conditions: [],
    });
    expect(a).toEqual(b);
    // Credentials left out stay out: held by the service, not managed here (no default `{}`).
    expect(a).toEqual({
      providerId: "sendgrid",
      channel: "email",
      identifier: "s",
      active: false,
      conditions: [],
    });
  });

  it("requires the identifier the resource always sends, and refuses environmentId as an input", async () => {
    const r = await provider().check(
      {},
      { providerId: "sendgrid", channel: "email", environmentId: "env-1" },
    );
    const byProp = Object.fromEntries((r.failures ?? []).map((f) => [f.property, f.reason]));
    expect(byProp["identifier"]).toMatch(/required/);
    expect(byProp["environmentId"]).toMatch(/output only.*svc:apiKey/);
    expect(Object.keys(byProp).sort()).toEqual(["environmentId", "identifier"]);
  });
});

describe("lifecycle against the emulator", () => {
  it("creates with credentials kept in outputs, then shows no diff for equivalent inputs", async () => {
    const p = provider();
    const inputs = await checked(p, TWILIO);
    const { id, outs } = await p.create(inputs);
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
    expect(await p.diff(id, outs, same)).toMatchObject({ changes: false, replaces: [] });
    // adopt and check are flags, not changes, and not outputs.
    const flagged = await checked(p, { ...TWILIO, adopt: true, check: true });
    expect((await p.diff(id, outs, flagged)).changes).toBe(false);
    expect(Object.keys(outs)).not.toContain("adopt");
    expect(Object.keys(outs)).not.toContain("check");
    // The environment is the API key's, an output only.
    expect(outs.environmentId).toBe(emu.keys[0]?.environmentId);
  });

  it("diffs: in place for name/credentials, replace for channel, unknown counts as change", async () => {
    const p = provider();
    const declared = { providerId: "custom-sms", channel: "sms", identifier: "c1", name: "A" };
    const { id, outs } = await make(p, declared);
    const renamed = await checked(p, { ...declared, name: "B" });
    expect(await p.diff(id, outs, renamed)).toMatchObject({ changes: true, replaces: [] });
    const newCreds = await checked(p, { ...declared, credentials: { apiKey: "k2-secret" } });
    const credsDiff = await p.diff(id, outs, newCreds);
    expect(credsDiff.changes).toBe(true);
    // The changed property named for the engine's detailed diff (issue 50, item 11).
    expect(credsDiff.changed).toEqual([{ property: "credentials", kind: "update", replace: false }]);
    const moved = await checked(p, { ...declared, channel: "email" });
    expect(await p.diff(id, outs, moved)).toEqual({
      changes: true,
      replaces: ["channel"],
      deleteBeforeReplace: true,
      changed: [{ property: "channel", kind: "update", replace: true }],
    });
    const movedRenamed = await checked(p, { ...declared, channel: "email", identifier: "c2" });
    expect((await p.diff(id, outs, movedRenamed)).deleteBeforeReplace).toBe(false);
    const preview = await checked(p, { ...declared, name: UNKNOWN });
    expect((await p.diff(id, outs, preview)).changes).toBe(true);
    const previewChannel = await checked(p, { ...declared, channel: UNKNOWN });
    expect((await p.diff(id, outs, previewChannel)).replaces).toEqual(["channel"]);
  });

  it("updates in place (PUT) and deletes; a second delete is fine", async () => {
    const p = provider();
    const { id, outs } = await make(p, TWILIO);
    const news = await checked(p, {
      ...TWILIO,
      name: "Twilio 2",
      credentials: { ...TWILIO.credentials, from: "+1999" },
    });
    const { outs: after } = await p.update(id, outs, news);
    expect(after).toMatchObject({ name: "Twilio 2", credentials: { from: "+1999" } });
    expect(emu.integrations().find((i) => i._id === id)?.credentials).toMatchObject({ from: "+1999" });
    await p.delete(id, after);
    expect(emu.integrations()).toHaveLength(0);
    await expect(p.delete(id, after)).resolves.toBeUndefined();
  });

  it("read: reflects out-of-band changes, returns inputs, and {} once deleted", async () => {
    const p = provider();
    const inputs = await checked(p, TWILIO);
    const { id, outs } = await p.create(inputs);
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    await client.integrations.update(id, { name: "changed by hand" });
    const r = await provider().read(id, outs);
    expect(r.id).toBe(id);
    expect(r.props).toMatchObject({ name: "changed by hand", credentials: TWILIO.credentials });
    expect(r.inputs).toMatchObject({ name: "changed by hand", identifier: "twilio-main" });
    // The program still says "Twilio": the next diff is an in-place update.
    expect(r.props).toBeDefined();
    if (r.props) expect((await p.diff(id, r.props, inputs)).changes).toBe(true);
    await client.integrations.delete(id);
    expect(await provider().read(id, outs)).toEqual({});
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
    const results = await Promise.all(ids.map((id) => p.read(id)));
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
    await expect(p.create(inputs)).rejects.toThrow();
    emu.setFaults({});
    expect(emu.integrations()).toHaveLength(1); // stored, answer lost
    const again = await provider().create(inputs);
    expect(emu.integrations()).toHaveLength(1);
    expect(again.id).toBe(emu.integrations()[0]?._id);
  });

  it("the default identifier's integration is taken over even when it differs (it can only be ours)", async () => {
    const inputs = withDefaultIdentifier(TWILIO);
    const existing = await existingIntegration(inputs.identifier as string);
    const p = provider();
    const made = await p.create(await checked(p, inputs));
    expect(made.id).toBe(existing._id);
    expect(emu.integrations()).toHaveLength(1);
    expect(emu.integrations()[0]).toMatchObject({ name: "Twilio", active: true });
  });

  it("an explicit identifier is never taken over silently, even when everything matches", async () => {
    const p = provider({ maxRetries: 0 });
    const inputs = await checked(p, TWILIO);
    emu.setFaults({ dropRate: 1 });
    await expect(p.create(inputs)).rejects.toThrow();
    emu.setFaults({});
    const [stored] = emu.integrations();
    const err = await failure(provider().create(inputs));
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
    const err = await failure(p.create(await checked(p, inputs)));
    expect(err.message).toMatch(/already exists.*did not create it/);
  });

  it("409 on another integration: error suggesting adopt; with adopt it is taken over", async () => {
    const existing = await existingIntegration("twilio-main");
    const p = provider();
    const inputs = await checked(p, TWILIO);
    const err = await failure(p.create(inputs));
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(/adopt: true/);
    expect(err).not.toHaveProperty("id");
    expect(err.message).not.toContain("tw-secret-token-5678");
    const adopted = await make(p, { ...TWILIO, adopt: true });
    expect(adopted.id).toBe(existing._id);
    expect(adopted.outs).toMatchObject({ name: "Twilio", active: true });
    expect(emu.integrations()).toHaveLength(1);
    expect(emu.integrations()[0]?.credentials).toEqual(TWILIO.credentials);
  });

  it("a create-before-delete replacement that took the object over leaves it, and the delete says so", async () => {
    const warnings: string[] = [];
    const log = { status: () => {}, info: async () => {}, warn: async (m: string) => void warnings.push(m) };
    const p = new IntegrationProvider({ settings: { apiKey: emu.apiKey, baseUrl: emu.url }, log });
    const old = await make(p, TWILIO);
    // `pulumi up --replace` without deleteBeforeReplace (the plugin languages): the new half first, adopting.
    const replacement = await make(p, { ...TWILIO, adopt: true });
    expect(replacement.id).toBe(old.id);
    emu.resetRequests();
    await p.delete(old.id, old.outs);
    expect(emu.requests.filter((r) => r.method === "DELETE")).toEqual([]);
    expect(emu.integrations().map((i) => i._id)).toEqual([old.id]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `integration "twilio-main" \\(_id ${old.id}\\) is kept, not deleted: .*deleteBeforeReplace: true`,
      ),
    );
  });

  it("a conflict on a retry of the same request (an earlier attempt created it) is taken over when it matches", async () => {
    const p = provider();
    const inputs: IntegrationInputs = await checked(p, TWILIO);
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
    const err = await failure(p.create(inputs));
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
      await expect(p.create(inputs)).rejects.toThrow("pulumi config set --secret svc:apiKey <key>");
    } finally {
      if (prevKey !== undefined) process.env.SVC_API_KEY = prevKey;
    }
  });
});
