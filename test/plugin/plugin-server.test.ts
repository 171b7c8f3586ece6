/**
 * The gRPC adapter of `pulumi-resource-svc`, called in process over a loopback gRPC port as the engine calls
 * it, against the emulator (real HTTP): config methods, the Integration lifecycle, an import's Read with the
 * id alone, SubscriberCredentials, and a function. Secrets go in wrapped; the service receives them plain;
 * every secret comes back wrapped.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { defaultIdentifier } from "../../provider/default-identifier";
import { type PluginServer, startPluginServer } from "../../provider/plugin/server";
import { isSecret, type PropertyMap, secret, UNKNOWN } from "../../testkit/harness/protocol";
import { repoRoot } from "../../testkit/harness/repo-root";
import { PluginClient, pluginUrn } from "../../testkit/plugin/plugin-client";

const SENDGRID_KEY = "SG.plugin-test-secret-0001";
const TOKEN = "tok-plugin-test-0001";
const INTEGRATION = "svc:index:Integration";
const CREDENTIALS = "svc:index:SubscriberCredentials";
const WORKFLOW = "svc:index:Workflow";

let emu: Emulator;
let server: PluginServer;
let plugin: PluginClient;

beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    fixtures: {
      integrations: [
        { providerId: "fcm", channel: "push", active: true, identifier: "fcm-plugin" },
        // Its credentials come back in plaintext from the April 2026 service (the emulator's default).
        {
          providerId: "sendgrid",
          channel: "email",
          active: true,
          identifier: "mail-plugin",
          credentials: { apiKey: "SG.plugin-read-secret-3" },
        },
      ],
      subscribers: [{ subscriberId: "plugin-sub" }],
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

/** The value of a wire secret (fails the test when `v` is not one). */
function revealed(v: unknown): unknown {
  expect(isSecret(v), `expected a secret, got ${JSON.stringify(v)}`).toBe(true);
  return (v as { value: unknown }).value;
}

describe("the provider's own methods", () => {
  it("GetPluginInfo answers the package version; GetSchema the pinned schema", async () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot(), "package.json"), "utf8")) as { version: string };
    expect(await plugin.pluginInfo()).toBe(pkg.version);
    const pinned = readFileSync(join(repoRoot(), "provider/plugin/schema.json"), "utf8");
    expect(JSON.parse(await plugin.schema())).toEqual(JSON.parse(pinned));
  });

  it("Configure accepts secrets, and neither resource references nor previews", async () => {
    const other = new PluginClient(`127.0.0.1:${server.port}`);
    const answer = await other.configure({ apiKey: secret(emu.apiKey), baseUrl: emu.url });
    other.close();
    expect(answer).toMatchObject({ acceptsecrets: true, acceptresources: false, supportspreview: false });
  });

  it("CheckConfig: valid settings pass with the key marked secret; bad ones fail by name, never by value", async () => {
    const ok = await plugin.checkConfig({}, { apiKey: "k-1", baseUrl: emu.url, version: "0.1.0" });
    expect(ok.failures).toEqual([]);
    expect(revealed(ok.inputs.apiKey)).toBe("k-1");
    const bad = await plugin.checkConfig({}, { apiKey: 42, baseUrl: "ftp://x", colour: "blue" });
    expect(bad.failures.map((f) => f.property)).toEqual(["", "baseUrl", "colour"]);
    expect(JSON.stringify(bad.failures)).not.toContain("42");
    expect(bad.failures[1]?.reason).toMatch(/http\(s\) URL/);
  });

  it("DiffConfig: a key rotation updates, a baseUrl or environment change replaces", async () => {
    const olds: PropertyMap = { apiKey: "k-1", baseUrl: emu.url, environment: "dev" };
    expect((await plugin.diffConfig(olds, { ...olds })).changes).toBe("none");
    const rotated = await plugin.diffConfig(olds, { ...olds, apiKey: "k-2" });
    expect(rotated).toMatchObject({ changes: "some", replaces: [], detailedDiff: { apiKey: "UPDATE" } });
    const moved = await plugin.diffConfig(olds, { ...olds, baseUrl: "https://elsewhere.example.com" });
    expect(moved).toMatchObject({
      changes: "some",
      replaces: ["baseUrl"],
      detailedDiff: { baseUrl: "UPDATE_REPLACE" },
    });
    const renamed = await plugin.diffConfig(olds, { ...olds, environment: UNKNOWN });
    expect(renamed.replaces).toEqual(["environment"]);
  });
});

describe("an Integration through the plugin", () => {
  const urn = pluginUrn(INTEGRATION, "mail");
  const declared = {
    providerId: "sendgrid",
    channel: "email",
    name: "Plugin mail",
    active: true,
    credentials: secret({ apiKey: SENDGRID_KEY, from: "noreply@example.com" }),
  };
  let id = "";
  let inputs: PropertyMap = {};
  let outs: PropertyMap = {};

  it("Check derives the default identifier from the URN, as the dynamic resource does in the program", async () => {
    const checked = await plugin.check(urn, {}, declared);
    expect(checked.failures).toEqual([]);
    const origin = { project: "svc-plugin-test", stack: "dev", name: "mail" };
    expect(checked.inputs.identifier).toBe(defaultIdentifier(origin));
    expect(checked.inputs.defaultIdentifierOf).toEqual(origin);
    expect(revealed(checked.inputs.credentials)).toMatchObject({ apiKey: SENDGRID_KEY });
    inputs = checked.inputs;
  });

  it("Check reports a failure of a secret input on the resource, never its value", async () => {
    const checked = await plugin.check(urn, {}, { ...declared, credentials: secret({ nope: SENDGRID_KEY }) });
    expect(checked.failures.length).toBeGreaterThan(0);
    expect(checked.failures.every((f) => f.property === "")).toBe(true);
    expect(JSON.stringify(checked.failures)).not.toContain(SENDGRID_KEY);
  });

  it("Create writes the plain credentials to the service and answers them secret", async () => {
    const created = await plugin.create(urn, inputs);
    id = created.id;
    outs = created.outs;
    const stored = emu.integrations().find((i) => i._id === id);
    expect(stored?.credentials).toMatchObject({ apiKey: SENDGRID_KEY });
    expect(revealed(outs.credentials)).toMatchObject({ apiKey: SENDGRID_KEY });
    expect(outs).toMatchObject({ name: "Plugin mail", environmentId: emu.keys[0]?.environmentId });
  });

  it("Diff: none for the same inputs; a rename updates `name`; a channel change replaces", async () => {
    expect((await plugin.diff(urn, id, outs, inputs, inputs)).changes).toBe("none");
    const renamed = await plugin.diff(urn, id, outs, { ...inputs, name: "Renamed" }, inputs);
    expect(renamed).toMatchObject({ changes: "some", replaces: [], detailedDiff: { name: "UPDATE" } });
    expect(renamed.stables).toContain("providerId");
    const moved = await plugin.diff(
      urn,
      id,
      outs,
      { ...inputs, channel: "sms", providerId: "twilio" },
      inputs,
    );
    expect(moved.replaces.sort()).toEqual(["channel", "providerId"]);
    expect(moved.detailedDiff).toEqual({ channel: "UPDATE_REPLACE", providerId: "UPDATE_REPLACE" });
    expect(moved.deleteBeforeReplace).toBe(true);
  });

  it("Update writes the new name; Read (refresh) reads it back with inputs, credentials still secret", async () => {
    const updated = await plugin.update(urn, id, outs, { ...inputs, name: "Renamed" });
    expect(updated.name).toBe("Renamed");
    const read = await plugin.read(urn, id, updated, { ...inputs, name: "Renamed" });
    expect(read.id).toBe(id);
    expect(read.props.name).toBe("Renamed");
    expect(revealed(read.inputs?.credentials)).toMatchObject({ apiKey: SENDGRID_KEY });
    outs = read.props;
  });

  it("an import's Read (the id alone) answers inputs for the program, without the credentials", async () => {
    const read = await plugin.read(urn, id);
    expect(read.id).toBe(id);
    expect(read.inputs).toMatchObject({
      providerId: "sendgrid",
      channel: "email",
      name: "Renamed",
      active: true,
    });
    expect(read.inputs?.identifier).toBe(outs.identifier);
    expect(read.inputs).not.toHaveProperty("credentials");
    // Nothing to hide: an empty value is not marked secret (each secret costs the engine at every checkpoint).
    expect(read.props.credentials).toEqual({});
    expect(JSON.stringify(read)).not.toContain(SENDGRID_KEY);
  });

  it("after an import, an edit without declared credentials keeps the ones the service holds", async () => {
    const imported = await plugin.read(urn, id);
    const inputs = imported.inputs ?? {};
    const checked = await plugin.check(urn, inputs, { ...inputs, name: "Edited after import" });
    const updated = await plugin.update(urn, id, imported.props, checked.inputs ?? {});
    expect(updated.name).toBe("Edited after import");
    // A PUT of `credentials: {}` would have erased the key this stack never saw.
    expect(emu.integrations().find((i) => i._id === id)?.credentials).toMatchObject({ apiKey: SENDGRID_KEY });
  });

  it("an import of an id that names nothing fails", async () => {
    await expect(plugin.read(urn, "000000000000000000000000")).rejects.toThrow(/no integration has the id/);
  });

  it("Delete removes it; a refresh then finds it gone", async () => {
    await plugin.delete(urn, id, outs);
    expect(emu.integrations().find((i) => i._id === id)).toBeUndefined();
    expect((await plugin.read(urn, id, outs, inputs)).id).toBe("");
  });
});

describe("SubscriberCredentials through the plugin", () => {
  const urn = pluginUrn(CREDENTIALS, "device");
  const declared = {
    subscriberId: "plugin-sub",
    providerId: "fcm",
    integrationIdentifier: "fcm-plugin",
    credentials: secret({ deviceTokens: [TOKEN] }),
  };

  it("create, then an import by `subscriberId/providerId/integrationIdentifier` leaves the tokens out of the inputs", async () => {
    const checked = await plugin.check(urn, {}, declared);
    expect(checked.failures).toEqual([]);
    const created = await plugin.create(urn, checked.inputs);
    expect(created.id).toBe("plugin-sub/fcm/fcm-plugin");
    const env = emu.keys[0]?.environmentId ?? "";
    expect(
      (emu.subscriber(env, "plugin-sub")?.channels ?? []).flatMap((c) => c.credentials.deviceTokens),
    ).toEqual([TOKEN]);
    const read = await plugin.read(urn, created.id);
    expect(read.inputs).toEqual({
      subscriberId: "plugin-sub",
      providerId: "fcm",
      integrationIdentifier: "fcm-plugin",
    });
    expect(revealed(read.props.credentials)).toEqual({ deviceTokens: [TOKEN] });
    expect(read.props.credentialsManaged).toBe(false);
    // The imported inputs pasted as generated (no credentials: held by the service, not managed here): no change.
    const pasted = await plugin.check(urn, read.inputs ?? {}, read.inputs ?? {});
    expect(pasted.failures).toEqual([]);
    const asGenerated = await plugin.diff(
      urn,
      created.id,
      read.props,
      pasted.inputs ?? {},
      read.inputs ?? {},
    );
    expect(asGenerated.changes).toBe("none");
    // Declared (the same tokens): the resource takes the entry over, a change of `credentials` alone.
    const declaredAgain = await plugin.check(urn, read.inputs ?? {}, declared);
    const takeOver = await plugin.diff(
      urn,
      created.id,
      read.props,
      declaredAgain.inputs ?? {},
      read.inputs ?? {},
    );
    expect(takeOver).toMatchObject({ changes: "some", replaces: [] });
    expect(takeOver.detailedDiff).toEqual({ credentials: "ADD" });
    await plugin.delete(urn, created.id, created.outs);
    expect(
      (emu.subscriber(env, "plugin-sub")?.channels ?? []).flatMap((c) => c.credentials.deviceTokens ?? []),
    ).toEqual([]);
  });
});

describe("TopicSubscriptions with identifiers and preferences through the plugin (YAML, Python, Go, .NET)", () => {
  const urn = pluginUrn("svc:index:TopicSubscriptions", "vip");
  const tier = (t: string) => ({ "==": [{ var: "payload.tier" }, t] });
  const declared = (t: string): PropertyMap => ({
    topicKey: "plugin-vip",
    subscriptions: [
      {
        identifier: "plugin-sub-vip",
        subscriberId: "plugin-sub",
        name: "VIP",
        preferences: [{ workflowId: "plugin-digest", condition: tier(t) }],
      },
    ],
  });
  const post = (path: string, body: unknown) =>
    fetch(`${emu.url}${path}`, {
      method: "POST",
      headers: { authorization: `ApiKey ${emu.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("create, refresh and diff none; an edited condition is the one line of the detailed diff; delete", async () => {
    expect((await post("/v2/topics", { key: "plugin-vip", name: "VIP" })).status).toBe(200);
    const workflow = await post("/v2/workflows", { name: "Digest", workflowId: "plugin-digest", steps: [] });
    expect(workflow.status).toBe(201);
    const checked = await plugin.check(urn, {}, declared("gold"));
    expect(checked.failures).toEqual([]);
    const created = await plugin.create(urn, checked.inputs);
    const read = await plugin.read(urn, created.id, created.outs, checked.inputs);
    expect(read.inputs?.subscriptions).toEqual(checked.inputs.subscriptions);
    expect((await plugin.diff(urn, created.id, read.props, checked.inputs, checked.inputs)).changes).toBe(
      "none",
    );
    const edited = (await plugin.check(urn, checked.inputs, declared("platinum"))).inputs;
    const diff = await plugin.diff(urn, created.id, created.outs, edited, checked.inputs);
    expect(diff).toMatchObject({ changes: "some", replaces: [] });
    expect(diff.detailedDiff).toEqual({ "subscriptions[0].preferences[0].condition": "UPDATE" });
    const updated = await plugin.update(urn, created.id, created.outs, edited);
    await plugin.delete(urn, created.id, updated);
    const gone = await fetch(`${emu.url}/v2/topics/plugin-vip/subscriptions/plugin-sub-vip`, {
      headers: { authorization: `ApiKey ${emu.apiKey}` },
    });
    expect(gone.status).toBe(204);
  });

  it("a secret in a condition: the service holds it plain; check, create and read answer the subscriptions secret; refresh diffs none", async () => {
    const hidden: PropertyMap = {
      topicKey: "plugin-vip",
      subscriptions: [
        {
          identifier: "plugin-sub-hush",
          subscriberId: "plugin-sub",
          preferences: [
            {
              workflowId: "plugin-digest",
              condition: { "==": [{ var: "payload.code" }, secret("hush-7c1")] },
            },
          ],
        },
      ],
    };
    const checked = await plugin.check(urn, {}, hidden);
    expect(checked.failures).toEqual([]);
    expect(revealed(checked.inputs.subscriptions)).toMatchObject([{ identifier: "plugin-sub-hush" }]);
    const created = await plugin.create(urn, checked.inputs);
    expect(revealed(created.outs.subscriptions)).toEqual(revealed(checked.inputs.subscriptions));
    const held = await fetch(`${emu.url}/v2/topics/plugin-vip/subscriptions/plugin-sub-hush`, {
      headers: { authorization: `ApiKey ${emu.apiKey}` },
    });
    const detail = (await held.json()) as { data: { preferences: { condition: unknown }[] } };
    expect(detail.data.preferences.map((p) => p.condition)).toEqual([
      { "==": [{ var: "payload.code" }, "hush-7c1"] },
    ]);
    const read = await plugin.read(urn, created.id, created.outs, checked.inputs);
    expect(revealed(read.props.subscriptions)).toEqual(revealed(created.outs.subscriptions));
    expect(revealed(read.inputs?.subscriptions)).toEqual(revealed(checked.inputs.subscriptions));
    const diff = await plugin.diff(urn, created.id, read.props, checked.inputs, read.inputs ?? {});
    expect(diff.changes).toBe("none");
    await plugin.delete(urn, created.id, created.outs);
  });
});

describe("a Workflow through the plugin", () => {
  const urn = pluginUrn(WORKFLOW, "welcome");
  const steps: PropertyMap[] = [
    { name: "Inbox", type: "in_app", controls: { body: "Hi" } },
    { name: "Mail", type: "email", controls: { subject: "Welcome", body: "<p>Hi</p>" } },
  ];
  let id = "";
  let inputs: PropertyMap = {};
  let outs: PropertyMap = {};

  it("Check derives the default workflowId from the URN and refuses a step the service would store with issues", async () => {
    const checked = await plugin.check(urn, {}, { name: "Welcome", steps });
    expect(checked.failures).toEqual([]);
    expect(checked.inputs.workflowId).toBe(
      defaultIdentifier({ project: "svc-plugin-test", stack: "dev", name: "welcome" }),
    );
    inputs = checked.inputs;
    const bad = await plugin.check(
      urn,
      {},
      { name: "Welcome", steps: [{ name: "Mail", type: "email", controls: { body: "b" } }] },
    );
    expect(bad.failures).toEqual([
      { property: "", reason: 'steps[0] "Mail": controls.subject: Subject is required' },
    ]);
  });

  it("Create, then Diff names the step's control that changed (detailed diff by property path)", async () => {
    const created = await plugin.create(urn, inputs);
    id = created.id;
    outs = created.outs;
    expect((outs.steps as PropertyMap[]).map((s) => Object.keys(s).sort())).toEqual([
      ["controls", "id", "name", "stepId", "type"],
      ["controls", "id", "name", "stepId", "type"],
    ]);
    expect((await plugin.diff(urn, id, outs, inputs, inputs)).changes).toBe("none");
    const mail: PropertyMap = {
      name: "Mail",
      type: "email",
      controls: { subject: "Hello", body: "<p>Hi</p>" },
    };
    const edited: PropertyMap = { ...inputs, steps: [steps[0] ?? {}, mail] };
    const diff = await plugin.diff(urn, id, outs, (await plugin.check(urn, inputs, edited)).inputs, inputs);
    expect(diff).toMatchObject({
      changes: "some",
      replaces: [],
      detailedDiff: { "steps[1].controls.subject": "UPDATE" },
    });
    expect(Object.keys(diff.detailedDiff)).toEqual(["steps[1].controls.subject"]);
  });

  it("an import's Read by workflowId answers the _id and inputs that diff as none once checked", async () => {
    const read = await plugin.read(urn, String(outs.workflowId));
    expect(read.id).toBe(id);
    const pasted = await plugin.check(urn, {}, read.inputs ?? {});
    expect(pasted.failures).toEqual([]);
    expect((await plugin.diff(urn, id, read.props, pasted.inputs, read.inputs ?? {})).changes).toBe("none");
  });

  it("Delete removes it", async () => {
    await plugin.delete(urn, id, outs);
    expect((await plugin.read(urn, id, outs, inputs)).id).toBe("");
  });
});

describe("functions through Invoke", () => {
  it("svc:index:getActiveIntegrations answers `items`, `_id` named `id`", async () => {
    const result = await plugin.invoke("svc:index:getActiveIntegrations", { providerId: "fcm" });
    const items = result.items as PropertyMap[];
    expect(items.map((i) => i.identifier)).toEqual(["fcm-plugin"]);
    expect(items[0]).toHaveProperty("id");
    expect(items[0]).not.toHaveProperty("_id");
  });

  it("svc:index:getActiveIntegrations: credentials the service answered come back secret", async () => {
    const result = await plugin.invoke("svc:index:getActiveIntegrations", { providerId: "sendgrid" });
    const items = revealed(result.items) as PropertyMap[];
    expect(items.map((i) => [i.identifier, i.credentials])).toEqual([
      ["mail-plugin", { apiKey: "SG.plugin-read-secret-3" }],
    ]);
  });

  it("svc:index:getEnvironment answers the key's environment; svc:index:listWorkflows `items` of every page", async () => {
    const env = await plugin.invoke("svc:index:getEnvironment", {});
    expect(env).toMatchObject({ id: emu.keys[0]?.environmentId, name: "Development" });
    const created = await plugin.create(pluginUrn(WORKFLOW, "listed"), {
      ...(await plugin.check(pluginUrn(WORKFLOW, "listed"), {}, { name: "Listed", steps: [] })).inputs,
    });
    const listed = await plugin.invoke("svc:index:listWorkflows", { query: "Listed", limit: 1 });
    expect((listed.items as PropertyMap[]).map((w) => [w.name, w.id])).toEqual([["Listed", created.id]]);
    await plugin.delete(pluginUrn(WORKFLOW, "listed"), created.id, created.outs);
  });

  it("an unknown function fails naming the known ones", async () => {
    await expect(plugin.invoke("svc:index:getNothing", {})).rejects.toThrow(
      /unknown function.*getActiveIntegrations/,
    );
  });
});

describe("a Workflow's typed control blocks through the plugin (email: {...} beside controls)", () => {
  const urn = pluginUrn(WORKFLOW, "typed-blocks");
  const email: PropertyMap = { subject: "Welcome", body: "<p>Hi</p>", editorType: "html" };
  /** Each step type's controls, as a typed block would hold them. */
  const controls: Record<string, PropertyMap> = {
    in_app: {
      body: "Hi {{subscriber.firstName}}",
      primaryAction: { label: "Open", redirect: { url: "/inbox", target: "_self" } },
      data: { source: "typed" },
    },
    email,
    sms: { body: "Hi" },
    push: { subject: "Hi", body: "There" },
    chat: { body: "Hi" },
    delay: { type: "regular", amount: 5, unit: "minutes" },
    digest: { type: "regular", amount: 1, unit: "hours", lookBackWindow: { amount: 5, unit: "minutes" } },
    custom: { custom: { anything: ["goes"] } },
    throttle: { type: "fixed", amount: 1, unit: "hours", threshold: 3 },
    http_request: {
      method: "POST",
      url: "https://crm.example.com/hooks",
      headers: [{ key: "X-Source", value: "svc" }],
      body: [{ key: "event", value: "welcome" }],
      timeout: 5000,
    },
  };
  const block: Record<string, string> = { in_app: "inApp", http_request: "httpRequest" };
  const blockOf = (type: string) => block[type] ?? type;
  const asControls = Object.entries(controls).map(([type, c]) => ({ name: `S ${type}`, type, controls: c }));
  const asBlocks = Object.entries(controls).map(([type, c]) => ({
    name: `S ${type}`,
    type,
    [blockOf(type)]: c,
  }));
  let id = "";
  let outs: PropertyMap = {};
  let inputs: PropertyMap = {};

  it("Check of every step type's block is Check of the same controls: the checked inputs hold controls only", async () => {
    const plain = await plugin.check(urn, {}, { name: "Typed", steps: asControls });
    const typed = await plugin.check(urn, {}, { name: "Typed", steps: asBlocks });
    expect(plain.failures).toEqual([]);
    expect(typed.failures).toEqual([]);
    expect(typed.inputs).toEqual(plain.inputs);
    expect((typed.inputs.steps as PropertyMap[]).map((s) => Object.keys(s).sort())).toEqual(
      asBlocks.map(() => ["controls", "name", "type"]),
    );
    inputs = plain.inputs;
  });

  it("refuses a block of another type and both controls and the block, naming the step and the field", async () => {
    const answer = await plugin.check(
      urn,
      {},
      {
        name: "Typed",
        steps: [
          { name: "Mail", type: "email", email },
          { name: "Notify CRM", type: "email", sms: { body: "Hi" } },
          { name: "Both", type: "email", controls: email, email },
        ],
      },
    );
    expect(answer.failures).toEqual([
      {
        property: "",
        reason: 'steps[1] "Notify CRM": sms: set for a step of type email (use email, or change type)',
      },
      { property: "", reason: 'steps[2] "Both": set controls or email, not both' },
    ]);
  });

  it("every rule of controls applies to a block, its failures naming the block's field", async () => {
    const answer = await plugin.check(
      urn,
      {},
      {
        name: "Typed",
        steps: [
          { name: "Mail", type: "email", email: { body: "b", subjet: "typo" } },
          {
            name: "Notify CRM",
            type: "http_request",
            httpRequest: {
              url: "https://crm.example.com",
              headers: [{ key: "Authorization", value: "Bearer x" }],
            },
          },
          { name: "Plain", type: "email", controls: { body: "b" } },
        ],
      },
    );
    const reasons = answer.failures.map((f) => f.reason);
    expect(reasons).toContain('steps[0] "Mail": email.subject: Subject is required');
    expect(
      reasons.some((r) => r.startsWith('steps[0] "Mail": email.subjet: unknown control of a email step')),
    ).toBe(true);
    expect(
      reasons.some((r) =>
        r.startsWith('steps[1] "Notify CRM": httpRequest.headers[0]: "Authorization" carries a credential'),
      ),
    ).toBe(true);
    // A step declared with controls keeps check's words.
    expect(reasons).toContain('steps[2] "Plain": controls.subject: Subject is required');
    expect(reasons.join("\n")).not.toContain("Bearer x");
  });

  it("a preview's unknown type takes the step's one block for its controls; its values are checked in up", async () => {
    const answer = await plugin.check(
      urn,
      {},
      { name: "Typed", steps: [{ name: "Later", type: UNKNOWN, sms: { body: "Hi" } }] },
    );
    expect(answer.failures).toEqual([]);
    expect(answer.inputs.steps).toEqual([{ name: "Later", type: UNKNOWN, controls: { body: "Hi" } }]);
  });

  it("a stack made with controls diffs as none when declared with blocks; a block edit is steps[i].controls.<x>", async () => {
    const created = await plugin.create(urn, inputs);
    id = created.id;
    outs = created.outs;
    const same = await plugin.check(urn, inputs, { ...inputs, steps: asBlocks });
    expect((await plugin.diff(urn, id, outs, same.inputs, inputs)).changes).toBe("none");
    const edited = asBlocks.map((s) =>
      s.type === "email" ? { ...s, email: { ...email, subject: "Hello" } } : s,
    );
    const checked = await plugin.check(urn, inputs, { ...inputs, steps: edited });
    const diff = await plugin.diff(urn, id, outs, checked.inputs, inputs);
    expect(diff).toMatchObject({ changes: "some", replaces: [] });
    expect(Object.keys(diff.detailedDiff)).toEqual(["steps[1].controls.subject"]);
    await plugin.delete(urn, id, outs);
  });

  it('an email of no layout is `layoutId: ""` in its block (Go and YAML cannot send a null): stored as null', async () => {
    const bare = { subject: "No layout", body: "<p>Hi</p>", editorType: "html" };
    const typed = await plugin.check(
      urn,
      {},
      { name: "Bare", steps: [{ name: "Mail", type: "email", email: { ...bare, layoutId: "" } }] },
    );
    expect(typed.failures).toEqual([]);
    expect(typed.inputs.steps).toEqual([
      { name: "Mail", type: "email", controls: { ...bare, layoutId: null } },
    ]);
    const created = await plugin.create(urn, typed.inputs);
    // What the service stored and answered: no layout (`""` would be its 404, absent its default layout).
    const [stored] = created.outs.steps as PropertyMap[];
    expect((stored?.controls as PropertyMap | undefined)?.layoutId).toBeNull();
    const plain = await plugin.check(urn, typed.inputs, {
      name: "Bare",
      steps: [{ name: "Mail", type: "email", controls: { ...bare, layoutId: null } }],
    });
    const diff = await plugin.diff(urn, created.id, created.outs, plain.inputs, typed.inputs);
    expect(diff.changes).toBe("none");
    await plugin.delete(urn, created.id, created.outs);
  });
});
