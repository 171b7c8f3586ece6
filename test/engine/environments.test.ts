/**
 * examples/environments through the real Pulumi CLI: one stack, two explicit `svc.Provider`s (dev and prod,
 * each with its own key). Preview shows each resource's provider and target and no key; up puts each
 * resource in its provider's environment (a data source through each provider reads that environment);
 * refresh keeps the target; rotating a key updates the provider only and writes nothing; a baseUrl change
 * shows every resource of that provider (and only those) as a replace; destroy empties both environments.
 * Needs `npm run build` first.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEV_KEY, DEFAULT_PROD_KEY, type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import { repoRoot } from "../../testkit/harness/repo-root";
import { writes } from "../../testkit/programs/example-setup";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  isStateSecret,
  nameOf,
  PulumiStack,
  plaintextHits,
  resourceSteps,
  skipEngine,
  stateByName,
  stepOps,
} from "../../testkit/pulumi-cli";

const PROJECT_DIR = join(repoRoot(), "examples/environments");
const ENVS = ["dev", "prod"] as const;
type Env = (typeof ENVS)[number];
const KEYS: Record<Env, string> = { dev: DEFAULT_DEV_KEY, prod: DEFAULT_PROD_KEY };
const ROTATED_PROD_KEY = "emu_prod_key_rotated_5c1";
const SENDGRID = "SG.engine-env-providers-7d4";
const SECRETS = [KEYS.dev, KEYS.prod, ROTATED_PROD_KEY, SENDGRID];

let emu: Emulator;
let stack: PulumiStack;
let printed = "";

const envOf = (e: Env) => emu.keys.find((k) => k.apiKey === KEYS[e])!.environmentId;
const inEnv = (e: Env) => emu.integrations().filter((i) => i._environmentId === envOf(e));
const emailOf = (e: Env) => inEnv(e).find((i) => i.channel === "email");

/** The block of `pulumi preview --diff` text that describes the resource named `name`. */
function previewBlock(text: string, name: string): string {
  return text.split(/\n(?= {4}[+~-]+ \S+: \()/).find((b) => b.includes(`::${name}]`)) ?? "";
}

describe.skipIf(skipEngine("environments"))(
  "environments under the real Pulumi engine, two explicit providers in one stack",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator();
      stack = await PulumiStack.init({ projectDir: PROJECT_DIR, binDir: await ensurePulumiCli() });
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setConfig("svc-environments:devKey", KEYS.dev, { secret: true });
      await stack.setConfig("svc-environments:prodKey", KEYS.prod, { secret: true });
      await stack.setConfig("svc-environments:sendgridApiKey", SENDGRID, { secret: true });
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await stack?.remove();
      await emu?.close();
    });

    it("preview names each resource's provider and target, never a key, and writes nothing", async () => {
      emu.resetRequests();
      const { digest, stdout } = await stack.preview();
      expect(stepOps(digest)).toEqual(
        ENVS.flatMap((e) => [
          [e, "create"],
          [`${e}-chat`, "create"],
          [`${e}-email`, "create"],
        ]),
      );
      const text = (await stack.run(["preview", "--diff"], { client: true })).stdout;
      printed += stdout + text;
      for (const e of ENVS) {
        for (const r of [`${e}-email`, `${e}-chat`]) {
          const block = previewBlock(text, r);
          expect(block).toContain(
            `[provider=urn:pulumi:${stack.name}::svc-environments::pulumi:providers:pulumi-nodejs::${e}::`,
          );
          expect(block).toMatch(new RegExp(`environment: "${e}"`));
          expect(block).toContain(`baseUrl    : "${emu.url}"`);
        }
        expect(previewBlock(text, e)).toMatch(/svc:apiKey\s*: \[secret\]/);
      }
      expect(plaintextHits(printed, SECRETS)).toEqual({});
      expect(writes(emu)).toEqual([]);
    });

    it("up puts each resource in its provider's environment; a data source reads through each provider", async () => {
      printed += (await stack.up()).stdout;
      expect(envOf("dev")).not.toBe(envOf("prod"));
      for (const e of ENVS) {
        expect(
          inEnv(e)
            .map((i) => [i.channel, i.name])
            .sort(),
        ).toEqual([
          ["chat", `Team chat (${e})`],
          ["email", `Email (${e})`],
        ]);
      }
      expect([emailOf("dev")?.active, emailOf("prod")?.active]).toEqual([false, true]);
      const outputs = await stack.outputs();
      expect(outputs.dev).toMatchObject({ environmentId: envOf("dev"), activeChannels: ["chat"] });
      expect(outputs.prod).toMatchObject({
        environmentId: envOf("prod"),
        activeChannels: ["chat", "email"],
      });
      const state = await stack.exportStack();
      const providers = (state.deployment.resources ?? []).filter(
        (r) => r.type === "pulumi:providers:pulumi-nodejs",
      );
      expect(providers.map((p) => nameOf(p.urn)).sort()).toEqual(["dev", "prod"]);
      for (const p of providers) expect(isStateSecret(p.inputs?.["svc:apiKey"])).toBe(true);
      for (const [name, r] of stateByName(state)) {
        const env = name.split("-")[0];
        expect(r.inputs?.target).toEqual({ environment: env, baseUrl: emu.url });
        expect(r.outputs?.target).toEqual({ environment: env, baseUrl: emu.url });
        expect(r.provider).toContain(`pulumi:providers:pulumi-nodejs::${env}::`);
      }
      expect(plaintextHits(JSON.stringify(state) + printed, SECRETS)).toEqual({});
    });

    it("a no-op preview passes --expect-no-changes and writes nothing", async () => {
      emu.resetRequests();
      expect(stepOps((await stack.preview({ expectNoChanges: true })).digest)).toEqual([]);
      expect(writes(emu)).toEqual([]);
    });

    it("refresh reads each resource through its provider, keeps its target; up repairs the drift", async () => {
      const email = emailOf("prod")!;
      const client = new SvcClient({ apiKey: KEYS.prod, baseUrl: emu.url });
      try {
        await client.integrations.update(email._id!, { name: "renamed in the console" });
      } finally {
        await client.close();
      }
      printed += (await stack.refresh()).stdout;
      const refreshed = stateByName(await stack.exportStack()).get("prod-email");
      expect(refreshed?.outputs).toMatchObject({
        name: "renamed in the console",
        target: { environment: "prod", baseUrl: emu.url },
      });
      expect(stepOps((await stack.preview()).digest)).toEqual([["prod-email", "update"]]);
      printed += (await stack.up()).stdout;
      expect(emailOf("prod")?.name).toBe("Email (prod)");
      await stack.preview({ expectNoChanges: true });
    });

    it("rotating a provider's key updates that provider only: no replace, no write", async () => {
      const prod = emu.keys.find((k) => k.apiKey === KEYS.prod)!;
      emu.addKey({
        apiKey: ROTATED_PROD_KEY,
        organizationId: prod.organizationId,
        environmentId: prod.environmentId,
      });
      await stack.setConfig("svc-environments:prodKey", ROTATED_PROD_KEY, { secret: true });
      emu.resetRequests();
      const { digest, stdout } = await stack.preview();
      printed += stdout;
      expect(stepOps(digest)).toEqual([["prod", "update"]]);
      const before = JSON.stringify(emu.integrations());
      printed += (await stack.up()).stdout;
      expect(writes(emu)).toEqual([]);
      expect(JSON.stringify(emu.integrations())).toBe(before);
      await stack.preview({ expectNoChanges: true });
    });

    it("a provider's baseUrl change shows each of its resources, and only those, as a replace", async () => {
      const otherUrl = emu.url.replace("127.0.0.1", "localhost");
      expect(otherUrl).not.toBe(emu.url);
      await stack.setConfig("svc-environments:devBaseUrl", otherUrl);
      emu.resetRequests();
      const { digest } = await stack.preview();
      const opsOf = (name: string) =>
        resourceSteps(digest)
          .filter((s) => nameOf(s.urn) === name)
          .map((s) => s.op);
      expect(opsOf("dev")).toEqual(["update"]);
      for (const r of ["dev-email", "dev-chat"]) expect(opsOf(r)).toContain("replace");
      for (const r of ["prod", "prod-email", "prod-chat"]) expect(opsOf(r)).toEqual([]);
      const text = (await stack.run(["preview", "--diff"], { client: true })).stdout;
      printed += text;
      expect(previewBlock(text, "dev-email")).toContain(otherUrl);
      expect(writes(emu)).toEqual([]);
      await stack.removeConfig("svc-environments:devBaseUrl");
      await stack.preview({ expectNoChanges: true });
    });

    it("destroy empties both environments; no key or credential in plaintext anywhere", async () => {
      const exported = JSON.stringify(await stack.exportStack());
      printed += (await stack.destroy()).stdout;
      expect(emu.integrations()).toEqual([]);
      expect(plaintextHits(exported + printed, SECRETS)).toEqual({});
    });
  },
);
