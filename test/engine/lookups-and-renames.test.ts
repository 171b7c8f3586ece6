/**
 * Lookups and renames under the real Pulumi engine (each test its own scratch project and stack):
 * - `Integration.get`, `SubscriberCredentials.get` and `SubscriberCredentialsSet.get` read objects made
 *   outside the program through the `id` resource option (a ReadResource: the provider's read gets the id
 *   and the program's props, no state), write nothing, and `destroy` leaves them;
 * - a resource renamed with `aliases` (top level, inside a component through `transforms`, and a component
 *   renamed with its children) keeps its default identifier: no replace, no write.
 * Needs `npm run build` first.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import {
  ENGINE_TIMEOUT_MS,
  emulatorProject,
  ensurePulumiCli,
  type Json,
  PROGRAM_HEADER,
  type PulumiStack,
  type ScratchProject,
  skipEngine,
  stateByName,
  stepOps,
} from "../../testkit/pulumi-cli";

let emu: Emulator;
let binDir: string;
const cleanups: (() => Promise<void> | void)[] = [];

async function project(name: string, program: string): Promise<{ p: ScratchProject; stack: PulumiStack }> {
  return emulatorProject({ name, program, binDir, baseUrl: emu.url, apiKey: emu.apiKey, cleanups });
}

/** Requests since the last reset other than reads. */
const writes = () => emu.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
const env = () => emu.keys[0]!.environmentId;
/** The tokens of the subscriber's entry bound to the live integration with this identifier. */
const tokensOf = (subscriberId: string, identifier: string) => {
  const bound = emu.integrations().find((i) => i.identifier === identifier && i.deleted !== true)?._id;
  return emu.subscriber(env(), subscriberId)?.channels?.find((c) => c._integrationId === bound)?.credentials
    .deviceTokens;
};

describe.skipIf(skipEngine("lookups and renames"))(
  "lookups and renames under the real engine",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({
        fixtures: {
          integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: "look-fcm" }],
          subscribers: ["look-a", "look-b", "look-c"].map((subscriberId) => ({ subscriberId })),
        },
      });
      binDir = await ensurePulumiCli();
    }, ENGINE_TIMEOUT_MS);
    afterEach(async () => {
      for (const c of cleanups.splice(0)) await c();
    });
    afterAll(async () => {
      await emu?.close();
    });

    it("get reads an integration, a channel entry and a set by id; writes nothing; destroy leaves them", async () => {
      const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
      const made = await client.integrations.create({
        providerId: "novu",
        channel: "in_app",
        identifier: "look-inbox",
      });
      for (const [id, token] of [
        ["look-a", "tok-look-a"],
        ["look-b", "tok-look-b"],
      ] as const) {
        await client.subscribers.upsertCredentials(id, {
          providerId: "fcm",
          integrationIdentifier: "look-fcm",
          credentials: { deviceTokens: [token] },
        });
      }
      await client.close();
      const { stack } = await project(
        "svc-lookups",
        `const inbox = svc.Integration.get("inbox", ${JSON.stringify(made._id)});
const alice = svc.SubscriberCredentials.get("alice", "look-a/fcm/look-fcm");
const devices = svc.SubscriberCredentialsSet.get("devices", "fcm/look-fcm");
exports.identifier = inbox.identifier;
exports.channel = inbox.channel;
exports.aliceTokens = pulumi.unsecret(alice.credentials).apply((c) => c.deviceTokens);
exports.aliceIntegration = alice.integrationId;
exports.devices = pulumi.unsecret(devices.credentials);`,
      );
      emu.resetRequests();
      await stack.up();
      expect(writes()).toEqual([]);
      const fcmId = emu.integrations().find((i) => i.identifier === "look-fcm")?._id;
      const outputs: Record<string, Json> = await stack.outputs({ showSecrets: true });
      expect(outputs).toEqual({
        identifier: "look-inbox",
        channel: "in_app",
        aliceTokens: ["tok-look-a"],
        aliceIntegration: fcmId,
        devices: { "look-a": { deviceTokens: ["tok-look-a"] }, "look-b": { deviceTokens: ["tok-look-b"] } },
      });
      const state = stateByName(await stack.exportStack());
      expect(Object.fromEntries([...state].map(([name, r]) => [name, [r.id, r.external]]))).toEqual({
        inbox: [made._id, true],
        alice: ["look-a/fcm/look-fcm", true],
        devices: ["fcm/look-fcm", true],
      });
      // Refresh reads them again from their state; a later `up` looks them up again (no changes).
      await stack.refresh();
      await stack.preview({ expectNoChanges: true });
      emu.resetRequests();
      await stack.destroy();
      expect(writes()).toEqual([]);
      expect(emu.integrations().filter((i) => i.identifier === "look-inbox")).toHaveLength(1);
      expect([tokensOf("look-a", "look-fcm"), tokensOf("look-b", "look-fcm")]).toEqual([
        ["tok-look-a"],
        ["tok-look-b"],
      ]);
    });

    it("get of an id that names nothing fails the update naming it", async () => {
      const { stack } = await project(
        "svc-lookup-missing",
        `svc.Integration.get("ghost", "000000000000000000000000");
svc.SubscriberCredentials.get("nobody", "look-c/fcm/look-fcm");`,
      );
      const up = await stack.up({ allowFailure: true });
      expect(up.code).not.toBe(0);
      const text = up.stdout + up.stderr;
      expect(text).toContain('no integration has the id "000000000000000000000000"');
      expect(text).toContain('no channel entry "look-c/fcm/look-fcm"');
      expect(stateByName(await stack.exportStack()).size).toBe(0);
    });

    it("renames with aliases (top level, in a component through transforms, the component itself) keep the identifiers", async () => {
      const program = (team: string, solo: string, renamed: boolean) => `
class Team extends pulumi.ComponentResource {
  constructor(name, opts) {
    super("acme:index:Team", name, {}, opts);
    this.inbox = new svc.Integration(name + "-inbox", { providerId: "slack", channel: "chat" }, { parent: this });
    this.registerOutputs({});
  }
}
// A transform on the component reaches its children: it names them, and (after the rename) aliases them.
const team = new Team(${JSON.stringify(team)}, {
  ${renamed ? `aliases: [{ name: "team" }],` : ""}
  transforms: [({ type, name, props, opts }) => type === "pulumi-nodejs:dynamic/svc:Integration"
    ? { props: { ...props, name: "Team inbox" },
        opts: ${renamed ? `pulumi.mergeOptions(opts, { aliases: [{ name: name.replace(${JSON.stringify(team)}, "team") }] })` : "opts"} }
    : undefined],
});
const solo = new svc.Integration(${JSON.stringify(solo)}, { providerId: "slack", channel: "chat" }${renamed ? `, { aliases: [{ name: "solo" }] }` : ""});
exports.teamIdentifier = team.inbox.identifier;
exports.soloIdentifier = solo.identifier;`;
      const { p, stack } = await project("svc-renames", program("team", "solo", false));
      await stack.up();
      const before = await stack.outputs();
      const integrationsBefore = emu.integrations().map((i) => [i._id, i.identifier, i.name]);
      expect(before.teamIdentifier).toMatch(/^team-inbox-[0-9a-f]{8}$/);
      expect(before.soloIdentifier).toMatch(/^solo-[0-9a-f]{8}$/);

      p.writeProgram(PROGRAM_HEADER + program("squad", "alone", true));
      const preview = await stack.preview();
      // Renamed resources are the same objects: no create, no replace, no update.
      expect(stepOps(preview.digest)).toEqual([]);
      emu.resetRequests();
      await stack.up();
      expect(writes()).toEqual([]);
      expect(await stack.outputs()).toEqual(before);
      expect(emu.integrations().map((i) => [i._id, i.identifier, i.name])).toEqual(integrationsBefore);
      const names = [...stateByName(await stack.exportStack()).keys()];
      expect(names.sort()).toEqual(["alone", "squad", "squad-inbox"]);
      await stack.preview({ expectNoChanges: true });
      await stack.destroy();
      expect(
        emu
          .integrations()
          .filter((i) => i.identifier.startsWith("solo-") || i.identifier.startsWith("team-")),
      ).toEqual([]);
    });
  },
);
