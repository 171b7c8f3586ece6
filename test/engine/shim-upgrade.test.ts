/**
 * An upgrade under the real Pulumi CLI: a stack whose resources were created with the v1 shim (the
 * `__provider` text every release up to ab3599c stored, test/harness/fixtures/provider-v1-forwarders-*),
 * then run with this package, which serializes the small shim (contract v2). The preview and an `up` show no
 * changes and send no request; refresh, an update and destroy work. Along the way the state shows how the
 * engine treats the changed `__provider`: a same step records the new inputs and keeps the old outputs; a
 * refresh reads with the outputs' text and puts it back in the inputs; an update stores the new text in
 * both. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { storedProviderPrelude } from "../../testkit/harness/stored-providers";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  ScratchProject,
  type StateResource,
  skipEngine,
  stateByName,
  stepOps,
} from "../../testkit/pulumi-cli";

const FCM = "upgrade-fcm";
/** Every kind, two Integrations (one updated after the upgrade, one left as it was). */
const program = (mailName: string, tokens: readonly string[]) => `const svc = require("pulumi-svc");
new svc.Integration("chat", { providerId: "novu", channel: "in_app", identifier: "upgrade-in-app" });
new svc.Integration("mail", { providerId: "sendgrid", channel: "email", identifier: "upgrade-mail",
  name: ${JSON.stringify(mailName)}, credentials: { apiKey: "SG.upgrade-secret", from: "noreply@example.com" } });
new svc.SubscriberCredentials("phone", { subscriberId: "upgrade-sub-0", providerId: "fcm",
  integrationIdentifier: "${FCM}", credentials: { deviceTokens: ${JSON.stringify(tokens)} } });
new svc.SubscriberCredentialsSet("phones", { providerId: "fcm", integrationIdentifier: "${FCM}",
  credentials: { "upgrade-sub-1": { deviceTokens: ["set-token-1"] }, "upgrade-sub-2": { deviceTokens: ["set-token-2"] } } });
`;
const NAMES = ["chat", "mail", "phone", "phones"];

/** Which shim each resource's `__provider` is, in its inputs and its outputs. */
type Shape = "v1" | "small" | "other";
function shapeOf(text: unknown): Shape {
  if (typeof text !== "string") return "other";
  if (text.includes(".installProvider(this, req)") && Buffer.byteLength(text) <= 1000) return "small";
  return text.includes("createProvider(kind)") ? "v1" : "other";
}
async function providerShapes(stack: PulumiStack): Promise<Record<string, [Shape, Shape]>> {
  const byName = stateByName(await stack.exportStack());
  const shapes = (r: StateResource | undefined): [Shape, Shape] => [
    shapeOf(r?.inputs?.__provider),
    shapeOf(r?.outputs?.__provider),
  ];
  return Object.fromEntries(NAMES.map((n) => [n, shapes(byName.get(n))]));
}

let emu: Emulator;
let project: ScratchProject;
let stack: PulumiStack;
const writes = () => emu.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
const integrationName = (identifier: string) =>
  emu.integrations().find((i) => i.identifier === identifier)?.name;
const tokensOf = (subscriberId: string) =>
  emu.subscriber(emu.keys[0]!.environmentId, subscriberId)?.channels?.find((c) => c.providerId === "fcm")
    ?.credentials.deviceTokens;

describe.skipIf(skipEngine("shim upgrade"))(
  "a stack made with the v1 shim, run with this package",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({
        port: 0,
        fixtures: {
          integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: FCM }],
          subscribers: [0, 1, 2].map((i) => ({ subscriberId: `upgrade-sub-${i}` })),
        },
      });
      const binDir = await ensurePulumiCli();
      project = ScratchProject.create("svc-upgrade");
      // What the previous release left: every resource created with the v1 text.
      project.writeProgram(storedProviderPrelude("v1-forwarders") + program("Mail v1", ["token-1"]));
      stack = await PulumiStack.init({ projectDir: project.dir, binDir });
      await stack.setAllConfig({ "svc:baseUrl": emu.url, "svc:apiKey": emu.apiKey }, ["svc:apiKey"]);
      await stack.up();
      project.writeProgram(program("Mail v1", ["token-1"]));
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await stack?.remove();
      project?.remove();
      await emu?.close();
    });

    it("the stack holds the v1 text in every resource's inputs and outputs", async () => {
      const shapes = await providerShapes(stack);
      for (const n of NAMES) expect(shapes[n], n).toEqual(["v1", "v1"]);
      expect(integrationName("upgrade-mail")).toBe("Mail v1");
    });

    it("preview with the new package shows no changes and writes nothing", async () => {
      emu.resetRequests();
      const { digest } = await stack.preview({ expectNoChanges: true });
      expect(stepOps(digest)).toEqual([]);
      expect(digest?.changeSummary).toEqual({ same: NAMES.length + 1 });
      // Reads only: the credentials' diff lists integrations to check the binding (provider/runtime/shared/integration-directory.ts),
      // and the key's environment is asked once (key-environment.ts).
      const reads = new Set(["GET /v1/integrations", "GET /v1/environments/me"]);
      expect(emu.requests.map((r) => `${r.method} ${r.path}`).filter((r) => !reads.has(r))).toEqual([]);
    });

    it("up changes nothing in the service; the inputs take the small text, the outputs keep the v1 text", async () => {
      emu.resetRequests();
      await stack.up({ expectNoChanges: true });
      expect(writes()).toEqual([]);
      const shapes = await providerShapes(stack);
      for (const n of NAMES) expect(shapes[n], n).toEqual(["small", "v1"]);
    });

    it("refresh reads every resource with the v1 text of its outputs (and puts it back in the inputs)", async () => {
      emu.resetRequests();
      await stack.refresh({ expectNoChanges: true });
      expect(writes()).toEqual([]);
      expect(emu.requests.length).toBeGreaterThan(0);
      const shapes = await providerShapes(stack);
      for (const n of NAMES) expect(shapes[n], n).toEqual(["v1", "v1"]);
      const { digest } = await stack.preview({ expectNoChanges: true });
      expect(digest?.changeSummary).toEqual({ same: NAMES.length + 1 });
    });

    it("an update goes through the small shim and stores it in inputs and outputs", async () => {
      project.writeProgram(program("Mail v2", ["token-1", "token-2"]));
      const { digest } = await stack.preview();
      expect(stepOps(digest)).toEqual([
        ["mail", "update"],
        ["phone", "update"],
      ]);
      await stack.up();
      expect(integrationName("upgrade-mail")).toBe("Mail v2");
      expect(tokensOf("upgrade-sub-0")).toEqual(["token-1", "token-2"]);
      const shapes = await providerShapes(stack);
      expect(shapes).toEqual({
        chat: ["small", "v1"],
        mail: ["small", "small"],
        phone: ["small", "small"],
        phones: ["small", "v1"],
      });
    });

    it("destroy deletes every object, whichever text its outputs hold", async () => {
      await stack.destroy();
      expect(emu.integrations().map((i) => i.identifier)).toEqual([FCM]);
      for (const i of [0, 1, 2]) expect(tokensOf(`upgrade-sub-${i}`) ?? [], `upgrade-sub-${i}`).toEqual([]);
    });
  },
);
