/**
 * Credentials follow their integration, under the real engine, from a JavaScript program installed from the
 * packed tarball (as a user's folder holds it): an integration deleted out of band, then refresh, up and
 * destroy (issue 18's steps 1-4, for SubscriberCredentials and SubscriberCredentialsSet); a forced replace
 * (`up --replace`) of integrations with an explicit and a default identifier; an identifier change. After
 * every `up` each subscriber holds exactly one entry, bound to the integration's current `_id`; after
 * `destroy` no token is left. Needs `npm run build` first (the tarball is packed from dist/).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { createPackedProgramFolder, type ProgramFolder } from "../../testkit/consumer/program-folder";
import { replaceIntegrationOutOfBand } from "../../testkit/out-of-band";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  plaintextHits,
  skipEngine,
  stateByName,
  stepOf,
} from "../../testkit/pulumi-cli";

const SUBSCRIBERS = ["user-ada", "user-bob", "user-cy", "user-dee", "set-1", "set-2"];
const SERVICE_ACCOUNT = '{"project_id":"follow-demo"}';

let emu: Emulator;
let binDir: string;
let folder: ProgramFolder;

/** The push integration (fcm) a program declares; no `identifier` means the default one. */
function push(name: string, identifier?: string): string {
  const id = identifier === undefined ? "" : `identifier: ${JSON.stringify(identifier)}, `;
  return `const ${name} = new svc.Integration(${JSON.stringify(name)}, { providerId: "fcm", channel: "push", ${id}active: true, credentials: { serviceAccount: ${JSON.stringify(SERVICE_ACCOUNT)} } });\n`;
}

/** A SubscriberCredentials bound to `integration` through its identifier output. */
function creds(name: string, subscriberId: string, integration: string, token: string): string {
  return `new svc.SubscriberCredentials(${JSON.stringify(name)}, { subscriberId: ${JSON.stringify(subscriberId)}, providerId: "fcm", integrationIdentifier: ${integration}.identifier, credentials: { deviceTokens: [${JSON.stringify(token)}] } });\n`;
}

/** A new stack of the shared program folder, running `program`, configured for the emulator. */
async function stackFor(program: string): Promise<PulumiStack> {
  writeProgram(program);
  const stack = await PulumiStack.init({ projectDir: folder.dir, binDir });
  await stack.setConfig("svc:baseUrl", emu.url);
  await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
  return stack;
}

function writeProgram(program: string): void {
  writeFileSync(
    join(folder.dir, "index.js"),
    `"use strict";\nconst svc = require("pulumi-svc");\n${program}`,
  );
}

const envId = () => emu.keys[0]!.environmentId;
const integrationsNamed = (identifier: string) =>
  emu.integrations().filter((i) => i.identifier === identifier && i.deleted !== true);
/** A subscriber's entries as [integration _id, tokens]. */
const entries = (subscriberId: string) =>
  (emu.subscriber(envId(), subscriberId)?.channels ?? []).map((c) => [
    c._integrationId,
    c.credentials.deviceTokens,
  ]);

/** The `_id` of the live integration with this identifier (exactly one must exist). */
function liveId(identifier: string): string {
  const live = integrationsNamed(identifier);
  expect(live).toHaveLength(1);
  return live[0]?._id ?? "";
}

/** The identifier the stack's state holds for a resource. */
async function identifierOf(stack: PulumiStack, name: string): Promise<string> {
  const outputs = stateByName(await stack.exportStack()).get(name)?.outputs as { identifier?: string };
  return outputs.identifier ?? "";
}

describe.skipIf(skipEngine("credentials follow their integration"))(
  "credentials follow their integration (real engine, packed tarball, JavaScript program)",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({
        fixtures: { subscribers: SUBSCRIBERS.map((subscriberId) => ({ subscriberId })) },
      });
      binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({ project: "svc-follow", files: { "index.js": "" } });
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      folder?.remove();
      await emu?.close();
    });

    it("integration deleted out of band: refresh shows the drift, up rebinds, destroy leaves no token", async () => {
      const token = "tok-follow-ada-0001";
      const stack = await stackFor(push("push", "holdout-push") + creds("ada", "user-ada", "push", token));
      await stack.up();
      expect(entries("user-ada")).toEqual([[liveId("holdout-push"), [token]]]);

      await replaceIntegrationOutOfBand(emu, "holdout-push");
      await stack.refresh();
      const preview = await stack.preview({ args: ["--diff"] });
      expect(stepOf(preview.digest, "push")?.op).toBe("create");
      expect(stepOf(preview.digest, "ada")?.op).toBe("update");

      await stack.up();
      expect(entries("user-ada")).toEqual([[liveId("holdout-push"), [token]]]);
      await stack.preview({ expectNoChanges: true });
      const exported = JSON.stringify(await stack.exportStack());
      expect(
        plaintextHits(`${preview.stdout}${preview.stderr}${exported}`, [token, SERVICE_ACCOUNT]),
      ).toEqual({});

      await stack.destroy();
      expect(entries("user-ada")).toEqual([]);
      expect(integrationsNamed("holdout-push")).toEqual([]);
      await stack.remove();
    });

    it("the same for a SubscriberCredentialsSet", async () => {
      const set = `new svc.SubscriberCredentialsSet("devices", { providerId: "fcm", integrationIdentifier: push.identifier, credentials: { "set-1": { deviceTokens: ["tok-set-1-aaaa"] }, "set-2": { deviceTokens: ["tok-set-2-bbbb"] } } });\n`;
      const stack = await stackFor(push("push", "holdout-set") + set);
      await stack.up();
      await replaceIntegrationOutOfBand(emu, "holdout-set");
      await stack.refresh();
      const preview = await stack.preview();
      expect(stepOf(preview.digest, "devices")?.op).toBe("update");

      await stack.up();
      const id = liveId("holdout-set");
      expect(entries("set-1")).toEqual([[id, ["tok-set-1-aaaa"]]]);
      expect(entries("set-2")).toEqual([[id, ["tok-set-2-bbbb"]]]);
      await stack.preview({ expectNoChanges: true });
      await stack.destroy();
      expect([...entries("set-1"), ...entries("set-2")]).toEqual([]);
      await stack.remove();
    });

    it("up --replace of integrations with an explicit and a default identifier keeps one object each, entries rebound", async () => {
      const stack = await stackFor(
        push("explicit", "replace-push") +
          push("dflt") +
          creds("bob", "user-bob", "explicit", "tok-follow-bob-0002") +
          creds("cy", "user-cy", "dflt", "tok-follow-cy-0003"),
      );
      await stack.up();
      const defaultIdentifier = await identifierOf(stack, "dflt");
      const before = [liveId("replace-push"), liveId(defaultIdentifier)];
      const urns = stateByName(await stack.exportStack());

      for (const name of ["explicit", "dflt"]) {
        await stack.up({ args: ["--replace", urns.get(name)?.urn ?? ""] });
      }
      const after = [liveId("replace-push"), liveId(defaultIdentifier)];
      expect(after[0]).not.toBe(before[0]);
      expect(after[1]).not.toBe(before[1]);
      expect(entries("user-bob")).toEqual([[after[0], ["tok-follow-bob-0002"]]]);
      expect(entries("user-cy")).toEqual([[after[1], ["tok-follow-cy-0003"]]]);
      await stack.preview({ expectNoChanges: true });
      await stack.destroy();
      expect([...entries("user-bob"), ...entries("user-cy")]).toEqual([]);
      await stack.remove();
    });

    it("an identifier change carries the entries over, with no failed up", async () => {
      // A second fcm entry on the subscriber: the old entry cannot simply be deleted with the provider's.
      const token = "tok-follow-dee-0004";
      const other =
        push("other", "dee-other") + creds("deeOther", "user-dee", "other", "tok-follow-dee-0005");
      const stack = await stackFor(
        push("push", "rep-push") + creds("dee", "user-dee", "push", token) + other,
      );
      await stack.up();
      writeProgram(push("push") + creds("dee", "user-dee", "push", token) + other);
      const result = await stack.up();
      expect(result.stdout + result.stderr).not.toMatch(/providerError|No active integration/);
      const renamed = await identifierOf(stack, "push");
      expect(renamed).not.toBe("rep-push");
      expect(entries("user-dee").sort()).toEqual(
        [
          [liveId(renamed), [token]],
          [liveId("dee-other"), ["tok-follow-dee-0005"]],
        ].sort(),
      );
      await stack.preview({ expectNoChanges: true });
      await stack.destroy();
      expect(entries("user-dee")).toEqual([]);
      await stack.remove();
    });
  },
);
