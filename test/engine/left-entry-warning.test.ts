/**
 * A token left behind is never silent (issue 33, part 2), under the real engine, from a JavaScript program
 * installed from the packed tarball. The stack's fcm integration is deleted out of band while the
 * application's own fcm entries (on its own integration) sit on the same subscribers. `up` recreates the
 * integration and moves the credentials of a SubscriberCredentials and of a SubscriberCredentialsSet to it,
 * but the old entries, bound to the deleted integration, keep the stack's device tokens: the service has no
 * request that removes one entry alone, so they stay. `up` and then `destroy` must say so in the engine's
 * output: a warning naming the subscriber, the provider and the deleted integration, never the token. The
 * application's entries hold their tokens exactly throughout. Needs `npm run build` first (the tarball is
 * packed from dist/).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import { createPackedProgramFolder, type ProgramFolder } from "../../testkit/consumer/program-folder";
import { replaceIntegrationOutOfBand } from "../../testkit/out-of-band";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  plaintextHits,
  skipEngine,
} from "../../testkit/pulumi-cli";

const SERVICE_ACCOUNT = '{"project_id":"left-entry-demo"}';
const ADA_TOKEN = "tok-left-ada-0001";
const BOB_TOKEN = "tok-left-bob-0002";
const APP_TOKENS = { "user-ada": "tok-app-ada-0003", "user-bob": "tok-app-bob-0004" } as const;

const PROGRAM = `"use strict";
const svc = require("pulumi-svc");
const push = new svc.Integration("push", { providerId: "fcm", channel: "push", identifier: "left-push", active: true, credentials: { serviceAccount: ${JSON.stringify(SERVICE_ACCOUNT)} } });
new svc.SubscriberCredentials("ada", { subscriberId: "user-ada", providerId: "fcm", integrationIdentifier: push.identifier, credentials: { deviceTokens: [${JSON.stringify(ADA_TOKEN)}] } });
new svc.SubscriberCredentialsSet("devices", { providerId: "fcm", integrationIdentifier: push.identifier, credentials: { "user-bob": { deviceTokens: [${JSON.stringify(BOB_TOKEN)}] } } });
`;

let emu: Emulator;
let client: SvcClient;
let binDir: string;
let folder: ProgramFolder;

const envId = () => emu.keys[0]!.environmentId;
/** A subscriber's entries that hold tokens, by integration `_id`. */
const holding = (subscriberId: string) =>
  Object.fromEntries(
    (emu.subscriber(envId(), subscriberId)?.channels ?? [])
      .filter((c) => (c.credentials.deviceTokens ?? []).length > 0)
      .map((c) => [c._integrationId, c.credentials.deviceTokens]),
  );
const liveId = (identifier: string) =>
  emu.integrations().find((i) => i.identifier === identifier && i.deleted !== true)?._id ?? "";

/**
 * The warning lines of an operation's Diagnostics (the live rows show them too) about the entry of
 * `subscriberId` on `integrationId`.
 */
function warningsAbout(text: string, subscriberId: string, integrationId: string): string[] {
  const diagnostics = text.split("\nDiagnostics:\n")[1]?.split("\nResources:\n")[0] ?? "";
  return diagnostics
    .split("\n")
    .filter((line) => /warning: svc: /.test(line))
    .filter((line) => line.includes(`subscriber "${subscriberId}"`) && line.includes(integrationId));
}

describe.skipIf(skipEngine("left entry warning"))(
  "an entry left holding the stack's token is never silent (real engine, packed tarball)",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({
        fixtures: {
          integrations: [{ providerId: "fcm", channel: "push", identifier: "app-push", active: true }],
          subscribers: [{ subscriberId: "user-ada" }, { subscriberId: "user-bob" }],
        },
      });
      client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
      binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({ project: "svc-left-entry", files: { "index.js": "" } });
      writeFileSync(join(folder.dir, "index.js"), PROGRAM);
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await client?.close();
      folder?.remove();
      await emu?.close();
    });

    it("integration deleted out of band beside the application's entries: up and destroy warn about the token left", async () => {
      for (const [subscriberId, token] of Object.entries(APP_TOKENS)) {
        await client.subscribers.replaceCredentials(subscriberId, {
          providerId: "fcm",
          integrationIdentifier: "app-push",
          credentials: { deviceTokens: [token] },
        });
      }
      const app = liveId("app-push");
      const stack = await PulumiStack.init({ projectDir: folder.dir, binDir });
      let printed = "";
      try {
        await stack.setConfig("svc:baseUrl", emu.url);
        await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
        const first = await stack.up();
        printed += first.stdout + first.stderr;
        expect(first.stdout).not.toMatch(/warning: svc: /);
        const deleted = liveId("left-push");

        await replaceIntegrationOutOfBand(emu, "left-push");
        printed += (await stack.refresh()).stdout;
        const up = await stack.up();
        printed += up.stdout + up.stderr;
        const recreated = liveId("left-push");
        expect(recreated).not.toBe(deleted);
        // The credentials moved; the old entries keep the tokens (no request removes them alone).
        expect(holding("user-ada")).toEqual({
          [app]: [APP_TOKENS["user-ada"]],
          [deleted]: [ADA_TOKEN],
          [recreated]: [ADA_TOKEN],
        });
        expect(holding("user-bob")).toEqual({
          [app]: [APP_TOKENS["user-bob"]],
          [deleted]: [BOB_TOKEN],
          [recreated]: [BOB_TOKEN],
        });
        for (const subscriberId of ["user-ada", "user-bob"]) {
          const lines = warningsAbout(up.stdout, subscriberId, deleted);
          expect(lines, `${subscriberId}: ${up.stdout}`).toHaveLength(1);
          expect(lines[0]).toMatch(/keeps an entry of fcm bound to deleted integration/);
          expect(lines[0]).toContain('README: "An entry left on a deleted integration"');
        }

        const destroy = await stack.destroy();
        printed += destroy.stdout + destroy.stderr;
        expect(holding("user-ada")).toEqual({ [app]: [APP_TOKENS["user-ada"]], [deleted]: [ADA_TOKEN] });
        expect(holding("user-bob")).toEqual({ [app]: [APP_TOKENS["user-bob"]], [deleted]: [BOB_TOKEN] });
        for (const subscriberId of ["user-ada", "user-bob"]) {
          const lines = warningsAbout(destroy.stdout, subscriberId, deleted);
          expect(lines, `${subscriberId}: ${destroy.stdout}`).toHaveLength(1);
        }
        expect(
          plaintextHits(printed, [
            ADA_TOKEN,
            BOB_TOKEN,
            ...Object.values(APP_TOKENS),
            SERVICE_ACCOUNT,
            emu.apiKey,
          ]),
        ).toEqual({});
      } finally {
        await stack.remove().catch(() => {});
      }
    });
  },
);
