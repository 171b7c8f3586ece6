/**
 * examples/quickstart (Pulumi.yaml at the repository root: `pulumi up` there, the module the official CLI runs for
 * it, testkit/pulumi-cli/node-entry-point.ts) through the real Pulumi CLI and engine against the
 * emulator (default fixtures): preview writes nothing, up, no-op preview, in-place edit, replace, refresh after
 * out-of-band changes and an up that repairs them, destroy back to the fixtures. Checked through
 * `pulumi preview --json`, `pulumi stack export` and the emulator's state. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import { repoRoot } from "../../testkit/harness/repo-root";
import { writes } from "../../testkit/programs/example-setup";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  isStateSecret,
  PulumiStack,
  plaintextHits,
  skipEngine,
  stateByName,
  stepOf,
  stepOps,
} from "../../testkit/pulumi-cli";

const SENDGRID_KEY = "SG.engine-quickstart-secret-5d1e";
const EXPO_TOKEN = "expo-engine-secret-0c4f";
const DEVICE_TOKEN = "ExponentPushToken[engine-ada-1]";
const DEVICE_TOKEN_2 = "ExponentPushToken[engine-ada-2]";
const OUT_OF_BAND_TOKEN = "ExponentPushToken[changed-outside-pulumi]";
const SECRETS = [SENDGRID_KEY, EXPO_TOKEN, DEVICE_TOKEN, DEVICE_TOKEN_2, OUT_OF_BAND_TOKEN, "emu_dev_key"];

let emu: Emulator;
let stack: PulumiStack;
let fixtureIntegrationIds: string[];
let devEnv: string;
/** Everything the CLI printed, scanned for secrets at the end. */
let printed = "";

const ours = () => emu.integrations().filter((i) => !fixtureIntegrationIds.includes(i._id!));
const adaExpo = () =>
  emu.subscriber(devEnv, "user-ada")?.channels?.find((c) => c.providerId === "expo")?.credentials
    ?.deviceTokens;

describe.skipIf(skipEngine("quickstart"))(
  "quickstart under the real Pulumi engine",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({ fixtures: "default" });
      devEnv = emu.keys[0]!.environmentId;
      fixtureIntegrationIds = emu.integrations().map((i) => i._id!);
      stack = await PulumiStack.init({ projectDir: repoRoot(), binDir: await ensurePulumiCli() });
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
      await stack.setConfig("svc-quickstart:sendgridApiKey", SENDGRID_KEY, { secret: true });
      await stack.setConfig("svc-quickstart:expoAccessToken", EXPO_TOKEN, { secret: true });
      // A device token is a credential: the CLI itself refuses to store one in plaintext config.
      await stack.setConfig("svc-quickstart:adaDeviceToken", DEVICE_TOKEN, { secret: true });
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await stack?.remove();
      await emu?.close();
    });

    it("preview: four creates with unknown ids; nothing written to the service", async () => {
      emu.resetRequests();
      const { digest, stdout, stderr } = await stack.preview();
      printed += stdout + stderr;
      expect(stepOps(digest)).toEqual([
        ["ada-push", "create"],
        ["chat", "create"],
        ["email", "create"],
        ["push", "create"],
      ]);
      // The engine gives no id to a resource it has not created (the program sees `id` unknown).
      for (const name of ["chat", "email", "push", "ada-push"])
        expect(stepOf(digest, name)?.newState?.id ?? "").toBe("");
      expect(writes(emu)).toEqual([]);
      expect(ours()).toEqual([]);
    });

    it("up: the integrations and ada's push credentials exist; state holds secrets as ciphertext", async () => {
      const up = await stack.up();
      printed += up.stdout + up.stderr;
      const created = ours();
      expect(created.map((i) => [i.channel, i.providerId, i.active]).sort()).toEqual([
        ["chat", "slack", true],
        ["email", "sendgrid", true],
        ["push", "expo", true],
      ]);
      expect(created.find((i) => i.channel === "email")?.credentials).toMatchObject({ apiKey: SENDGRID_KEY });
      expect(adaExpo()).toEqual([DEVICE_TOKEN]);
      const push = created.find((i) => i.channel === "push")!;
      const outputs = await stack.outputs();
      expect(outputs).toMatchObject({
        environmentId: devEnv,
        emailPrimary: true,
        adaPushCredentials: `user-ada/expo/${push.identifier}`,
        integrations: { push: push.identifier },
      });
      const state = stateByName(await stack.exportStack());
      expect([...state.keys()].sort()).toEqual(["ada-push", "chat", "email", "push"]);
      expect(state.get("push")?.id).toBe(push._id);
      for (const r of state.values()) expect(isStateSecret(r.outputs?.credentials)).toBe(true);
    });

    it("a preview with no changes passes --expect-no-changes and writes nothing", async () => {
      emu.resetRequests();
      const { digest } = await stack.preview({ expectNoChanges: true });
      // `preview --json` lists only the steps that change something.
      expect(stepOps(digest)).toEqual([]);
      expect(digest?.changeSummary).toEqual({ same: 5 });
      expect(writes(emu)).toEqual([]);
    });

    it("an edited sender name and device token update in place; the preview says so", async () => {
      const before = stateByName(await stack.exportStack());
      await stack.setConfig("svc-quickstart:emailSenderName", "Example App (engine)");
      await stack.setConfig("svc-quickstart:adaDeviceToken", DEVICE_TOKEN_2, { secret: true });
      const { digest, stdout } = await stack.preview();
      printed += stdout;
      expect(stepOps(digest)).toEqual([
        ["ada-push", "update"],
        ["email", "update"],
      ]);
      // The sender name is one key of the email integration's credentials (issue 50, item 11): the preview
      // names `credentials` (detailed diff) and shows it as a secret, never which key changed.
      expect(stepOf(digest, "email")?.diffReasons).toEqual(["credentials"]);
      expect(Object.keys(stepOf(digest, "email")?.detailedDiff ?? {})).toEqual(["credentials"]);
      const text = await stack.run(["preview", "--diff"], { client: true });
      printed += text.stdout + text.stderr;
      // `~ credentials: [secret] => [secret]` under each of the two resources, and no other property line.
      const marked = text.stdout
        .split("\n")
        .filter((l) => /^\s*[-+~] \w+\s*:/.test(l) && !/^\s*~ pulumi/.test(l));
      expect(marked.map((l) => l.trim())).toEqual([
        "~ credentials: [secret] => [secret]",
        "~ credentials: [secret] => [secret]",
      ]);
      expect(stepOf(digest, "ada-push")?.diffReasons).toEqual(["credentials"]);
      printed += (await stack.up()).stdout;
      const after = stateByName(await stack.exportStack());
      expect(after.get("email")?.id).toBe(before.get("email")?.id);
      expect(ours().find((i) => i.channel === "email")?.credentials?.senderName).toBe("Example App (engine)");
      expect(adaExpo()).toEqual([DEVICE_TOKEN_2]);
    });

    it("a new chat provider replaces the chat integration (create first, then delete the old one)", async () => {
      const oldChat = stateByName(await stack.exportStack()).get("chat")!;
      await stack.setConfig("svc-quickstart:chatProvider", "discord");
      const { digest } = await stack.preview();
      const chat = stepOf(digest, "chat");
      expect(chat?.op).toBe("replace");
      expect(chat?.replaceReasons).toEqual(["providerId"]);
      printed += (await stack.up()).stdout;
      const newChat = stateByName(await stack.exportStack()).get("chat")!;
      expect(newChat.id).not.toBe(oldChat.id);
      expect(
        ours()
          .filter((i) => i.channel === "chat")
          .map((i) => [i._id, i.providerId]),
      ).toEqual([[newChat.id, "discord"]]);
    });

    it("refresh picks up an out-of-band token change and delete; up repairs both", async () => {
      const state = stateByName(await stack.exportStack());
      const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
      try {
        await client.integrations.delete(state.get("email")!.id!);
        await client.subscribers.upsertCredentials("user-ada", {
          providerId: "expo",
          integrationIdentifier: ours().find((i) => i.channel === "push")!.identifier,
          credentials: { deviceTokens: [OUT_OF_BAND_TOKEN] },
        });
      } finally {
        await client.close();
      }
      printed += (await stack.refresh()).stdout;
      const refreshed = stateByName(await stack.exportStack());
      expect(refreshed.has("email")).toBe(false);
      const { digest } = await stack.preview();
      expect(stepOps(digest)).toEqual([
        ["ada-push", "update"],
        ["email", "create"],
      ]);
      printed += (await stack.up()).stdout;
      expect(ours().filter((i) => i.channel === "email")).toHaveLength(1);
      expect(adaExpo()).toEqual([DEVICE_TOKEN_2]);
      await stack.preview({ expectNoChanges: true });
    });

    it("destroy leaves the service as the fixtures were; no secret in plaintext in state or output", async () => {
      const exported = JSON.stringify(await stack.exportStack());
      // The scan can fail: the service does hold the secrets the state must not.
      expect(JSON.stringify(emu.integrations())).toContain(SENDGRID_KEY);
      expect(plaintextHits(exported + printed, SECRETS)).toEqual({});
      printed += (await stack.destroy()).stdout;
      expect(stateByName(await stack.exportStack()).size).toBe(0);
      expect(ours()).toEqual([]);
      expect(emu.integrations().map((i) => i._id)).toEqual(fixtureIntegrationIds);
      expect(emu.subscriber(devEnv, "user-ada")?.channels?.map((c) => c.providerId)).toEqual(["fcm"]);
      expect(plaintextHits(printed, SECRETS)).toEqual({});
    });
  },
);
