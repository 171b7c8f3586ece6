/**
 * examples/yaml (a Pulumi YAML program through `pulumi-resource-svc`) under the real CLI and the
 * pulumi-language-yaml that install-pulumi.sh builds, from the packed tarball installed into a fresh folder
 * (the plugin found in its `node_modules/.bin` on PATH), against an emulator with its default fixtures on a
 * port-0 loopback server: preview and up of the example as the last release declared it (steps with
 * `controls:`), then of the example (typed control blocks `email:`, `inApp:`, ...): no change and no write, a
 * no-op preview, an edit, an out-of-band change then refresh (the
 * preview then shows exactly that change; `up` restores it; no-op preview), a refused key and a dead address
 * failing the preview with the setting and its command named, `pulumi import` of an active fcm
 * integration, of subscriber credentials and of a credentials set made out of band, with the YAML the CLI
 * generates pasted unchanged into Pulumi.yaml (credentials left out: held by the service, not managed here):
 * a no-op preview, an `up` that changes nothing on the service, then the credentials declared from secret
 * config (an update of `credentials` that `up` writes); and destroy, after which the fixtures and the objects
 * made beside the stack are exactly as they were (an entry the stack never managed included). The example's
 * `svc:index:Workflow` (a step of every type, on the emulator as the 2026 service): an edited control is an
 * update whose detailed diff names it (`steps[1].controls.subject`), every step keeping its `_id`; `pulumi import
 * svc:index:Workflow` of a workflow made outside the stack, the generated YAML pasted unchanged: a no-op
 * preview that writes nothing; destroy deletes it with the stack's own, and leaves the workflows the stack
 * neither made nor imported exactly as they were. The example's `svc:index:Layout` (named by the email step
 * through `${brandLayout.layoutId}`), `svc:index:Topic` and `svc:index:TopicSubscriptions`: stored as declared;
 * the example's two subscriptions with identifiers (one with a preference on the workflow, its `workflowId` the
 * workflow's output, conditioned by a JSON Logic rule) held by the emulator with their names and preferences
 * (read over HTTP); an edit of that condition previewed as that one property path and written as one PATCH;
 * the condition edited out of band: refresh reads it, the preview shows it alone, `up` restores it; a
 * subscription made out of band with the identifier and values the program then declares is adopted with no
 * write; a subscription the application made in the same topic is left as it was by every step and by the
 * destroy of the subscriptions, which removes the declared ones alone. Destroy deletes the topic and the layout (not the environment's default: the default fixtures are a fresh
 * organization, whose "Default layout" is), with no warning about a layout left. No plaintext secret in any CLI output, state export,
 * generated code, the CLI home or the project folder. Needs `npm run build` first.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../../testkit/consumer/program-folder";
import { call } from "../../testkit/emulator-http";
import { repoRoot } from "../../testkit/harness/repo-root";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  errorsHolding,
  isStateSecret,
  type Json,
  PulumiStack,
  plaintextHits,
  STACK_TYPE,
  skipEngine,
  stateByName,
  stepOf,
  stepOps,
} from "../../testkit/pulumi-cli";
import { previewFailingOn, wrongSettings } from "../../testkit/pulumi-cli/wrong-settings";
import { appendYamlResources } from "../../testkit/pulumi-cli/yaml-resources";

const SENDGRID_KEY = "SG.yaml-engine-secret-3f1";
const EXPO_TOKEN = "expo-yaml-engine-secret-3f2";
const GRACE_URL = "https://hooks.example/yaml-grace-secret-3f3";
const ALAN_URL = "https://hooks.example/yaml-alan-secret-3f4";
const ADA_TOKEN_2 = "ExponentPushToken[yaml-ada-secret-3f5]";
const OUTSIDE_KEY = "outside-yaml-secret-3f6";
const ALAN_DEVICE = "ExponentPushToken[yaml-alan-secret-3f7]";
const BYSTANDER_KEY = "bystander-yaml-secret-3f8";
const BYSTANDER_URL = "https://hooks.example/yaml-bystander-secret-3f9";
const FCM_HELD = '{"type":"service_account","private_key":"yaml-fcm-held-secret-3fa"}';
// Not JSON: Pulumi YAML would parse a config value that is JSON into an object.
const FCM_DECLARED = "service-account-yaml-fcm-declared-secret-3fb";
const ALAN_DEVICE_2 = "ExponentPushToken[yaml-alan-declared-secret-3fc]";
const ADA_FCM = "yaml-ada-fcm-held-secret-3fd";
const GRACE_FCM = "yaml-grace-fcm-held-secret-3fe";
const GRACE_FCM_2 = "yaml-grace-fcm-declared-secret-3ff";
const SECRETS = [
  SENDGRID_KEY,
  EXPO_TOKEN,
  GRACE_URL,
  ALAN_URL,
  ADA_TOKEN_2,
  OUTSIDE_KEY,
  ALAN_DEVICE,
  BYSTANDER_KEY,
  BYSTANDER_URL,
  FCM_HELD,
  FCM_DECLARED,
  ALAN_DEVICE_2,
  ADA_FCM,
  GRACE_FCM,
  GRACE_FCM_2,
];
/** The example's secret header value, a literal in its program: in no state, CLI output or generated code. */
const CRM_TOKEN = "yaml-demo-crm-token-4d1e";
const FIXTURE_SUBSCRIBERS = ["user-ada", "user-grace", "user-alan"];
/** Workflows the stack neither makes nor imports: the fixture `welcome`, and one made beside the stack. */
const BYSTANDER_WORKFLOWS = ["welcome", "bystander-flow"];
const EXAMPLE = readFileSync(join(repoRoot(), "examples/yaml/Pulumi.yaml"), "utf8");
/**
 * The example as the last release declared it: each step's typed control block (`inApp:`, `email:`, ...,
 * `httpRequest:`) written `controls:`, the only form before the blocks. The first `up` runs it; the example
 * itself then previews no change and writes nothing (an upgrade changes nothing).
 */
const LAST_RELEASE = EXAMPLE.replace(
  /^( {10})(inApp|email|sms|push|chat|delay|digest|custom|throttle|httpRequest):$/gm,
  "$1controls:",
);
/** The example's topic. */
const OPS_TOPIC = "yaml-ops-on-call";
/** The subscription the application makes in the example's topic beside the stack (user-alan's, as one declared). */
const APP_SUBSCRIPTION = "app-alan-billing";
/** The JSON Logic rule of the example's `alan-escalations` preference, for a plan. */
const plan = (p: string) => ({ "==": [{ var: "payload.plan" }, p] });

let emu: Emulator;
let folder: ProgramFolder;
let stack: PulumiStack;
/** Everything the CLI printed, every state export and every generated code, scanned at the end. */
let printed = "";
/** The service beside the stack before the first `up`: fixtures and objects made out of band. */
let before: Json;
/** The workflows beside the stack ({@link BYSTANDER_WORKFLOWS}) before the first `up`, as stored. */
let workflowsBefore: Json[];
/** The identifier of the stack's push integration (from the outputs). */
let pushIdentifier: string;
/** The application's subscription ({@link APP_SUBSCRIPTION}) as made, checked after every test while it exists. */
let appSubscription: Json | undefined;

/** What the stack must leave as it was: every integration but the stack's, and the fixture subscribers' entries. */
function serviceBeside(stackIds: ReadonlySet<string>): Json {
  const env = emu.keys[0]!.environmentId;
  const integrations = emu
    .integrations()
    .filter((i) => !stackIds.has(String(i._id)))
    .map((i) => JSON.parse(JSON.stringify(i)) as Json);
  const entries = FIXTURE_SUBSCRIBERS.map((id) => {
    const channels = emu.subscriber(env, id)?.channels ?? [];
    return channels
      .filter((c) => !stackIds.has(String(c._integrationId)))
      .map((c) => JSON.parse(JSON.stringify(c)) as Json);
  });
  return { integrations, entries };
}

/** The `_id`s of the integrations in the stack's state. */
async function stackIntegrationIds(): Promise<Set<string>> {
  const state = await exportState();
  return new Set(
    (state.deployment.resources ?? [])
      .filter((r) => r.type === "svc:index:Integration" && r.id !== undefined)
      .map((r) => String(r.id)),
  );
}

async function exportState(): Promise<Awaited<ReturnType<PulumiStack["exportStack"]>>> {
  const state = await stack.exportStack();
  printed += JSON.stringify(state);
  return state;
}

/** The live integration with this identifier, as stored (credentials included). */
function integration(identifier: string) {
  return emu.integrations().find((i) => i.identifier === identifier && i.deleted !== true);
}

/** A subscriber's entries (as stored) of the integration with this identifier. */
function entriesOf(subscriberId: string, identifier: string) {
  const id = integration(identifier)?._id;
  const channels = emu.subscriber(emu.keys[0]!.environmentId, subscriberId)?.channels ?? [];
  return channels.filter((c) => id !== undefined && c._integrationId === id);
}

/** One subscription of the example's topic as the emulator answers it over HTTP, or undefined (204). */
async function opsSubscription(identifier: string): Promise<Json | undefined> {
  const res = await call(
    emu,
    "GET",
    `/v2/topics/${OPS_TOPIC}/subscriptions/${encodeURIComponent(identifier)}`,
  );
  if (res.status === 204) return undefined;
  expect(res.status).toBe(200);
  return res.body.data as Json;
}

/** A subscription of the example's topic as compared: its preferences as [workflow, enabled, condition]. */
interface HeldSubscription {
  /** The identifier; `(stack's)` for one the stack made for a subscriberId (`tk_<key>:si_<id>:pulumi-<hex>`). */
  identifier: string;
  subscriberId: string;
  name?: string;
  preferences: [string | undefined, boolean, Json | undefined][];
}

/**
 * Every subscription of the example's topic (the list over HTTP, then each one's name and preferences, which
 * the list does not answer), sorted by identifier then subscriber.
 */
async function opsSubscriptions(): Promise<HeldSubscription[]> {
  const list = await call(emu, "GET", `/v2/topics/${OPS_TOPIC}/subscriptions?limit=100`);
  expect(list.status).toBe(200);
  const out: HeldSubscription[] = [];
  for (const s of list.body.data as { identifier: string; subscriber: { subscriberId: string } }[]) {
    const detail = (await opsSubscription(s.identifier)) as {
      name?: string;
      preferences?: { workflow?: { identifier: string }; enabled: boolean; condition?: Json }[];
    };
    const stacks = /^tk_yaml-ops-on-call:si_[^:]+:pulumi-[0-9a-f]{8}$/.test(s.identifier);
    out.push({
      identifier: stacks ? "(stack's)" : s.identifier,
      subscriberId: s.subscriber.subscriberId,
      ...(detail.name === undefined ? {} : { name: detail.name }),
      preferences: (detail.preferences ?? []).map((p) => [p.workflow?.identifier, p.enabled, p.condition]),
    });
  }
  return sortedHeld(out);
}

/** Subscriptions as compared, sorted by identifier then subscriber. */
function sortedHeld(list: HeldSubscription[]): HeldSubscription[] {
  const key = (h: HeldSubscription) => `${h.identifier} ${h.subscriberId}`;
  return list.sort((a, b) => key(a).localeCompare(key(b)));
}

/** The application's subscription as compared. */
const APP_HELD: HeldSubscription = {
  identifier: APP_SUBSCRIPTION,
  subscriberId: "user-alan",
  name: "Alan (billing)",
  preferences: [["yaml-onboarding", false, undefined]],
};

/** The subscriptions the example declares, as held, with the condition of `alan-escalations` for `alanPlan`. */
function declaredSubscriptions(alanPlan: string): HeldSubscription[] {
  return [
    { identifier: "(stack's)", subscriberId: "user-ada", preferences: [] },
    { identifier: "(stack's)", subscriberId: "user-grace", preferences: [] },
    {
      identifier: "alan-escalations",
      subscriberId: "user-alan",
      name: "Alan (escalations)",
      preferences: [["yaml-onboarding", true, plan(alanPlan)]],
    },
    { identifier: "grace-pager", subscriberId: "user-grace", name: "Grace (pager)", preferences: [] },
  ];
}

/** Requests of the emulator's log that write the example's topic or its subscriptions. */
function topicWrites(): string[] {
  return emu.requests
    .filter((r) => r.path.startsWith(`/v2/topics/${OPS_TOPIC}`) && r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);
}

/** A workflow as the emulator answers it (`GET /v2/workflows/{workflowId}`), or undefined (404). */
async function storedWorkflow(workflowId: string): Promise<Json | undefined> {
  const res = await call(emu, "GET", `/v2/workflows/${workflowId}`);
  if (res.status === 404) return undefined;
  expect(res.status).toBe(200);
  return res.body.data as Json;
}

/** Step name -> `_id` of a stored workflow. */
async function workflowStepIds(workflowId: string): Promise<Record<string, string>> {
  const steps = ((await storedWorkflow(workflowId)) as { steps?: { name: string; _id: string }[] })?.steps;
  return Object.fromEntries((steps ?? []).map((st) => [st.name, st._id]));
}

/** The bystander workflows as stored now. */
async function bystanderWorkflows(): Promise<(Json | undefined)[]> {
  return Promise.all(BYSTANDER_WORKFLOWS.map(storedWorkflow));
}

/** Requests of the emulator's log that write workflows. */
function workflowWrites(): string[] {
  return emu.requests
    .filter((r) => r.path.startsWith("/v2/workflows") && r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);
}

function writeProgram(text: string): void {
  writeFileSync(join(folder.dir, "Pulumi.yaml"), text);
}

function readProgram(): string {
  return readFileSync(join(folder.dir, "Pulumi.yaml"), "utf8");
}

/** `pulumi import <type> <name> <id> --out <file>`: the generated YAML (scanned for secrets with the rest). */
async function importResource(type: string, name: string, id: string): Promise<string> {
  const out = join(folder.dir, `${name}.generated.yaml`);
  const r = await stack.run(["import", type, name, id, "--yes", "--protect=false", "--out", out]);
  const generated = readFileSync(out, "utf8");
  printed += r.stdout + r.stderr + generated;
  return generated;
}

describe.skipIf(skipEngine("yaml"))(
  "examples/yaml under the real CLI (packed tarball, pulumi-language-yaml, the plugin)",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({ port: 0, fixtures: "default" });
      const binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({
        project: "svc-yaml",
        files: { "Pulumi.yaml": LAST_RELEASE },
      });
      stack = await PulumiStack.init({
        projectDir: folder.dir,
        binDir,
        env: { PATH: programPath(folder, binDir) },
      });
      expect(stack.runtime).toBe("yaml");
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setAllConfig(
        {
          "svc:apiKey": emu.apiKey,
          sendgridApiKey: SENDGRID_KEY,
          expoAccessToken: EXPO_TOKEN,
          graceWebhookUrl: GRACE_URL,
          alanWebhookUrl: ALAN_URL,
        },
        ["svc:apiKey", "sendgridApiKey", "expoAccessToken", "graceWebhookUrl", "alanWebhookUrl"],
      );
      // Beside the stack: an integration of the chat provider the program uses, and an entry of user-alan on
      // the fixture slack-main (the provider the program's set writes for user-alan too).
      const bystander = await call(emu, "POST", "/v1/integrations", {
        body: {
          providerId: "slack",
          channel: "chat",
          name: "Bystander chat",
          identifier: "bystander-chat",
          active: true,
          credentials: { apiKey: BYSTANDER_KEY },
        },
      });
      expect(bystander.status).toBe(201);
      const entry = await call(emu, "PATCH", "/v1/subscribers/user-alan/credentials", {
        body: {
          providerId: "slack",
          integrationIdentifier: "slack-main",
          credentials: { webhookUrl: BYSTANDER_URL },
        },
      });
      expect(entry.status).toBe(200);
      const flow = await call(emu, "POST", "/v2/workflows", {
        body: {
          workflowId: "bystander-flow",
          name: "Bystander flow",
          steps: [{ name: "Text", type: "sms", controlValues: { body: "Made beside the stack" } }],
        },
      });
      expect(flow.status).toBe(201);
      before = serviceBeside(new Set());
      workflowsBefore = (await bystanderWorkflows()) as Json[];
      expect(workflowsBefore.every((w) => w !== undefined)).toBe(true);
    }, ENGINE_TIMEOUT_MS);
    afterEach(async () => {
      if (appSubscription !== undefined)
        expect(await opsSubscription(APP_SUBSCRIPTION), "the application's subscription").toEqual(
          appSubscription,
        );
    });
    afterAll(async () => {
      await stack?.remove().catch(() => {});
      folder?.remove();
      await emu?.close();
    });

    it("preview plans the eleven resources; up creates them through the plugin, the credentials secret (steps declared with controls:, as the last release)", async () => {
      const { digest, stdout, stderr } = await stack.preview();
      printed += stdout + stderr;
      expect(stepOps(digest)).toEqual([
        ["adaPush", "create"],
        ["apiBase", "create"],
        ["brandLayout", "create"],
        ["chat", "create"],
        ["email", "create"],
        ["onboarding", "create"],
        ["opsMembers", "create"],
        ["opsTopic", "create"],
        ["push", "create"],
        ["signingKey", "create"],
        ["teamChat", "create"],
      ]);
      const up = await stack.up();
      printed += up.stdout + up.stderr;
      const outputs = await stack.outputs();
      printed += JSON.stringify(outputs);
      const ids = outputs.integrations as Record<string, string>;
      pushIdentifier = ids.push!;
      expect(integration(ids.email!)?.credentials).toEqual({
        apiKey: SENDGRID_KEY,
        from: "noreply@example.com",
        senderName: "Example App",
      });
      expect(integration(ids.chat!)).toMatchObject({
        providerId: "slack",
        channel: "chat",
        name: "Team alerts",
      });
      expect(integration(ids.push!)?.credentials).toEqual({ apiKey: EXPO_TOKEN });
      expect(entriesOf("user-ada", ids.push!).map((c) => c.credentials?.deviceTokens)).toEqual([
        ["ExponentPushToken[yaml-ada-phone]"],
      ]);
      expect(entriesOf("user-grace", ids.chat!).map((c) => c.credentials?.webhookUrl)).toEqual([GRACE_URL]);
      expect(entriesOf("user-alan", ids.chat!).map((c) => c.credentials?.webhookUrl)).toEqual([ALAN_URL]);
      expect(outputs.adaPushCredentials).toBe(`user-ada/expo/${ids.push}`);
      // The workflow the program created, read back through getWorkflow (issue 50, item 10: no fixture read).
      // Both reads are secret as a whole: the workflow holds the http_request step's Authorization header, the
      // integrations their credentials. Their values, revealed here only (not kept in `printed`):
      expect([outputs.onboardingReadName, outputs.activeChatIntegrations]).toEqual(["[secret]", "[secret]"]);
      const revealed = await stack.outputs({ showSecrets: true });
      expect(revealed.onboardingReadName).toBe("Onboarding");
      const active = (revealed.activeChatIntegrations as { identifier: string }[]).map((i) => i.identifier);
      expect(active.sort()).toEqual([ids.chat, "bystander-chat", "slack-main"].sort());
      const byName = stateByName(await exportState());
      expect([...byName.values()].map((r) => r.type).sort()).toEqual([
        "svc:index:EnvironmentVariable",
        "svc:index:EnvironmentVariable",
        "svc:index:Integration",
        "svc:index:Integration",
        "svc:index:Integration",
        "svc:index:Layout",
        "svc:index:SubscriberCredentials",
        "svc:index:SubscriberCredentialsSet",
        "svc:index:Topic",
        "svc:index:TopicSubscriptions",
        "svc:index:Workflow",
      ]);
      const onboarding = (await storedWorkflow("yaml-onboarding")) as {
        steps: { name: string; type: string }[];
      };
      expect(onboarding.steps.map((st) => [st.name, st.type])).toEqual([
        ["Inbox", "in_app"],
        ["Welcome email", "email"],
        ["Daily batch", "digest"],
        ["Phone", "push"],
        ["Team alert", "chat"],
        ["Text", "sms"],
        ["Wait", "delay"],
        ["Limit", "throttle"],
        ["Hook", "custom"],
        ["Notify CRM", "http_request"],
      ]);
      // The http_request step's Authorization header: sent, and secret in the state (inputs and outputs).
      const crm = (await storedWorkflow("yaml-onboarding")) as {
        steps: { controls: { values: { headers?: { key: string; value: string }[] } } }[];
      };
      expect(crm.steps[9]?.controls.values.headers).toEqual([
        { key: "Content-Type", value: "application/json" },
        { key: "Authorization", value: `Bearer ${CRM_TOKEN}` },
      ]);
      expect(isStateSecret(byName.get("onboarding")?.outputs?.secretHeaders), "secretHeaders").toBe(true);
      expect(isStateSecret(byName.get("onboarding")?.inputs?.secretHeaders), "secretHeaders input").toBe(
        true,
      );
      expect(outputs.onboarding).toEqual({ workflowId: "yaml-onboarding", status: "ACTIVE" });
      // The email step names the layout (by reference); the layout holds the declared content; the topic
      // holds the two declared subscribers.
      const email = (await storedWorkflow("yaml-onboarding")) as {
        steps: { type: string; controls: { values: { layoutId?: string } } }[];
      };
      expect(email.steps.find((st) => st.type === "email")?.controls.values.layoutId).toBe("yaml-brand");
      const layout = (await call(emu, "GET", "/v2/layouts/yaml-brand")).body?.data;
      expect(layout?.name).toBe("Brand");
      expect(layout?.controls?.values?.email?.editorType).toBe("html");
      expect(layout?.controls?.values?.email?.body).toContain("{{content}}");
      expect(outputs.layout).toEqual({ layoutId: "yaml-brand", isDefault: false });
      // The topic holds the two declared subscriberIds and the two subscriptions with identifiers, names and
      // the conditioned preference on the workflow (named by its output), and nothing else.
      expect(await opsSubscriptions()).toEqual(declaredSubscriptions("pro"));
      expect(outputs.opsTopic).toEqual({ key: OPS_TOPIC, subscribers: 4 });
      // The application subscribes user-alan on its own in the same topic, with a preference on the same
      // workflow: every later step leaves it as it is (afterEach).
      const made = await call(emu, "POST", `/v2/topics/${OPS_TOPIC}/subscriptions`, {
        body: {
          subscriptions: [
            { identifier: APP_SUBSCRIPTION, subscriberId: "user-alan", name: "Alan (billing)" },
          ],
          preferences: [{ filter: { workflowIds: ["yaml-onboarding"] }, enabled: false }],
        },
      });
      expect(made.status).toBe(201);
      appSubscription = await opsSubscription(APP_SUBSCRIPTION);
      expect(appSubscription).toMatchObject({ name: "Alan (billing)", preferences: [{ enabled: false }] });
      // The secret variable's value, a literal in the program, is secret in state (the plugin marks it so
      // because isSecret is true); the plain one is not; the service masks the secret.
      const signing = byName.get("signingKey");
      expect(isStateSecret(signing?.outputs?.value), "signingKey.value").toBe(true);
      expect(isStateSecret(signing?.inputs?.value), "signingKey input").toBe(true);
      expect(byName.get("apiBase")?.outputs?.value).toBe("https://api.example.com");
      expect(JSON.stringify([...byName.values()]) + printed).not.toContain("yaml-demo-signing-key-3c9a");
      expect(JSON.stringify([...byName.values()]) + printed).not.toContain(CRM_TOKEN);
      expect(
        (await call(emu, "GET", "/v1/environment-variables/SIGNING_KEY")).body.data.values[0].value,
      ).toBe("\u2022".repeat(8));
      for (const r of byName.values()) {
        expect(r.outputs, r.urn).not.toHaveProperty("__provider");
        // Credentials that hold something are secret; an empty `{}` holds nothing and may be plain.
        const credentials = r.outputs?.credentials;
        if (credentials !== undefined && JSON.stringify(credentials) !== "{}")
          expect(isStateSecret(credentials), r.urn).toBe(true);
      }
      expect(serviceBeside(await stackIntegrationIds())).toEqual(before);
    });

    it("upgrade: the program moved from controls: to the typed blocks (the example) previews no change; up writes nothing", async () => {
      const lines = EXAMPLE.split("\n");
      const moved = LAST_RELEASE.split("\n").filter((line, i) => line !== lines[i]);
      expect(moved).toHaveLength(10);
      writeProgram(EXAMPLE);
      const { digest, stdout, stderr } = await stack.preview({ expectNoChanges: true });
      printed += stdout + stderr;
      expect(digest?.changeSummary).toEqual({ same: 12 });
      emu.resetRequests();
      const up = await stack.up();
      printed += up.stdout + up.stderr;
      expect(emu.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`)).toEqual([]);
      expect(up.stdout).toMatch(/12 unchanged/);
    });

    it("a second preview expects no changes", async () => {
      const { digest, stdout, stderr } = await stack.preview({ expectNoChanges: true });
      printed += stdout + stderr;
      expect(digest?.changeSummary).toEqual({ same: 12 });
    });

    it("a misspelt control in a typed block: Pulumi YAML's own type check refuses it, naming the block's fields; no request", async () => {
      const misspelt = EXAMPLE.replace("subject: Welcome aboard", "subjet: Welcome aboard");
      expect(misspelt).not.toBe(EXAMPLE);
      writeProgram(misspelt);
      emu.resetRequests();
      try {
        const preview = await stack.preview({ allowFailure: true });
        const text = preview.stdout + preview.stderr;
        printed += text;
        expect(preview.code, text).not.toBe(0);
        expect(text).toMatch(
          /Cannot assign '\{subjet: string[^']*' to 'svc:index:WorkflowStepEmailControls'/,
        );
        expect(text).toMatch(/Existing properties are: subject, body/);
        expect(emu.requests.filter((r) => r.path.startsWith("/v2/workflows"))).toEqual([]);
      } finally {
        writeProgram(EXAMPLE);
      }
    });

    it("a refused key or a dead address: the preview fails naming the setting and its command, with no stack trace; nothing is written", async () => {
      emu.resetRequests();
      for (const setting of wrongSettings("yaml-refused-key-3fc")) {
        const { preview, text } = await previewFailingOn(stack, setting);
        printed += text;
        // At most one resource's check (the engine stops at the first failed one), and the program's data
        // source (getWorkflow), each naming the setting.
        const failed = errorsHolding(preview, setting.line).map(
          (e) => /svc: (check|getWorkflow): /.exec(e)?.[1],
        );
        expect(failed.length, text).toBeGreaterThan(0);
        expect(failed.filter((f) => f === "check").length, text).toBeLessThanOrEqual(1);
        expect(
          failed.filter((f) => f !== "check" && f !== "getWorkflow"),
          text,
        ).toEqual([]);
        expect(text).not.toContain("yaml-refused-key-3fc");
      }
      await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
      await stack.setConfig("svc:baseUrl", emu.url);
      expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);
    });

    it("an edit (a name, a device token, a workflow's control) updates exactly those, the control named; then no changes", async () => {
      const stepIds = await workflowStepIds("yaml-onboarding");
      const edited = EXAMPLE.replace("name: Team alerts", "name: Team alerts (edited)")
        .replace("subject: Welcome aboard", "subject: Glad you are here")
        .replace("https://crm.example.com/hooks/", "https://crm.example.com/v2/hooks/");
      expect(edited).toContain("Glad you are here");
      writeProgram(edited);
      await stack.setConfig("adaDeviceToken", ADA_TOKEN_2, { secret: true });
      const { digest, stdout, stderr } = await stack.preview();
      printed += stdout + stderr;
      expect(stepOps(digest)).toEqual([
        ["adaPush", "update"],
        ["chat", "update"],
        ["onboarding", "update"],
      ]);
      expect(stepOf(digest, "chat")?.diffReasons).toEqual(["name"]);
      expect(stepOf(digest, "adaPush")?.diffReasons).toEqual(["credentials"]);
      expect(Object.keys(stepOf(digest, "onboarding")?.detailedDiff ?? {})).toEqual([
        "steps[1].controls.subject",
        "steps[9].controls.url",
      ]);
      emu.resetRequests();
      const up = await stack.up();
      printed += up.stdout + up.stderr;
      const wf = (await storedWorkflow("yaml-onboarding")) as { _id: string; steps: Json[] };
      expect(workflowWrites()).toEqual([`PUT /v2/workflows/${wf._id}`]);
      expect(JSON.stringify(wf.steps[1])).toContain('"subject":"Glad you are here"');
      expect(await workflowStepIds("yaml-onboarding")).toEqual(stepIds);
      const chat = emu.integrations().find((i) => i.name === "Team alerts (edited)");
      expect(chat?.providerId).toBe("slack");
      expect(entriesOf("user-ada", pushIdentifier).map((c) => c.credentials?.deviceTokens)).toEqual([
        [ADA_TOKEN_2],
      ]);
      const again = await stack.preview({ expectNoChanges: true });
      printed += again.stdout + again.stderr;
    });

    it("an edit of one subscription's condition is previewed as that one property path and written as one PATCH; then no changes", async () => {
      const program = readProgram();
      const edited = program.replace("                  - pro\n", "                  - enterprise\n");
      expect(edited).not.toBe(program);
      writeProgram(edited);
      const { digest, stdout, stderr } = await stack.preview();
      printed += stdout + stderr;
      expect(stepOps(digest)).toEqual([["opsMembers", "update"]]);
      expect(Object.keys(stepOf(digest, "opsMembers")?.detailedDiff ?? {})).toEqual([
        "subscriptions[0].preferences[0].condition",
      ]);
      emu.resetRequests();
      const up = await stack.up();
      printed += up.stdout + up.stderr;
      expect(topicWrites()).toEqual([`PATCH /v2/topics/${OPS_TOPIC}/subscriptions/alan-escalations`]);
      expect(await opsSubscriptions()).toEqual(
        sortedHeld([...declaredSubscriptions("enterprise"), APP_HELD]),
      );
      const again = await stack.preview({ expectNoChanges: true });
      printed += again.stdout + again.stderr;
    });

    it("out-of-band edits (a rename, a subscription's condition): refresh reads them, the preview shows those changes alone, up restores them", async () => {
      const push = integration(pushIdentifier);
      const renamed = await call(emu, "PUT", `/v1/integrations/${push?._id}`, {
        body: { name: "Renamed outside" },
      });
      expect(renamed.status).toBe(200);
      const drifted = await call(emu, "PATCH", `/v2/topics/${OPS_TOPIC}/subscriptions/alan-escalations`, {
        body: {
          preferences: [
            { filter: { workflowIds: ["yaml-onboarding"] }, enabled: true, condition: plan("free") },
          ],
        },
      });
      expect(drifted.status).toBe(200);
      const refresh = await stack.refresh();
      printed += refresh.stdout + refresh.stderr;
      const state = stateByName(await exportState());
      expect(state.get("push")?.outputs?.name).toBe("Renamed outside");
      const held = state.get("opsMembers")?.outputs?.subscriptions as { preferences?: Json[] }[] | undefined;
      expect(held?.[0]?.preferences).toEqual([
        { workflowId: "yaml-onboarding", enabled: true, condition: plan("free") },
      ]);
      const { digest, stdout, stderr } = await stack.preview();
      printed += stdout + stderr;
      expect(stepOps(digest)).toEqual([
        ["opsMembers", "update"],
        ["push", "update"],
      ]);
      expect(stepOf(digest, "push")?.diffReasons).toEqual(["name"]);
      expect(Object.keys(stepOf(digest, "opsMembers")?.detailedDiff ?? {})).toEqual([
        "subscriptions[0].preferences[0].condition",
      ]);
      emu.resetRequests();
      const up = await stack.up();
      printed += up.stdout + up.stderr;
      expect(integration(pushIdentifier)?.name).toBe("Mobile push");
      expect(integration(pushIdentifier)?.credentials).toEqual({ apiKey: EXPO_TOKEN });
      expect(topicWrites()).toEqual([`PATCH /v2/topics/${OPS_TOPIC}/subscriptions/alan-escalations`]);
      const restored = (await opsSubscription("alan-escalations")) as { preferences?: Json[] } | undefined;
      expect(restored?.preferences).toMatchObject([{ enabled: true, condition: plan("enterprise") }]);
      const again = await stack.preview({ expectNoChanges: true });
      printed += again.stdout + again.stderr;
    });

    it("a subscription made out of band with the identifier and values the program then declares is adopted with no write", async () => {
      const made = await call(emu, "POST", `/v2/topics/${OPS_TOPIC}/subscriptions`, {
        body: {
          subscriptions: [{ identifier: "ada-oncall", subscriberId: "user-ada", name: "Ada (on call)" }],
          preferences: [{ filter: { workflowIds: ["yaml-onboarding"] }, enabled: false }],
        },
      });
      expect(made.status).toBe(201);
      const before = await opsSubscription("ada-oncall");
      const program = readProgram();
      const declared = program.replace(
        "          name: Grace (pager)\n",
        [
          "          name: Grace (pager)",
          "        - identifier: ada-oncall",
          "          subscriberId: user-ada",
          "          name: Ada (on call)",
          "          preferences:",
          `            - workflowId: \${onboarding.workflowId}`,
          "              enabled: false",
          "",
        ].join("\n"),
      );
      expect(declared).toContain("ada-oncall");
      writeProgram(declared);
      emu.resetRequests();
      const up = await stack.up();
      printed += up.stdout + up.stderr;
      // Read once (the lookup before an add), written never: no request writes the topic or a subscription.
      const path = `/v2/topics/${OPS_TOPIC}/subscriptions/ada-oncall`;
      expect(emu.requests.filter((r) => r.path === path).map((r) => r.method)).toEqual(["GET"]);
      expect(topicWrites()).toEqual([]);
      expect(await opsSubscription("ada-oncall")).toEqual(before);
      expect((await stack.outputs()).opsTopic).toEqual({ key: OPS_TOPIC, subscribers: 5 });
      const again = await stack.preview({ expectNoChanges: true });
      printed += again.stdout + again.stderr;
    });

    it("pulumi import svc:index:Integration of an active fcm integration: pasted as generated, no changes and up writes nothing; declared, up takes the credentials over", async () => {
      const made = await call(emu, "POST", "/v1/integrations", {
        body: {
          providerId: "fcm",
          channel: "push",
          name: "Outside fcm",
          identifier: "outside-fcm",
          active: true,
          credentials: { serviceAccount: FCM_HELD },
        },
      });
      expect(made.status).toBe(201);
      const generated = await importResource("svc:index:Integration", "fcm", String(made.body.data._id));
      expect(generated).toMatch(/^ {2}fcm:\n {4}type: svc:(index:)?Integration\n/m);
      expect(generated).toContain("identifier: outside-fcm");
      expect(generated).not.toContain("credentials");
      const imported = stateByName(await exportState()).get("fcm");
      expect(imported?.id).toBe(made.body.data._id);
      // An import never takes credentials from the service: the state holds `{}`, nothing to hide, so not a secret.
      expect(imported?.outputs?.credentials).toEqual({});
      const program = readProgram();
      writeProgram(appendYamlResources(program, generated));
      const pasted = await stack.preview({ expectNoChanges: true });
      printed += pasted.stdout + pasted.stderr;
      expect(pasted.digest?.changeSummary).toEqual({ same: 13 });
      const up = await stack.up({ expectNoChanges: true });
      printed += up.stdout + up.stderr;
      const held = integration("outside-fcm");
      expect(held?.credentials).toEqual({ serviceAccount: FCM_HELD });
      expect(held?.active).toBe(true);
      // Declared from secret config: an update of `credentials` alone, which `up` writes.
      await stack.setConfig("fcmServiceAccount", FCM_DECLARED, { secret: true });
      const declared = generated.replace(
        "      identifier: outside-fcm\n",
        `      identifier: outside-fcm\n      credentials:\n        serviceAccount: \${fcmServiceAccount}\n`,
      );
      expect(declared).toContain("serviceAccount");
      writeProgram(appendYamlResources(program, declared));
      const { digest, stdout, stderr } = await stack.preview();
      printed += stdout + stderr;
      expect(stepOps(digest)).toEqual([["fcm", "update"]]);
      expect(stepOf(digest, "fcm")?.diffReasons).toEqual(["credentials"]);
      // The property marked in the plugin's detailed diff too (issue 50, item 11; every plugin language).
      expect(Object.keys(stepOf(digest, "fcm")?.detailedDiff ?? {})).toEqual(["credentials"]);
      const takeOver = await stack.up();
      printed += takeOver.stdout + takeOver.stderr;
      expect(integration("outside-fcm")?.credentials).toEqual({ serviceAccount: FCM_DECLARED });
      const again = await stack.preview({ expectNoChanges: true });
      printed += again.stdout + again.stderr;
    });

    it("pulumi import svc:index:SubscriberCredentials: pasted as generated, no changes and up leaves the entry; declared, up writes it", async () => {
      const written = await call(emu, "PATCH", "/v1/subscribers/user-alan/credentials", {
        body: {
          providerId: "expo",
          integrationIdentifier: pushIdentifier,
          credentials: { deviceTokens: [ALAN_DEVICE] },
        },
      });
      expect(written.status).toBe(200);
      const entryBefore = structuredClone(entriesOf("user-alan", pushIdentifier));
      const id = `user-alan/expo/${pushIdentifier}`;
      const generated = await importResource("svc:index:SubscriberCredentials", "alanPush", id);
      expect(generated).toMatch(/^ {2}alanPush:\n {4}type: svc:(index:)?SubscriberCredentials\n/m);
      expect(generated).toContain(`integrationIdentifier: ${pushIdentifier}`);
      // The generated code holds no secret and no credentials: the entry is held by the service.
      expect(generated).not.toContain("credentials");
      const program = readProgram();
      writeProgram(appendYamlResources(program, generated));
      const pasted = await stack.preview({ expectNoChanges: true });
      printed += pasted.stdout + pasted.stderr;
      expect(pasted.digest?.changeSummary).toEqual({ same: 14 });
      const up = await stack.up({ expectNoChanges: true });
      printed += up.stdout + up.stderr;
      expect(entriesOf("user-alan", pushIdentifier)).toEqual(entryBefore);
      // Declared from secret config: an update of `credentials`, which `up` writes.
      await stack.setConfig("alanDeviceToken", ALAN_DEVICE_2, { secret: true });
      const declared = generated.replace(
        `      integrationIdentifier: ${pushIdentifier}\n`,
        `      integrationIdentifier: ${pushIdentifier}\n      credentials:\n        deviceTokens:\n          - \${alanDeviceToken}\n`,
      );
      expect(declared).toContain("deviceTokens");
      writeProgram(appendYamlResources(program, declared));
      const { digest, stdout, stderr } = await stack.preview();
      printed += stdout + stderr;
      expect(stepOps(digest)).toEqual([["alanPush", "update"]]);
      expect(stepOf(digest, "alanPush")?.diffReasons).toEqual(["credentials"]);
      const takeOver = await stack.up();
      printed += takeOver.stdout + takeOver.stderr;
      expect(entriesOf("user-alan", pushIdentifier).map((c) => c.credentials?.deviceTokens)).toEqual([
        [ALAN_DEVICE_2],
      ]);
      const again = await stack.preview({ expectNoChanges: true });
      printed += again.stdout + again.stderr;
    });

    it("pulumi import svc:index:SubscriberCredentialsSet: pasted as generated, no changes and up clears nothing; declared for one subscriber, up writes that one alone", async () => {
      for (const [subscriberId, token] of [
        ["user-ada", ADA_FCM],
        ["user-grace", GRACE_FCM],
      ] as const) {
        const written = await call(emu, "PATCH", `/v1/subscribers/${subscriberId}/credentials`, {
          body: {
            providerId: "fcm",
            integrationIdentifier: "outside-fcm",
            credentials: { deviceTokens: [token] },
          },
        });
        expect(written.status).toBe(200);
      }
      const adaBefore = structuredClone(entriesOf("user-ada", "outside-fcm"));
      const graceBefore = structuredClone(entriesOf("user-grace", "outside-fcm"));
      const generated = await importResource(
        "svc:index:SubscriberCredentialsSet",
        "fcmDevices",
        "fcm/outside-fcm",
      );
      expect(generated).toMatch(/^ {2}fcmDevices:\n {4}type: svc:(index:)?SubscriberCredentialsSet\n/m);
      expect(generated).toContain("integrationIdentifier: outside-fcm");
      expect(generated).not.toContain("credentials");
      const state = stateByName(await exportState()).get("fcmDevices");
      expect(state?.outputs?.credentialsManaged).toBe(false);
      expect(isStateSecret(state?.outputs?.credentials)).toBe(true);
      const program = readProgram();
      writeProgram(appendYamlResources(program, generated));
      const pasted = await stack.preview({ expectNoChanges: true });
      printed += pasted.stdout + pasted.stderr;
      expect(pasted.digest?.changeSummary).toEqual({ same: 15 });
      const up = await stack.up({ expectNoChanges: true });
      printed += up.stdout + up.stderr;
      expect(entriesOf("user-ada", "outside-fcm")).toEqual(adaBefore);
      expect(entriesOf("user-grace", "outside-fcm")).toEqual(graceBefore);
      // Declared for user-grace: the set takes that entry over; user-ada's stays the service's, untouched.
      await stack.setConfig("graceFcmToken", GRACE_FCM_2, { secret: true });
      const declared = generated.replace(
        "      integrationIdentifier: outside-fcm\n",
        `      integrationIdentifier: outside-fcm\n      credentials:\n        user-grace:\n          deviceTokens:\n            - \${graceFcmToken}\n`,
      );
      expect(declared).toContain("user-grace");
      writeProgram(appendYamlResources(program, declared));
      const { digest, stdout, stderr } = await stack.preview();
      printed += stdout + stderr;
      expect(stepOps(digest)).toEqual([["fcmDevices", "update"]]);
      expect(stepOf(digest, "fcmDevices")?.diffReasons).toContain("credentials");
      const takeOver = await stack.up();
      printed += takeOver.stdout + takeOver.stderr;
      expect(entriesOf("user-grace", "outside-fcm").map((c) => c.credentials?.deviceTokens)).toEqual([
        [GRACE_FCM_2],
      ]);
      expect(entriesOf("user-ada", "outside-fcm")).toEqual(adaBefore);
      const again = await stack.preview({ expectNoChanges: true });
      printed += again.stdout + again.stderr;
    });

    it("pulumi import svc:index:Workflow of a workflow made outside the stack: the generated YAML pasted unchanged previews no change and writes nothing", async () => {
      const made = await call(emu, "POST", "/v2/workflows", {
        body: {
          workflowId: "outside-reminder",
          name: "Reminder",
          description: "Made in the dashboard",
          tags: ["billing"],
          steps: [
            { name: "Wait", type: "delay", controlValues: { type: "regular", amount: 2, unit: "hours" } },
            {
              name: "Reminder mail",
              type: "email",
              controlValues: { subject: "Your invoice", body: "<p>Due</p>" },
            },
            { name: "Nudge", type: "in_app", controlValues: { body: "Your invoice is due" } },
            { name: "Text", type: "sms", controlValues: { body: "Invoice due" } },
          ],
        },
      });
      expect(made.status).toBe(201);
      const generated = await importResource("svc:index:Workflow", "reminder", "outside-reminder");
      expect(generated).toMatch(/^ {2}reminder:\n {4}type: svc:(index:)?Workflow\n/m);
      expect(generated).toContain("workflowId: outside-reminder");
      expect(generated).toContain("Reminder mail");
      expect(stateByName(await exportState()).get("reminder")?.id).toBe(made.body.data._id);
      const stored = await storedWorkflow("outside-reminder");
      writeProgram(appendYamlResources(readProgram(), generated));
      emu.resetRequests();
      const pasted = await stack.preview({ expectNoChanges: true });
      printed += pasted.stdout + pasted.stderr;
      expect(pasted.digest?.changeSummary).toEqual({ same: 16 });
      expect(workflowWrites()).toEqual([]);
      expect(await storedWorkflow("outside-reminder")).toEqual(stored);
    });

    it("destroy of the subscriptions removes the declared ones alone; destroy removes what the stack holds; the fixtures and the objects beside it are exactly as they were", async () => {
      const members = stateByName(await exportState()).get("opsMembers")?.urn;
      expect(members).toBeDefined();
      const targeted = await stack.destroy({ targets: [String(members)] });
      printed += targeted.stdout + targeted.stderr;
      expect(await opsSubscriptions()).toEqual([APP_HELD]);
      // The application unsubscribes (else the topic's destroy fails naming it: no forceDestroy).
      const gone = await call(emu, "DELETE", `/v2/topics/${OPS_TOPIC}/subscriptions`, {
        body: { subscriptions: [{ identifier: APP_SUBSCRIPTION }] },
      });
      expect(gone.status).toBe(200);
      appSubscription = undefined;
      const ours = await stackIntegrationIds();
      expect(ours.size).toBe(4);
      const destroy = await stack.destroy();
      printed += destroy.stdout + destroy.stderr;
      const state = await exportState();
      expect((state.deployment.resources ?? []).filter((r) => r.type !== STACK_TYPE)).toEqual([]);
      expect(emu.integrations().filter((i) => ours.has(String(i._id)))).toEqual([]);
      expect(serviceBeside(ours)).toEqual(before);
      // The stack's workflow and the imported one are deleted; the others are exactly as they were.
      expect(await storedWorkflow("yaml-onboarding")).toBeUndefined();
      expect(await storedWorkflow("outside-reminder")).toBeUndefined();
      expect(await bystanderWorkflows()).toEqual(workflowsBefore);
      // The topic goes with its subscriptions; the layout too: the environment's default is the "Default
      // layout" organization creation made, which stays, and nothing warns of a layout left.
      expect((await call(emu, "GET", "/v2/topics/yaml-ops-on-call")).status).toBe(404);
      expect((await call(emu, "GET", "/v2/layouts/yaml-brand")).status).toBe(404);
      expect((await call(emu, "GET", "/v2/layouts/default-layout")).body?.data?.isDefault).toBe(true);
      expect(destroy.stdout + destroy.stderr).not.toMatch(/default layout/);
      // The service cannot delete one integration's entry alone: what is left of the stack's entries is inert.
      const env = emu.keys[0]!.environmentId;
      const left = FIXTURE_SUBSCRIBERS.flatMap((id) => emu.subscriber(env, id)?.channels ?? []).filter((c) =>
        ours.has(String(c._integrationId)),
      );
      // Except the entry the stack never managed (user-ada's fcm tokens, imported with the set and never
      // declared): left exactly as it was written, bound to the deleted integration.
      const held = left.filter(
        (c) => c.providerId === "fcm" && c.credentials?.deviceTokens?.includes(ADA_FCM),
      );
      expect(held.map((c) => c.credentials?.deviceTokens)).toEqual([[ADA_FCM]]);
      for (const c of left.filter((e) => !held.includes(e))) {
        expect(c.credentials?.deviceTokens ?? [], JSON.stringify(c)).toEqual([]);
        expect(c.credentials?.webhookUrl ?? "", JSON.stringify(c)).toBe("");
      }
    });

    it("no secret in plaintext: CLI output, state exports, generated code, the CLI home and the project folder", () => {
      expect(plaintextHits(printed, SECRETS)).toEqual({});
      // The example's literal secret header (in the project folder's Pulumi.yaml only).
      expect(printed).not.toContain(CRM_TOKEN);
      const state = spawnSync("grep", ["-rlF", "-e", CRM_TOKEN, stack.workDir], { encoding: "utf8" });
      expect(state.stdout, stack.workDir).toBe("");
      for (const dir of [stack.workDir, folder.dir]) {
        const grep = spawnSync(
          "grep",
          ["-rlF", "--exclude-dir=node_modules", ...SECRETS.flatMap((s) => ["-e", s]), dir],
          {
            encoding: "utf8",
          },
        );
        expect(grep.stdout, dir).toBe("");
      }
    });
  },
);
