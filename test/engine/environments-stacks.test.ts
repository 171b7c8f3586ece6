/**
 * examples/environments-stacks through the real Pulumi CLI: two stacks of one project (settings from the shipped
 * Pulumi.dev.yaml / Pulumi.prod.yaml, each with its own key), preview, up, no-op preview, an in-place edit of
 * prod only, refresh after an out-of-band change in dev and an up that repairs it, destroy of both. (This
 * program has no input a config change could make replace: quickstart.test.ts covers replacement.)
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
  PulumiStack,
  plaintextHits,
  skipEngine,
  stateByName,
  stepOps,
} from "../../testkit/pulumi-cli";

const PROJECT_DIR = join(repoRoot(), "examples/environments-stacks");
const STACKS = ["dev", "prod"] as const;
type Stack = (typeof STACKS)[number];
const KEYS: Record<Stack, string> = { dev: DEFAULT_DEV_KEY, prod: DEFAULT_PROD_KEY };
const SENDGRID: Record<Stack, string> = { dev: "SG.engine-env-dev-6a1", prod: "SG.engine-env-prod-2b9" };

let emu: Emulator;
const stacks = {} as Record<Stack, PulumiStack>;
let printed = "";

const envOf = (s: Stack) => emu.keys.find((k) => k.apiKey === KEYS[s])!.environmentId;
const inEnv = (s: Stack) => emu.integrations().filter((i) => i._environmentId === envOf(s));
const emailOf = (s: Stack) => inEnv(s).find((i) => i.channel === "email");

describe.skipIf(skipEngine("environments-stacks"))(
  "environments under the real Pulumi engine, two stacks",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator();
      const binDir = await ensurePulumiCli();
      for (const s of STACKS) {
        // The shipped settings file of the stack, under a throwaway stack name.
        stacks[s] = await PulumiStack.init({
          projectDir: PROJECT_DIR,
          binDir,
          configFrom: join(PROJECT_DIR, `Pulumi.${s}.yaml`),
        });
        await stacks[s].setConfig("svc:baseUrl", emu.url);
        await stacks[s].setConfig("svc:apiKey", KEYS[s], { secret: true });
        await stacks[s].setConfig("svc-environments-stacks:sendgridApiKey", SENDGRID[s], { secret: true });
      }
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      for (const s of STACKS) await stacks[s]?.remove();
      await emu?.close();
    });

    it("preview of each stack plans two creates and writes nothing", async () => {
      emu.resetRequests();
      for (const s of STACKS) {
        const { digest, stdout } = await stacks[s].preview();
        printed += stdout;
        expect(stepOps(digest)).toEqual([
          ["chat", "create"],
          ["email", "create"],
        ]);
      }
      expect(writes(emu)).toEqual([]);
    });

    it("up of each stack lands in its key's environment with its own settings", async () => {
      for (const s of STACKS) printed += (await stacks[s].up()).stdout;
      expect(envOf("dev")).not.toBe(envOf("prod"));
      for (const s of STACKS) {
        expect(
          inEnv(s)
            .map((i) => [i.channel, i.name])
            .sort(),
        ).toEqual([
          ["chat", `Team chat (${stacks[s].name})`],
          ["email", `Email (${stacks[s].name})`],
        ]);
        expect((await stacks[s].outputs()).environmentId).toBe(envOf(s));
      }
      expect([emailOf("dev")?.active, emailOf("prod")?.active]).toEqual([false, true]);
      expect(emailOf("dev")?.credentials).toMatchObject({
        from: "dev-noreply@example.com",
        apiKey: SENDGRID.dev,
      });
      expect(emailOf("prod")?.credentials).toMatchObject({
        from: "noreply@example.com",
        apiKey: SENDGRID.prod,
      });
    });

    it("a no-op preview of each stack passes --expect-no-changes", async () => {
      emu.resetRequests();
      for (const s of STACKS)
        expect(stepOps((await stacks[s].preview({ expectNoChanges: true })).digest)).toEqual([]);
      expect(writes(emu)).toEqual([]);
    });

    it("an edit to prod's settings updates prod only", async () => {
      const devBefore = JSON.stringify(inEnv("dev"));
      await stacks.prod.setConfig("svc-environments-stacks:activateEmail", "false");
      expect(stepOps((await stacks.prod.preview()).digest)).toEqual([["email", "update"]]);
      printed += (await stacks.prod.up()).stdout;
      expect(emailOf("prod")?.active).toBe(false);
      expect(JSON.stringify(inEnv("dev"))).toBe(devBefore);
    });

    it("refresh after an out-of-band edit in dev shows the drift; up puts the declared value back", async () => {
      const email = emailOf("dev")!;
      const client = new SvcClient({ apiKey: KEYS.dev, baseUrl: emu.url });
      try {
        await client.integrations.update(email._id!, { name: "renamed in the console", active: true });
      } finally {
        await client.close();
      }
      printed += (await stacks.dev.refresh()).stdout;
      const refreshed = stateByName(await stacks.dev.exportStack()).get("email");
      expect(refreshed?.outputs).toMatchObject({ name: "renamed in the console", active: true });
      expect(stepOps((await stacks.dev.preview()).digest)).toEqual([["email", "update"]]);
      printed += (await stacks.dev.up()).stdout;
      expect(emailOf("dev")).toMatchObject({ name: `Email (${stacks.dev.name})`, active: false });
      await stacks.dev.preview({ expectNoChanges: true });
    });

    it("destroy of both stacks leaves the service empty; no key or credential in plaintext", async () => {
      const secrets = [KEYS.dev, KEYS.prod, SENDGRID.dev, SENDGRID.prod];
      let exported = "";
      for (const s of STACKS) exported += JSON.stringify(await stacks[s].exportStack());
      expect(plaintextHits(exported + printed, secrets)).toEqual({});
      for (const s of STACKS) printed += (await stacks[s].destroy()).stdout;
      expect(emu.integrations()).toEqual([]);
      expect(plaintextHits(printed, secrets)).toEqual({});
    });
  },
);
