/**
 * What a refresh keeps of the declared inputs, through the plugin's gRPC methods as the engine calls them
 * (provider/runtime/shared/kept-inputs.ts), against the emulator, for every resource kind: Check, Create,
 * then Read with the state's outputs and inputs (a refresh) answers exactly the checked inputs (an
 * Integration's `credentials: {}`, `defaultIdentifierOf` and `check`, an identifier or workflow fields left
 * out), so that a one-field edit diffs as that one field. A change made outside Pulumi is taken from the
 * service and kept so by the next refresh. No secret value enters the kept entries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { type PluginServer, startPluginServer } from "../../provider/plugin/server";
import { KEPT_INPUTS_KEY } from "../../provider/runtime/shared/kept-inputs";
import { call } from "../../testkit/emulator-http";
import { isSecret, type PropertyMap, secret } from "../../testkit/harness/protocol";
import { PluginClient, pluginUrn } from "../../testkit/plugin/plugin-client";

const SENDGRID_KEY = "SG.refresh-inputs-secret-0001";
const TOKEN_A = "tok-refresh-inputs-secret-a";
const TOKEN_B = "tok-refresh-inputs-secret-b";
const HOOK = "https://hooks.example/refresh-inputs-secret-c";

let emu: Emulator;
let server: PluginServer;
let plugin: PluginClient;

beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    fixtures: {
      integrations: [
        { providerId: "fcm", channel: "push", active: true, identifier: "fcm-refresh" },
        { providerId: "slack", channel: "chat", active: true, identifier: "slack-refresh" },
      ],
      subscribers: [{ subscriberId: "refresh-ada" }, { subscriberId: "refresh-grace" }],
    },
  });
  server = await startPluginServer({ env: {} });
  plugin = new PluginClient(`127.0.0.1:${server.port}`);
  await plugin.configure({ apiKey: secret(emu.apiKey), baseUrl: emu.url });
});

afterAll(async () => {
  plugin?.close();
  await server?.close();
  await emu?.close();
});

/** The values with every wire secret unwrapped (to compare inputs whatever their secret marks). */
function plain(v: unknown): unknown {
  if (isSecret(v)) return plain((v as { value: unknown }).value);
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === "object") {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  }
  return v;
}

/** Check, Create, then a refresh's Read: the checked inputs, the outputs written, and what the Read answered. */
async function upThenRefresh(urn: string, declared: PropertyMap) {
  const checked = await plugin.check(urn, {}, declared);
  expect(checked.failures).toEqual([]);
  const created = await plugin.create(urn, checked.inputs);
  const read = await plugin.read(urn, created.id, created.outs, checked.inputs);
  expect(read.id).toBe(created.id);
  return { id: created.id, inputs: checked.inputs, outs: created.outs, read };
}

describe("a refresh keeps the declared inputs", () => {
  it("Integration with `credentials: {}` and a default identifier: a rename after refresh diffs as `name` alone", async () => {
    const urn = pluginUrn("svc:index:Integration", "alerts");
    const declared = {
      providerId: "sendgrid",
      channel: "email",
      name: "Alerts",
      credentials: {},
      check: false,
    };
    const { id, inputs, read } = await upThenRefresh(urn, declared);
    expect(inputs).toHaveProperty("defaultIdentifierOf");
    expect(read.inputs).toEqual(inputs);
    const renamed = await plugin.check(urn, read.inputs ?? {}, { ...declared, name: "Alerts EU" });
    const diff = await plugin.diff(urn, id, read.props, renamed.inputs, read.inputs ?? {});
    expect(diff).toMatchObject({ changes: "some", replaces: [], detailedDiff: { name: "UPDATE" } });
    expect(Object.keys(diff.detailedDiff)).toEqual(["name"]);
    // The kept state refreshes again to the same inputs.
    expect((await plugin.read(urn, id, read.props, read.inputs)).inputs).toEqual(inputs);
  });

  it("Integration with secret credentials: refreshed inputs keep them secret; no secret in the kept entries", async () => {
    const urn = pluginUrn("svc:index:Integration", "mail");
    const declared = {
      providerId: "sendgrid",
      channel: "email",
      active: true,
      credentials: secret({ apiKey: SENDGRID_KEY, from: "noreply@example.com" }),
    };
    const { inputs, outs, read } = await upThenRefresh(urn, declared);
    expect(isSecret(read.inputs?.credentials)).toBe(true);
    expect(plain(read.inputs)).toEqual(plain(inputs));
    // `name` left out: the service's name is not an input after the refresh either.
    expect(read.inputs).not.toHaveProperty("name");
    expect(JSON.stringify([outs[KEPT_INPUTS_KEY], read.props[KEPT_INPUTS_KEY]])).not.toContain(SENDGRID_KEY);
  });

  it("an Integration renamed outside Pulumi: the refresh takes the service's name, and the next refresh keeps it", async () => {
    const urn = pluginUrn("svc:index:Integration", "renamed-outside");
    const declared = {
      providerId: "sendgrid",
      channel: "email",
      name: "Before",
      credentials: {},
      check: false,
    };
    // No read before the change: the plugin process shares integration lists between reads for a moment.
    const checked = await plugin.check(urn, {}, declared);
    const inputs = checked.inputs;
    const { id, outs } = await plugin.create(urn, inputs);
    const renamed = await call(emu, "PUT", `/v1/integrations/${id}`, {
      body: { name: "Edited by hand", check: false },
    });
    expect(renamed.status).toBe(200);
    const read = await plugin.read(urn, id, outs, inputs);
    expect(read.inputs).toEqual({ ...inputs, name: "Edited by hand" });
    const again = await plugin.read(urn, id, read.props, read.inputs);
    expect(again.inputs).toEqual(read.inputs);
    const back = await plugin.diff(urn, id, again.props, inputs, again.inputs ?? {});
    expect(Object.keys(back.detailedDiff)).toEqual(["name"]);
  });

  it("SubscriberCredentials with the integration left out: the refresh does not add the one the service chose; no token kept", async () => {
    const urn = pluginUrn("svc:index:SubscriberCredentials", "ada-push");
    const declared = {
      subscriberId: "refresh-ada",
      providerId: "fcm",
      credentials: secret({ deviceTokens: [TOKEN_B, TOKEN_A] }),
    };
    const { inputs, outs, read } = await upThenRefresh(urn, declared);
    expect(read.inputs).not.toHaveProperty("integrationIdentifier");
    expect(read.props.integrationIdentifier).toBe("fcm-refresh");
    expect(plain(read.inputs)).toEqual(plain(inputs));
    expect(isSecret(read.inputs?.credentials)).toBe(true);
    const kept = JSON.stringify([outs[KEPT_INPUTS_KEY], read.props[KEPT_INPUTS_KEY]]);
    for (const token of [TOKEN_A, TOKEN_B]) expect(kept).not.toContain(token);
  });

  it("SubscriberCredentialsSet with the integration left out: refreshed inputs are the checked ones", async () => {
    const urn = pluginUrn("svc:index:SubscriberCredentialsSet", "chat-hooks");
    const declared = {
      providerId: "slack",
      credentials: secret({ "refresh-grace": { webhookUrl: HOOK } }),
    };
    const { inputs, outs, read } = await upThenRefresh(urn, declared);
    expect(read.inputs).not.toHaveProperty("integrationIdentifier");
    expect(plain(read.inputs)).toEqual(plain(inputs));
    expect(isSecret(read.inputs?.credentials)).toBe(true);
    expect(JSON.stringify([outs[KEPT_INPUTS_KEY], read.props[KEPT_INPUTS_KEY]])).not.toContain(HOOK);
  });

  it("Workflow with fields left out: refreshed inputs are the checked ones; a control edit diffs as its path alone", async () => {
    const urn = pluginUrn("svc:index:Workflow", "onboarding");
    const inbox: PropertyMap = { name: "Inbox", type: "in_app", controls: { body: "Hi" } };
    const mail = (subject: string): PropertyMap => ({
      name: "Mail",
      type: "email",
      controls: { subject, body: "<p>Hi</p>" },
    });
    const declared: PropertyMap = { name: "Onboarding", steps: [inbox, mail("Welcome")] };
    const { id, inputs, read } = await upThenRefresh(urn, declared);
    expect(read.inputs).toEqual(inputs);
    const edited = await plugin.check(urn, read.inputs ?? {}, { ...declared, steps: [inbox, mail("Hello")] });
    const diff = await plugin.diff(urn, id, read.props, edited.inputs, read.inputs ?? {});
    expect(Object.keys(diff.detailedDiff)).toEqual(["steps[1].controls.subject"]);
  });
});
