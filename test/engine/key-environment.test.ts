/**
 * A key of another environment never makes a stack forget what it made (issue 26), under the real engine,
 * from a JavaScript program installed from the packed tarball. One stack, made with the Development key: two
 * integrations, a SubscriberCredentials for user-ada and a small SubscriberCredentialsSet. Then svc:apiKey
 * is switched to the Production key of the same organization: up, refresh and destroy each fail with the
 * one line naming both environments (up first: until an up stores the new key in the default provider's
 * state, refresh and destroy run with the key the state holds), the state still holds every resource and the service everything; the
 * same with a key of another organization. Switched back: refresh changes nothing, a preview expects no
 * changes, destroy removes everything. On the stack made (an adopted one previews the same way), a refused key
 * and a dead address each fail the preview with one error naming the setting and its command, and write
 * nothing (issue 50 item 14). Last, a deliberate move README "When the key changes" documents:
 * `pulumi state delete --all`, the key of another organization, `up` creates everything there (the old
 * objects are left). Needs `npm run build` first (the tarball is packed from dist/).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { createPackedProgramFolder, type ProgramFolder } from "../../testkit/consumer/program-folder";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  errorsHolding,
  isStateSecret,
  type Json,
  PulumiStack,
  plaintextHits,
  skipEngine,
  stateByName,
} from "../../testkit/pulumi-cli";
import { previewFailingOn, wrongSettings } from "../../testkit/pulumi-cli/wrong-settings";

const ORG_A = "0000000000000000000000a1";
const ORG_B = "0000000000000000000000b1";
const KEYS = [
  { apiKey: "key-env-dev-7f1", organizationId: ORG_A, environmentName: "Development" },
  { apiKey: "key-env-prod-7f2", organizationId: ORG_A, environmentName: "Production" },
  { apiKey: "key-env-orgb-7f3", organizationId: ORG_B, environmentName: "Development" },
];
const [DEV, PROD, OTHER] = KEYS.map((k) => k.apiKey) as [string, string, string];
const SUBSCRIBERS = ["user-ada", "user-bob", "user-cy"];
const TOKENS = ["tok-keyenv-ada-0001", "tok-keyenv-bob-0002", "tok-keyenv-cy-0003"];
const SERVICE_ACCOUNT = '{"project_id":"key-env-demo"}';
const NAMES = ["ada", "devices", "inbox", "push"];

const PROGRAM = `"use strict";
const svc = require("pulumi-svc");
const push = new svc.Integration("push", { providerId: "fcm", channel: "push", identifier: "keyenv-push", active: true, credentials: { serviceAccount: ${JSON.stringify(SERVICE_ACCOUNT)} } });
new svc.Integration("inbox", { providerId: "novu", channel: "in_app", identifier: "keyenv-inbox", active: true });
new svc.SubscriberCredentials("ada", { subscriberId: "user-ada", providerId: "fcm", integrationIdentifier: push.identifier, credentials: { deviceTokens: [${JSON.stringify(TOKENS[0])}] } });
new svc.SubscriberCredentialsSet("devices", { providerId: "fcm", integrationIdentifier: push.identifier, credentials: { "user-bob": { deviceTokens: [${JSON.stringify(TOKENS[1])}] }, "user-cy": { deviceTokens: [${JSON.stringify(TOKENS[2])}] } } });
`;

let emu: Emulator;
let binDir: string;
let folder: ProgramFolder;
let stack: PulumiStack;
let printed = "";

const envOf = (apiKey: string) => emu.keys.find((k) => k.apiKey === apiKey)!.environmentId;
/** What the service holds in an environment: its live integrations' identifiers, each subscriber's tokens. */
function holdings(apiKey: string): { integrations: string[]; tokens: Record<string, unknown> } {
  const env = envOf(apiKey);
  const integrations = emu
    .integrations()
    .filter((i) => i._environmentId === env && i.deleted !== true)
    .map((i) => i.identifier)
    .sort();
  const tokens = Object.fromEntries(
    SUBSCRIBERS.map((id) => [
      id,
      (emu.subscriber(env, id)?.channels ?? []).map((c) => c.credentials.deviceTokens),
    ]),
  );
  return { integrations, tokens };
}
const FULL = {
  integrations: ["keyenv-inbox", "keyenv-push"],
  tokens: { "user-ada": [[TOKENS[0]]], "user-bob": [[TOKENS[1]]], "user-cy": [[TOKENS[2]]] },
};
const EMPTY = { integrations: [], tokens: { "user-ada": [], "user-bob": [], "user-cy": [] } };

/** The names of the svc resources in the stack's state. */
async function stateNames(): Promise<string[]> {
  const state = await stack.exportStack();
  return [...stateByName(state).entries()]
    .filter(([, r]) => r.type.startsWith("pulumi-nodejs:dynamic/svc:"))
    .map(([name]) => name)
    .sort();
}

/**
 * The svc resources of the stack's state, as text: urn, id and outputs, each secret as a marker, sorted by
 * urn (the state encrypts secrets again at every write, the reference to the default provider changes with
 * its config, and an up may reorder resources).
 */
async function svcState(): Promise<string> {
  const state = await stack.exportStack();
  const resources = (state.deployment.resources ?? [])
    .filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/svc:"))
    .map((r) => ({ urn: r.urn, id: r.id, outputs: r.outputs }))
    .sort((a, b) => a.urn.localeCompare(b.urn));
  return JSON.stringify(resources, (_key, value: unknown) =>
    isStateSecret(value as Json) ? "[secret]" : value,
  );
}

/** The mismatch line as the engine prints it, for an operation, with the key of `apiKey` acting. */
function mismatch(operation: string, apiKey: string): RegExp {
  const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const other = KEYS.find((k) => k.apiKey === apiKey)!;
  const dev = `environment "Development" \\(${quote(envOf(DEV))}\\)`;
  const now = `environment "${other.environmentName}" \\(${quote(envOf(apiKey))}\\)`;
  const orgs = other.organizationId === ORG_A;
  const text = orgs
    ? `svc: ${operation}: this resource lives in ${dev}, but svc:apiKey acts on ${now}; nothing was read or changed`
    : `svc: ${operation}: this resource lives in ${dev} of organization ${ORG_A}, but svc:apiKey acts on ${now} of another organization \\(${ORG_B}\\); nothing was read or changed`;
  return new RegExp(text);
}

describe.skipIf(skipEngine("key environment"))(
  "a key of another environment or organization (real engine, packed tarball, JavaScript program)",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({ keys: KEYS });
      // The same subscribers everywhere: a look in the wrong environment finds someone else's, or no one.
      for (const apiKey of [DEV, PROD, OTHER]) {
        emu.seed({ subscribers: SUBSCRIBERS.map((subscriberId) => ({ subscriberId })) }, { apiKey });
      }
      binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({ project: "svc-keyenv", files: { "index.js": "" } });
      writeFileSync(join(folder.dir, "index.js"), PROGRAM);
      stack = await PulumiStack.init({ projectDir: folder.dir, binDir });
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setConfig("svc:apiKey", DEV, { secret: true });
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await stack?.remove().catch(() => {});
      folder?.remove();
      await emu?.close();
    });

    it("up with the Development key: every resource remembers its environment", async () => {
      printed += (await stack.up()).stdout;
      expect(holdings(DEV)).toEqual(FULL);
      const state = stateByName(await stack.exportStack());
      for (const name of NAMES) {
        expect(state.get(name)?.outputs, name).toMatchObject({
          environmentId: envOf(DEV),
          environmentName: "Development",
          organizationId: ORG_A,
        });
      }
    });

    it("a refused key or a dead address: preview fails once, naming the setting and its command; nothing is written", async () => {
      const before = await svcState();
      emu.resetRequests();
      for (const setting of wrongSettings("key-env-refused-7f4")) {
        const { preview, text } = await previewFailingOn(stack, setting);
        printed += text;
        expect(errorsHolding(preview, setting.line), text).toHaveLength(1);
      }
      await stack.setConfig("svc:apiKey", DEV, { secret: true });
      await stack.setConfig("svc:baseUrl", emu.url);
      expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);
      expect(await svcState()).toBe(before);
      await stack.preview({ expectNoChanges: true });
    });

    for (const [label, key] of [
      ["another environment (Production, same organization)", PROD],
      ["another organization", OTHER],
    ] as const) {
      it(`a key of ${label}: refresh, up and destroy fail naming both environments; nothing is lost`, async () => {
        await stack.setConfig("svc:apiKey", key, { secret: true });
        const before = await svcState();
        // `up` first: until an `up` stores the new key in the default provider's state, refresh and destroy
        // run with the key the state holds (the old one), and simply work.
        for (const [operation, run] of [
          ["diff", () => stack.up({ allowFailure: true })],
          ["read", () => stack.refresh({ allowFailure: true })],
          ["delete", () => stack.destroy({ allowFailure: true })],
        ] as const) {
          const result = await run();
          const text = result.stdout + result.stderr;
          printed += text;
          expect(result.code, `${operation}: ${text}`).not.toBe(0);
          expect(text, operation).toMatch(mismatch(operation, key));
          expect(text, operation).toContain('docs/installation-configuration.md: "When the key changes"');
          expect(text, operation).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
          expect(text, operation).toContain("ConfigError [SVC_ERR_ENVIRONMENT_MISMATCH]: svc: ");
          expect(await stateNames(), operation).toEqual(NAMES);
        }
        expect(await svcState()).toBe(before);
        expect(holdings(DEV)).toEqual(FULL);
        expect(holdings(key).integrations).toEqual([]);
      });
    }

    it("switched back: up changes nothing, refresh changes nothing, preview expects no changes, destroy removes everything", async () => {
      await stack.setConfig("svc:apiKey", DEV, { secret: true });
      // The failed `up`s stored the other keys in the default provider's state, which refresh and destroy use:
      // an `up` stores the right one again (it changes no resource).
      const before = await svcState();
      const up = await stack.up();
      printed += up.stdout;
      expect(up.stdout).not.toMatch(/pulumi-nodejs:dynamic\/svc:\S+ \S+ +(updated|created|deleted|replaced)/);
      expect(JSON.parse(await svcState())).toEqual(JSON.parse(before));
      expect(holdings(DEV)).toEqual(FULL);
      const refresh = await stack.refresh();
      printed += refresh.stdout;
      expect(refresh.stdout).not.toMatch(/[~-] svc:|deleted|updated/i);
      await stack.preview({ expectNoChanges: true });
      expect(await stateNames()).toEqual(NAMES);
      printed += (await stack.destroy()).stdout;
      expect(holdings(DEV)).toEqual(EMPTY);
      expect(await stateNames()).toEqual([]);
    });

    it("a deliberate move: state delete --all, the new key, up creates everything there; the old objects stay", async () => {
      // To another organization: identifiers are unique per organization, so within one the old integrations
      // would have to go first (destroy with the old key, then up with the new one; README).
      printed += (await stack.up()).stdout;
      expect(holdings(DEV)).toEqual(FULL);
      await stack.run(["state", "delete", "--all", "--yes"]);
      expect(await stateNames()).toEqual([]);
      await stack.setConfig("svc:apiKey", OTHER, { secret: true });
      printed += (await stack.up()).stdout;
      expect(holdings(OTHER)).toEqual(FULL);
      expect(holdings(DEV)).toEqual(FULL);
      const state = stateByName(await stack.exportStack());
      for (const name of NAMES) {
        expect(state.get(name)?.outputs, name).toMatchObject({
          environmentId: envOf(OTHER),
          organizationId: ORG_B,
        });
      }
      await stack.preview({ expectNoChanges: true });
      printed += (await stack.destroy()).stdout;
      expect(holdings(OTHER)).toEqual(EMPTY);
      expect(plaintextHits(printed, [DEV, PROD, OTHER, ...TOKENS, SERVICE_ACCOUNT])).toEqual({});
    });
  },
);
