/**
 * examples/quickstart under mocks, every resource through the real dynamic-provider host and the emulator
 * (default fixtures): preview, up, no-op up, edited config (update and replace), refresh after an
 * out-of-band delete, destroy. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import {
  CREDENTIALS,
  exampleRunner,
  expectNoPlaintext,
  INTEGRATION,
  ok,
  ops,
  programConfig,
  writes,
} from "../../testkit/programs/example-setup";
import type { ProgramRunner } from "../../testkit/programs/program-runner";

const SENDGRID_KEY = "SG.quickstart-test-secret-9f2c";
const EXPO_TOKEN = "expo-test-secret-77ab";
const DEVICE_TOKEN = "ExponentPushToken[test-ada-device-1]";
const DEVICE_TOKEN_2 = "ExponentPushToken[test-ada-device-2]";
const SECRETS = [SENDGRID_KEY, EXPO_TOKEN, DEVICE_TOKEN, DEVICE_TOKEN_2];

let emu: Emulator;
let runner: ProgramRunner;
let fixtureIntegrationIds: string[];
let devEnv: string;

beforeAll(async () => {
  emu = await startEmulator({ fixtures: "default" });
  devEnv = emu.keys[0]!.environmentId;
  fixtureIntegrationIds = emu.integrations().map((i) => i._id!);
  runner = exampleRunner(emu, "quickstart", "svc-quickstart");
});
afterAll(async () => {
  await emu.close();
});

/** The program's config; `edits` are the quickstart's own settings. */
function config(edits: Record<string, string> = {}) {
  return programConfig(
    emu,
    {
      "svc-quickstart:sendgridApiKey": SENDGRID_KEY,
      "svc-quickstart:expoAccessToken": EXPO_TOKEN,
      "svc-quickstart:adaDeviceToken": DEVICE_TOKEN,
      ...edits,
    },
    ["svc-quickstart:sendgridApiKey", "svc-quickstart:expoAccessToken"],
  );
}

const ours = () => emu.integrations().filter((i) => !fixtureIntegrationIds.includes(i._id!));
const adaChannels = () => emu.subscriber(devEnv, "user-ada")?.channels ?? [];

const ALL = [
  ["ada-push", "create"],
  ["chat", "create"],
  ["email", "create"],
  ["push", "create"],
];

describe("quickstart program", () => {
  it("preview: plans four creates, changes nothing", async () => {
    emu.resetRequests();
    const run = ok(await runner.preview(config()));
    expect(ops(run)).toEqual(ALL);
    expect(run.steps.every((s) => s.check?.failures.length === 0)).toBe(true);
    expect(writes(emu)).toEqual([]);
    expect(ours()).toEqual([]);
    expect(runner.engine.state.size).toBe(0);
  });

  it("up: three integrations and the subscriber's push credentials; outputs from the resources", async () => {
    const run = ok(await runner.up(config()));
    expect(ops(run)).toEqual(ALL);
    const created = ours();
    expect(created.map((i) => [i.channel, i.providerId, i.active]).sort()).toEqual([
      ["chat", "slack", true],
      ["email", "sendgrid", true],
      ["push", "expo", true],
    ]);
    expect(created.find((i) => i.channel === "email")?.credentials).toMatchObject({
      apiKey: SENDGRID_KEY,
      from: "noreply@example.com",
    });
    const push = created.find((i) => i.channel === "push")!;
    const entry = adaChannels().find((c) => c.providerId === "expo");
    expect(entry?.credentials.deviceTokens).toEqual([DEVICE_TOKEN]);
    expect(entry?._integrationId).toBe(push._id);
    expect(run.outputs).toMatchObject({
      environmentId: devEnv,
      emailPrimary: true,
      adaPushCredentials: `user-ada/expo/${push.identifier}`,
      integrations: { push: push.identifier },
    });
    // Data sources, read after the integrations exist: ours and the fixtures' active ones; a fixture workflow.
    const id = (channel: string) => created.find((i) => i.channel === channel)!.identifier;
    // The fixtures are a fresh organization: its environment's "Novu Inbox" is active too.
    const inbox = emu
      .integrations()
      .find((i) => i.name === "Novu Inbox" && i._environmentId === emu.keys[0]?.environmentId);
    expect(run.outputs.activeIntegrations).toEqual({
      chat: [id("chat"), "slack-main"].sort(),
      email: [id("email")],
      in_app: [inbox?.identifier],
      push: [id("push"), "fcm-main"].sort(),
    });
    expect(run.outputs.workflowSummary).toEqual({
      name: "Welcome",
      status: "ACTIVE",
      steps: ["in_app", "email"],
    });
    const states = [...runner.engine.state.values()];
    expect(states.filter((e) => e.urn.includes(INTEGRATION))).toHaveLength(3);
    expect(states.filter((e) => e.urn.includes(CREDENTIALS))).toHaveLength(1);
    for (const e of states) expect(e.secretOutputs).toContain("credentials");
  });

  it("a second up with no changes: all same, nothing written", async () => {
    emu.resetRequests();
    const run = ok(await runner.up(config()));
    expect(ops(run).map(([, op]) => op)).toEqual(["same", "same", "same", "same"]);
    expect(writes(emu)).toEqual([]);
  });

  it("edited config: sender name and device token update in place, a new chat provider replaces", async () => {
    const before = new Map([...runner.engine.state.values()].map((e) => [e.urn.split("::").pop(), e.id]));
    const edited = config({
      "svc-quickstart:emailSenderName": "Example App (edited)",
      "svc-quickstart:adaDeviceToken": DEVICE_TOKEN_2,
      "svc-quickstart:chatProvider": "discord",
    });
    const preview = ok(await runner.preview(edited));
    expect(ops(preview)).toEqual([
      ["ada-push", "update"],
      ["chat", "replace"],
      ["email", "update"],
      ["push", "same"],
    ]);
    emu.resetRequests();
    const run = ok(await runner.up(edited));
    expect(ops(run)).toEqual(ops(preview));
    expect(run.steps.find((s) => s.urn.endsWith("::chat"))?.diff?.replaces).toContain("providerId");
    const after = new Map([...runner.engine.state.values()].map((e) => [e.urn.split("::").pop(), e.id]));
    expect(after.get("email")).toBe(before.get("email"));
    expect(after.get("chat")).not.toBe(before.get("chat"));
    expect(ours().find((i) => i.channel === "email")?.credentials?.senderName).toBe("Example App (edited)");
    expect(
      ours()
        .filter((i) => i.channel === "chat")
        .map((i) => i.providerId),
    ).toEqual(["discord"]);
    expect(adaChannels().find((c) => c.providerId === "expo")?.credentials.deviceTokens).toEqual([
      DEVICE_TOKEN_2,
    ]);
  });

  it("refresh after an out-of-band delete drops it from state; the next up recreates it", async () => {
    const chat = [...runner.engine.state.values()].find((e) => e.urn.endsWith("::chat"))!;
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    try {
      await client.integrations.delete(chat.id);
    } finally {
      await client.close();
    }
    const refreshed = await runner.engine.refresh();
    expect(refreshed.filter((s) => s.error)).toEqual([]);
    expect(refreshed.find((s) => s.urn === chat.urn)?.op).toBe("gone");
    expect(runner.engine.state.has(chat.urn)).toBe(false);
    const run = ok(
      await runner.up(
        config({
          "svc-quickstart:emailSenderName": "Example App (edited)",
          "svc-quickstart:adaDeviceToken": DEVICE_TOKEN_2,
          "svc-quickstart:chatProvider": "discord",
        }),
      ),
    );
    expect(ops(run)).toEqual([
      ["ada-push", "same"],
      ["chat", "create"],
      ["email", "same"],
      ["push", "same"],
    ]);
    expect(ours().filter((i) => i.channel === "chat")).toHaveLength(1);
  });

  it("destroy leaves the emulator as the fixtures were; no secret in plaintext anywhere", async () => {
    // The scan below must be able to fail: the unredacted state does hold the secrets.
    const raw = JSON.stringify([...runner.engine.state.values()]);
    for (const v of [SENDGRID_KEY, EXPO_TOKEN, DEVICE_TOKEN_2]) expect(raw).toContain(v);
    expectNoPlaintext(runner, [emu.apiKey, ...SECRETS]);
    const down = await runner.engine.destroy();
    expect(down.filter((s) => s.error)).toEqual([]);
    expect(down).toHaveLength(4);
    expect(runner.engine.state.size).toBe(0);
    expect(ours()).toEqual([]);
    expect(emu.integrations().map((i) => i._id)).toEqual(fixtureIntegrationIds);
    expect(adaChannels().map((c) => c.providerId)).toEqual(["fcm"]);
    expectNoPlaintext(runner, [emu.apiKey, ...SECRETS]);
  });
});
