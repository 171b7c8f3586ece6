/**
 * Channel entries on the real service's semantics (issue 25), under the real engine, from a JavaScript
 * program installed from the packed tarball: entries are identified by `_integrationId` (never by an
 * identifier), writes target the newest active integration, and the service's only DELETE removes every
 * entry of a provider. Two fcm integrations of the stack with a SubscriberCredentials each for one
 * subscriber, beside an fcm entry the application wrote itself on its own integration: up, a no-op preview,
 * refresh then a no-op preview, one resource removed, destroy. After every step the application's entry
 * holds its token, exactly; the stack's entries hold what the program declares, and nothing once removed.
 * A second program: a slack webhook and a set of five subscribers, refreshed, edited and destroyed.
 * Needs `npm run build` first (the tarball is packed from dist/).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import { createPackedProgramFolder, type ProgramFolder } from "../../testkit/consumer/program-folder";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  plaintextHits,
  skipEngine,
  stateByName,
  stepOf,
} from "../../testkit/pulumi-cli";

const SET_SUBSCRIBERS = ["dev-1", "dev-2", "dev-3", "dev-4", "dev-5"];
const SERVICE_ACCOUNT = '{"project_id":"beside-demo"}';
const APP_TOKEN = "tok-app-own-0001";
const APP_WEBHOOK = "https://hooks.example/app/own-0002";

let emu: Emulator;
let client: SvcClient;
let binDir: string;
let folder: ProgramFolder;

/** An fcm integration of the program with an explicit identifier. */
function push(name: string, identifier: string): string {
  return `const ${name} = new svc.Integration(${JSON.stringify(name)}, { providerId: "fcm", channel: "push", identifier: ${JSON.stringify(identifier)}, active: true, credentials: { serviceAccount: ${JSON.stringify(SERVICE_ACCOUNT)} } });\n`;
}

/** A SubscriberCredentials bound to `integration` through its identifier output. */
function creds(name: string, subscriberId: string, integration: string, value: object): string {
  return `new svc.SubscriberCredentials(${JSON.stringify(name)}, { subscriberId: ${JSON.stringify(subscriberId)}, providerId: ${integration}.providerId, integrationIdentifier: ${integration}.identifier, credentials: ${JSON.stringify(value)} });\n`;
}

function writeProgram(program: string): void {
  writeFileSync(
    join(folder.dir, "index.js"),
    `"use strict";\nconst svc = require("pulumi-svc");\n${program}`,
  );
}

async function stackFor(program: string): Promise<PulumiStack> {
  writeProgram(program);
  const stack = await PulumiStack.init({ projectDir: folder.dir, binDir });
  await stack.setConfig("svc:baseUrl", emu.url);
  await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
  return stack;
}

const envId = () => emu.keys[0]!.environmentId;
const liveId = (identifier: string) =>
  emu.integrations().find((i) => i.identifier === identifier && i.deleted !== true)?._id;

/** The subscriber's entries of a provider, by integration `_id`, with what each holds ("" as absent). */
function entries(subscriberId: string, providerId = "fcm"): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const c of emu.subscriber(envId(), subscriberId)?.channels ?? []) {
    if (c.providerId !== providerId) continue;
    const held: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(c.credentials)) {
      if (v !== "" && !(Array.isArray(v) && v.length === 0)) held[k] = v;
    }
    out[c._integrationId] = held;
  }
  return out;
}

/** Only entries that hold something (an entry cleared in place, or bound to a deleted integration, is left out). */
function holding(subscriberId: string, providerId = "fcm"): Record<string, Record<string, unknown>> {
  const all = entries(subscriberId, providerId);
  const live = new Set(
    emu
      .integrations()
      .filter((i) => i.deleted !== true)
      .map((i) => i._id),
  );
  return Object.fromEntries(
    Object.entries(all).filter(([id, held]) => live.has(id) && Object.keys(held).length > 0),
  );
}

describe.skipIf(skipEngine("entries beside others'"))(
  "entries beside others' on the real service's semantics (real engine, packed tarball, JavaScript)",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({
        fixtures: {
          integrations: [
            { providerId: "fcm", channel: "push", identifier: "app-fcm", active: true },
            { providerId: "slack", channel: "chat", identifier: "app-slack", active: true },
          ],
          subscribers: ["user-ada", "user-bea", ...SET_SUBSCRIBERS].map((subscriberId) => ({ subscriberId })),
        },
      });
      client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
      binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({ project: "svc-beside", files: { "index.js": "" } });
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await client?.close();
      folder?.remove();
      await emu?.close();
    });

    it("two integrations' entries and the application's: up, no-op previews, refresh, removal, destroy", async () => {
      // The application writes its own entry first, on its own integration.
      await client.subscribers.replaceCredentials("user-ada", {
        providerId: "fcm",
        integrationIdentifier: "app-fcm",
        credentials: { deviceTokens: [APP_TOKEN] },
      });
      const app = { [liveId("app-fcm") ?? "app"]: { deviceTokens: [APP_TOKEN] } };
      const both =
        push("pushA", "stack-fcm-a") +
        push("pushB", "stack-fcm-b") +
        creds("adaA", "user-ada", "pushA", { deviceTokens: ["tok-stack-a-0003"] });
      const withB = both + creds("adaB", "user-ada", "pushB", { deviceTokens: ["tok-stack-b-0004"] });
      const stack = await stackFor(withB);

      await stack.up();
      const a = liveId("stack-fcm-a") ?? "a";
      const b = liveId("stack-fcm-b") ?? "b";
      expect(entries("user-ada")).toEqual({
        ...app,
        [a]: { deviceTokens: ["tok-stack-a-0003"] },
        [b]: { deviceTokens: ["tok-stack-b-0004"] },
      });
      await stack.preview({ expectNoChanges: true });

      const refresh = await stack.refresh();
      expect(refresh.stdout).not.toMatch(/deleted|- +svc/);
      expect([...stateByName(await stack.exportStack()).keys()]).toEqual(
        expect.arrayContaining(["adaA", "adaB"]),
      );
      await stack.preview({ expectNoChanges: true });
      expect(holding("user-ada")).toEqual({
        ...app,
        [a]: { deviceTokens: ["tok-stack-a-0003"] },
        [b]: { deviceTokens: ["tok-stack-b-0004"] },
      });

      writeProgram(both);
      await stack.up();
      expect(holding("user-ada")).toEqual({ ...app, [a]: { deviceTokens: ["tok-stack-a-0003"] } });
      await stack.preview({ expectNoChanges: true });

      const exported = JSON.stringify(await stack.exportStack());
      expect(plaintextHits(exported, ["tok-stack-a-0003", SERVICE_ACCOUNT])).toEqual({});
      await stack.destroy();
      expect(holding("user-ada")).toEqual(app);
      expect(entries("user-ada")[liveId("app-fcm") ?? "app"]).toEqual({ deviceTokens: [APP_TOKEN] });
      await stack.remove();
    });

    it("a webhook and a set of five beside the application's entries: refresh shows nothing, destroy takes only ours", async () => {
      await client.subscribers.replaceCredentials("dev-3", {
        providerId: "fcm",
        integrationIdentifier: "app-fcm",
        credentials: { deviceTokens: [APP_TOKEN] },
      });
      await client.subscribers.replaceCredentials("user-bea", {
        providerId: "slack",
        integrationIdentifier: "app-slack",
        credentials: { webhookUrl: APP_WEBHOOK },
      });
      const credentials = Object.fromEntries(
        SET_SUBSCRIBERS.map((id) => [id, { deviceTokens: [`tok-set-${id}-0005`] }]),
      );
      const chat = `const chat = new svc.Integration("chat", { providerId: "slack", channel: "chat", identifier: "stack-slack", active: true, credentials: { apiKey: "not-used" } });\n`;
      const set = (c: object) =>
        `new svc.SubscriberCredentialsSet("devices", { providerId: "fcm", integrationIdentifier: pushS.identifier, credentials: ${JSON.stringify(c)} });\n`;
      const hook = (url: string) => creds("beaHook", "user-bea", "chat", { webhookUrl: url });
      const base = push("pushS", "stack-fcm-set") + chat;
      const stack = await stackFor(base + hook("https://hooks.example/stack/one-0006") + set(credentials));
      await stack.up();
      await stack.refresh();
      await stack.preview({ expectNoChanges: true });
      const slackApp = liveId("app-slack") ?? "s";
      const slackStack = liveId("stack-slack") ?? "t";
      expect(holding("user-bea", "slack")).toEqual({
        [slackApp]: { webhookUrl: APP_WEBHOOK },
        [slackStack]: { webhookUrl: "https://hooks.example/stack/one-0006" },
      });

      // The webhook URL changes; one subscriber leaves the set.
      const { "dev-3": _left, ...four } = credentials;
      writeProgram(base + hook("https://hooks.example/stack/two-0007") + set(four));
      const preview = await stack.preview();
      expect(stepOf(preview.digest, "devices")?.op).toBe("update");
      await stack.up();
      await stack.preview({ expectNoChanges: true });
      expect(holding("user-bea", "slack")[slackStack]).toEqual({
        webhookUrl: "https://hooks.example/stack/two-0007",
      });
      expect(holding("dev-3")).toEqual({ [liveId("app-fcm") ?? "app"]: { deviceTokens: [APP_TOKEN] } });

      await stack.destroy();
      expect(holding("user-bea", "slack")).toEqual({ [slackApp]: { webhookUrl: APP_WEBHOOK } });
      expect(holding("dev-3")).toEqual({ [liveId("app-fcm") ?? "app"]: { deviceTokens: [APP_TOKEN] } });
      for (const id of ["dev-1", "dev-2", "dev-4", "dev-5"]) expect(entries(id)).toEqual({});
      await stack.remove();
    });
  },
);
