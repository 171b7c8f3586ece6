/**
 * A token left behind is never silent (issue 33, part 2), under the real engine, from a JavaScript program
 * installed from the packed tarball. The stack's fcm integration is deleted out of band while the
 * application's own fcm entries (on its own integration) sit on the same subscribers. `up` recreates the
 * integration and moves the credentials of a SubscriberCredentials and of a SubscriberCredentialsSet to it,
 * but the old entries, bound to the deleted integration, keep the stack's device tokens: the service has no
 * request that removes one entry alone, so they stay. `up` and then `destroy` must say so in the engine's
 * output: a warning naming the subscriber, the provider and the deleted integration, never the token. The
 * application's entries hold their tokens exactly throughout. Two lanes: JavaScript (dynamic resources, whose
 * host never tells the provider the resource's URN: the warning shows on the stack's row) and YAML through the
 * plugin `pulumi-resource-svc` of the package (the warning shows on the resource). Needs `npm run build`
 * first (the tarball is packed from dist/).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../../testkit/consumer/program-folder";
import { replaceIntegrationOutOfBand } from "../../testkit/out-of-band";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  plaintextHits,
  skipEngine,
} from "../../testkit/pulumi-cli";

const SERVICE_ACCOUNT = '{"project_id":"left-entry-demo"}';

/** One lane: a program declaring an fcm integration, a SubscriberCredentials and a one-subscriber set. */
interface Lane {
  label: string;
  /** The files of the program folder that make the program. */
  files: Record<string, string>;
  identifier: string;
  /** The subscriber of the SubscriberCredentials and of the set, and their tokens. */
  single: string;
  member: string;
  tokens: Record<string, string>;
  /** The Diagnostics heading a warning about the subscriber shows under. */
  heading: (subscriberId: string) => RegExp;
}

const jsProgram = (l: Omit<Lane, "files" | "label" | "heading">) => `"use strict";
const svc = require("pulumi-svc");
const push = new svc.Integration("push", { providerId: "fcm", channel: "push", identifier: ${JSON.stringify(l.identifier)}, active: true, credentials: { serviceAccount: ${JSON.stringify(SERVICE_ACCOUNT)} } });
new svc.SubscriberCredentials("ada", { subscriberId: ${JSON.stringify(l.single)}, providerId: "fcm", integrationIdentifier: push.identifier, credentials: { deviceTokens: [${JSON.stringify(l.tokens[l.single])}] } });
new svc.SubscriberCredentialsSet("devices", { providerId: "fcm", integrationIdentifier: push.identifier, credentials: { ${JSON.stringify(l.member)}: { deviceTokens: [${JSON.stringify(l.tokens[l.member])}] } } });
`;

const yamlProgram = (l: Omit<Lane, "files" | "label" | "heading">) => `name: svc-left-entry
runtime: yaml
resources:
  push:
    type: svc:index:Integration
    properties:
      providerId: fcm
      channel: push
      identifier: ${l.identifier}
      active: true
      credentials: { serviceAccount: ${JSON.stringify(SERVICE_ACCOUNT)} }
  ada:
    type: svc:index:SubscriberCredentials
    properties:
      subscriberId: ${l.single}
      providerId: fcm
      integrationIdentifier: \${push.identifier}
      credentials: { deviceTokens: [ ${JSON.stringify(l.tokens[l.single])} ] }
  devices:
    type: svc:index:SubscriberCredentialsSet
    properties:
      providerId: fcm
      integrationIdentifier: \${push.identifier}
      credentials: { ${JSON.stringify(l.member)}: { deviceTokens: [ ${JSON.stringify(l.tokens[l.member])} ] } }
`;

const JS = {
  identifier: "left-push",
  single: "user-ada",
  member: "user-bob",
  tokens: { "user-ada": "tok-left-ada-0001", "user-bob": "tok-left-bob-0002" },
};
const YAML = {
  identifier: "left-push-yaml",
  single: "user-cy",
  member: "user-dee",
  tokens: { "user-cy": "tok-left-cy-0005", "user-dee": "tok-left-dee-0006" },
};
const LANES: Lane[] = [
  {
    label: "JavaScript (dynamic resources: the warning shows on the stack's row)",
    files: { "index.js": jsProgram(JS) },
    ...JS,
    heading: () => /pulumi:pulumi:Stack \(svc-left-entry-[^)]+\):/,
  },
  {
    label: "YAML (the plugin: the warning shows on the resource)",
    files: { "Pulumi.yaml": yamlProgram(YAML) },
    ...YAML,
    heading: (subscriberId) =>
      subscriberId === YAML.single
        ? /svc:index:SubscriberCredentials \(ada\):/
        : /svc:index:SubscriberCredentialsSet \(devices\):/,
  },
];
const SUBSCRIBERS = LANES.flatMap((l) => [l.single, l.member]);
const APP_TOKENS: Record<string, string> = Object.fromEntries(
  SUBSCRIBERS.map((id, n) => [id, `tok-app-${id}-00${n}`]),
);
const SECRETS = [
  ...LANES.flatMap((l) => Object.values(l.tokens)),
  ...Object.values(APP_TOKENS),
  SERVICE_ACCOUNT,
];

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

/** The Diagnostics of an operation's output (the live rows show the warnings too). */
const diagnosticsOf = (text: string) => text.split("\nDiagnostics:\n")[1]?.split("\nResources:\n")[0] ?? "";

/** The warning lines of an operation's Diagnostics about the entry of `subscriberId` on `integrationId`. */
function warningsAbout(text: string, subscriberId: string, integrationId: string): string[] {
  return diagnosticsOf(text)
    .split("\n")
    .filter((line) => /warning: svc: /.test(line))
    .filter((line) => line.includes(`subscriber "${subscriberId}"`) && line.includes(integrationId));
}

/** The heading of the Diagnostics block a warning line is in. */
function headingOf(text: string, line: string): string {
  const diagnostics = diagnosticsOf(text);
  const before = diagnostics.slice(0, diagnostics.indexOf(line)).split("\n");
  return [...before].reverse().find((l) => /^ {2}\S/.test(l)) ?? "";
}

describe.skipIf(skipEngine("left entry warning"))(
  "an entry left holding the stack's token is never silent (real engine, packed tarball)",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({
        fixtures: {
          integrations: [{ providerId: "fcm", channel: "push", identifier: "app-push", active: true }],
          subscribers: SUBSCRIBERS.map((subscriberId) => ({ subscriberId })),
        },
      });
      client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
      binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({ project: "svc-left-entry", files: { "index.js": "" } });
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await client?.close();
      folder?.remove();
      await emu?.close();
    });

    for (const lane of LANES) {
      it(`${lane.label}: an integration deleted out of band beside the application's entries; up and destroy warn`, async () => {
        const { single, member, tokens, identifier } = lane;
        for (const subscriberId of [single, member]) {
          await client.subscribers.replaceCredentials(subscriberId, {
            providerId: "fcm",
            integrationIdentifier: "app-push",
            credentials: { deviceTokens: [APP_TOKENS[subscriberId]!] },
          });
        }
        for (const [file, text] of Object.entries(lane.files)) writeFileSync(join(folder.dir, file), text);
        const app = liveId("app-push");
        const stack = await PulumiStack.init({
          projectDir: folder.dir,
          binDir,
          env: { PATH: programPath(folder, binDir) },
        });
        let printed = "";
        try {
          await stack.setConfig("svc:baseUrl", emu.url);
          await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
          const first = await stack.up();
          printed += first.stdout + first.stderr;
          expect(first.stdout).not.toMatch(/warning: svc: /);
          const deleted = liveId(identifier);

          await replaceIntegrationOutOfBand(emu, identifier);
          printed += (await stack.refresh()).stdout;
          const up = await stack.up();
          printed += up.stdout + up.stderr;
          const recreated = liveId(identifier);
          expect(recreated).not.toBe(deleted);
          // The credentials moved; the old entries keep the tokens (no request removes them alone).
          for (const subscriberId of [single, member]) {
            expect(holding(subscriberId)).toEqual({
              [app]: [APP_TOKENS[subscriberId]],
              [deleted]: [tokens[subscriberId]],
              [recreated]: [tokens[subscriberId]],
            });
            const lines = warningsAbout(up.stdout, subscriberId, deleted);
            expect(lines, `${subscriberId}: ${up.stdout}`).toHaveLength(1);
            expect(lines[0]).toMatch(/keeps an entry of fcm bound to deleted integration/);
            expect(lines[0]).toContain(
              'docs/subscriber-credentials.md: "An entry left on a deleted integration"',
            );
            expect(headingOf(up.stdout, lines[0]!)).toMatch(lane.heading(subscriberId));
          }

          const destroy = await stack.destroy();
          printed += destroy.stdout + destroy.stderr;
          for (const subscriberId of [single, member]) {
            expect(holding(subscriberId)).toEqual({
              [app]: [APP_TOKENS[subscriberId]],
              [deleted]: [tokens[subscriberId]],
            });
            const lines = warningsAbout(destroy.stdout, subscriberId, deleted);
            expect(lines, `${subscriberId}: ${destroy.stdout}`).toHaveLength(1);
          }
          expect(plaintextHits(printed, [...SECRETS, emu.apiKey])).toEqual({});
        } finally {
          await stack.remove().catch(() => {});
        }
      });
    }
  },
);
