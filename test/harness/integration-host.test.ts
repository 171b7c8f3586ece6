/**
 * The Integration lifecycle through the real dynamic-provider host of @pulumi/pulumi (test layer 4), with
 * the provider serialized by the SDK from compiled code. Needs `npm run build` first (the host loads dist).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import {
  captureRegistrations,
  type DesiredResource,
  isSecret,
  LifecycleRunner,
  type PropertyMap,
  type Registration,
  repoRoot,
  secret,
  startHarness,
  unwrapSecrets,
  urnOf,
  withUnknowns,
} from "../../testkit/harness/index";

const TYPE = "pulumi-nodejs:dynamic/svc:Integration";
const TWILIO_CREDS = {
  accountSid: "AC-host-secret-sid-42",
  token: "tw-host-secret-token-42",
  from: "+15550002",
};

let emu: Emulator;
let base: Registration;

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  const regs = await captureRegistrations({
    program: `
      const svc = require("pulumi-svc");
      return [new svc.Integration("sms", {
        providerId: "twilio", channel: "sms", name: "Twilio", active: true,
        credentials: ${JSON.stringify(TWILIO_CREDS)},
      })];`,
  });
  base = regs[0]!;
});
afterAll(async () => {
  await emu.close();
});

function config(): PropertyMap {
  return { "svc:apiKey": secret(emu.apiKey), "svc:baseUrl": emu.url, "other:setting": "x" };
}

function runner(): LifecycleRunner {
  return new LifecycleRunner(() => startHarness({ config: config() }));
}

/** The captured resource with some inputs changed (keeps the serialized provider and secret markers). */
function desired(changes: PropertyMap = {}, name = "sms"): DesiredResource {
  return {
    urn: urnOf(TYPE, name),
    inputs: { ...base.inputs, ...changes },
    additionalSecretOutputs: ["credentials"],
  };
}

function integrations() {
  return emu.integrations();
}

describe("serialization, as the SDK does it", () => {
  it("registers the resource with a small, secret-free serialized provider and secret credentials", async () => {
    expect(base.type).toBe(TYPE);
    const provider = base.inputs.__provider;
    expect(typeof provider).toBe("string"); // not a secret: nothing secret was captured
    expect((provider as string).length).toBeLessThanOrEqual(8 * 1024);
    expect(provider).toContain('require("pulumi-svc/internal/provider-runtime")');
    expect(provider).not.toContain(emu.apiKey);
    for (const v of Object.values(TWILIO_CREDS)) expect(provider).not.toContain(v);
    expect(isSecret(base.inputs.credentials)).toBe(true);
    expect(base.inputs.identifier).toMatch(/^sms-[0-9a-f]{8}$/);
  });

  it("derives the same identifier on every run and a different one per stack", async () => {
    const program = `const svc = require("pulumi-svc"); return [new svc.Integration("sms", { providerId: "twilio", channel: "sms" })];`;
    const again = await captureRegistrations({ program });
    const prod = await captureRegistrations({ program, stack: "prod" });
    expect(again[0]?.inputs.identifier).toBe(base.inputs.identifier);
    expect(prod[0]?.inputs.identifier).not.toBe(base.inputs.identifier);
  });
});

describe("Integration lifecycle through the host", () => {
  it("bad input gives check failures naming the property and the allowed values", async () => {
    const h = await startHarness({ config: config() });
    try {
      const { failures } = await h.check(
        urnOf(TYPE, "bad"),
        {},
        { ...desired().inputs, channel: "pager", credentials: {} },
      );
      const props = failures.map((f) => f.property);
      expect(props).toContain("channel");
      expect(failures.find((f) => f.property === "channel")?.reason).toMatch(
        /in_app, email, sms, chat, push/,
      );
      // Twilio, active, no token: reported on the resource as a whole (the engine would print a named
      // property's value), the field in the reason.
      expect(failures).toContainEqual({
        property: "",
        reason: expect.stringMatching(/^credentials: .*token/),
      });
    } finally {
      await h.close();
    }
  });

  it("preview, create, no-op, in-place update, replace, refresh, adopt, destroy", async () => {
    const r = runner();
    emu.resetRequests();

    // Preview with unknowns: accepted, planned as a create; the one request checks the key and address.
    const preview = await r.preview([
      { ...desired(), inputs: withUnknowns(desired().inputs, ["name", "credentials"]) },
    ]);
    expect(preview.map((s) => [s.op, s.check?.failures.length])).toEqual([["create", 0]]);
    expect(emu.requests.map((x) => `${x.method} ${x.path}`)).toEqual(["GET /v1/environments/me"]);

    // Create.
    const up1 = await r.up([desired()]);
    expect(up1.map((s) => s.op)).toEqual(["create"]);
    expect(up1[0]?.error).toBeUndefined();
    const [entry] = [...r.state.values()];
    const id = entry!.id;
    expect(integrations().map((i) => i._id)).toEqual([id]);
    expect(integrations()[0]?.credentials).toEqual(TWILIO_CREDS);
    expect(entry!.outputs).toMatchObject({
      name: "Twilio",
      providerId: "twilio",
      channel: "sms",
      active: true,
    });
    expect(entry!.secretOutputs).toContain("credentials");

    // No diff on a second up.
    const up2 = await r.up([desired()]);
    expect(up2.map((s) => [s.op, s.diff?.changes])).toEqual([["same", "none"]]);

    // Preview of an existing resource with an unknown name: an update.
    const preview2 = await r.preview([{ ...desired(), inputs: withUnknowns(desired().inputs, ["name"]) }]);
    expect(preview2.map((s) => s.op)).toEqual(["update"]);

    // In-place update.
    const up3 = await r.up([desired({ name: "Twilio EU" })]);
    expect(up3.map((s) => s.op)).toEqual(["update"]);
    expect(integrations().find((i) => i._id === id)?.name).toBe("Twilio EU");
    expect(r.state.get(desired().urn)?.id).toBe(id);

    // Replace on channel change (a custom provider so that sms -> push is valid); identifier kept, so the
    // old one goes first.
    const custom = desired({ providerId: "custom-gw", name: "Twilio EU" });
    const up4a = await r.up([custom]);
    expect(up4a.map((s) => [s.op, s.diff?.replaces])).toEqual([["replace", ["providerId"]]]);
    expect(up4a[0]?.diff?.deleteBeforeReplace).toBe(true);
    const up4 = await r.up([desired({ providerId: "custom-gw", name: "Twilio EU", channel: "push" })]);
    expect(up4.map((s) => [s.op, s.diff?.replaces])).toEqual([["replace", ["channel"]]]);
    const afterReplace = r.state.get(desired().urn)!;
    expect(integrations().map((i) => i._id)).toEqual([afterReplace.id]);
    expect(integrations()[0]?.channel).toBe("push");

    // Refresh after an out-of-band change, then up puts it back.
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    await client.integrations.update(afterReplace.id, { name: "renamed by hand" });
    const refreshed = await r.refresh();
    expect(refreshed.map((s) => s.op)).toEqual(["read"]);
    expect(r.state.get(desired().urn)?.outputs.name).toBe("renamed by hand");
    const desiredPush = desired({ providerId: "custom-gw", name: "Twilio EU", channel: "push" });
    const up5 = await r.up([desiredPush]);
    expect(up5.map((s) => s.op)).toEqual(["update"]);
    expect(integrations()[0]?.name).toBe("Twilio EU");

    // Refresh after an out-of-band delete: gone from state; up creates it again.
    await client.integrations.delete(afterReplace.id);
    const refreshed2 = await r.refresh();
    expect(refreshed2.map((s) => s.op)).toEqual(["gone"]);
    expect(r.state.size).toBe(0);
    const up6 = await r.up([desiredPush]);
    expect(up6.map((s) => s.op)).toEqual(["create"]);
    expect(integrations()).toHaveLength(1);

    // Destroy.
    const down = await r.destroy();
    expect(down.map((s) => [s.op, s.error])).toEqual([["delete", undefined]]);
    expect(integrations()).toHaveLength(0);
    await client.close();

    // Nothing secret in plaintext: persisted state (secrets encrypted), host output, engine logs.
    const plain = JSON.stringify(r.persistedState()) + r.hostOutput + r.hostLogs.join("\n");
    for (const v of [emu.apiKey, ...Object.values(TWILIO_CREDS)]) expect(plain).not.toContain(v);
  });

  it("adopts an existing integration with the same identifier when asked", async () => {
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    const existing = await client.integrations.create({
      providerId: "twilio",
      channel: "sms",
      name: "by hand",
      identifier: "adopt-me",
    });
    const r = runner();
    const refused = await r.up([desired({ identifier: "adopt-me" }, "adopted")]);
    expect(refused[0]?.error?.message).toMatch(/adopt: true/);
    expect(refused[0]?.error?.message).not.toContain(TWILIO_CREDS.token);
    const adopted = await r.up([desired({ identifier: "adopt-me", adopt: true }, "adopted")]);
    expect(adopted.map((s) => [s.op, s.error])).toEqual([["create", undefined]]);
    expect(r.state.get(urnOf(TYPE, "adopted"))?.id).toBe(existing._id);
    expect(emu.integrations().filter((i) => i.identifier === "adopt-me")).toHaveLength(1);
    expect(emu.integrations().find((i) => i._id === existing._id)?.name).toBe("Twilio");
    // Flipping adopt afterwards is not a change.
    const again = await r.up([desired({ identifier: "adopt-me", adopt: false }, "adopted")]);
    expect(again.map((s) => s.op)).toEqual(["same"]);
    await r.destroy();
    await client.close();
  });
});

describe("installed layout", () => {
  it("loads the runtime from the project's node_modules (host cwd = a user project)", async () => {
    const project = mkdtempSync(join(tmpdir(), "svc-user-project-"));
    try {
      mkdirSync(join(project, "node_modules"));
      symlinkSync(repoRoot(), join(project, "node_modules", "pulumi-svc"), "dir");
      const h = await startHarness({ config: config(), cwd: project });
      try {
        const inputs = unwrapSecrets(desired({ identifier: "installed" }).inputs) as PropertyMap;
        const checked = await h.check(urnOf(TYPE, "installed"), {}, inputs);
        expect(checked.failures).toEqual([]);
        const { id } = await h.create(urnOf(TYPE, "installed"), checked.inputs);
        expect(emu.integrations().some((i) => i._id === id)).toBe(true);
        await h.delete(urnOf(TYPE, "installed"), id, checked.inputs);
      } finally {
        await h.close();
      }
      // Without the package in the project, the host cannot load it: the require really is resolved there.
      rmSync(join(project, "node_modules"), { recursive: true });
      const bare = await startHarness({ config: config(), cwd: project });
      try {
        await expect(
          bare.check(urnOf(TYPE, "x"), {}, unwrapSecrets(desired().inputs) as PropertyMap),
        ).rejects.toThrow(/pulumi-svc/);
      } finally {
        await bare.close();
      }
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});

describe("configure", () => {
  it("falls back to SVC_API_KEY / SVC_BASE_URL in the host's environment", async () => {
    const r = new LifecycleRunner(() =>
      startHarness({ env: { SVC_API_KEY: emu.apiKey, SVC_BASE_URL: emu.url } }),
    );
    const up = await r.up([desired({ identifier: "from-env" }, "env")]);
    expect(up.map((s) => [s.op, s.error])).toEqual([["create", undefined]]);
    await r.destroy();
  });

  it("without a key, preview works and up fails with the command that sets it", async () => {
    const r = new LifecycleRunner(() => startHarness({ config: { "svc:baseUrl": emu.url } }));
    const preview = await r.preview([desired({ identifier: "no-key" }, "nokey")]);
    expect(preview.map((s) => [s.op, s.error])).toEqual([["create", undefined]]);
    const up = await r.up([desired({ identifier: "no-key" }, "nokey")]);
    expect(up[0]?.error?.message).toContain("pulumi config set --secret svc:apiKey <key>");
  });
});
