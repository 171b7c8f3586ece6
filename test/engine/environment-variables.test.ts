/**
 * svc.EnvironmentVariable under the real Pulumi CLI, examples/environment-variables: API_BASE (plain),
 * SIGNING_KEY (secret) and a workflow whose in-app step reads `{{env.API_BASE}}`, run
 * (1) on a development stack and a production stack: up of both, clean previews (no variables request), a
 * production-only value edit previews as that one change, destroy of production leaves development's values
 * and the records; (2) in one stack holding two svc.Providers: up, clean preview, destroy of everything.
 * No secret in plaintext in the state exports, the CLI output or the emulator's request log.
 * Needs `npm run build` first.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEV_KEY, DEFAULT_PROD_KEY, type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import { repoRoot } from "../../testkit/harness/repo-root";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  plaintextHits,
  skipEngine,
  stepOps,
} from "../../testkit/pulumi-cli";

const PROJECT_DIR = join(repoRoot(), "examples/environment-variables");
const SIGNING = { dev: "sk-dev-engine-7f3c1a", prod: "sk-prod-engine-9b2e4d" } as const;
const KEYS = { dev: DEFAULT_DEV_KEY, prod: DEFAULT_PROD_KEY } as const;
type Env = keyof typeof KEYS;

let emu: Emulator;
let binDir: string;
const clients = {} as Record<Env, SvcClient>;
let printed = "";

const envId = (e: Env) => emu.keys.find((k) => k.apiKey === KEYS[e])?.environmentId ?? "";
const valuesOf = async (e: Env, key: string) => (await clients[e].environmentVariables.get(key)).values;
const variableWrites = () =>
  emu.requests.filter((r) => r.path.startsWith("/v1/environment-variables") && r.method !== "GET");

describe.skipIf(skipEngine("environment-variables"))(
  "EnvironmentVariable under the real engine",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({ port: 0 });
      binDir = await ensurePulumiCli();
      for (const e of ["dev", "prod"] as const)
        clients[e] = new SvcClient({ apiKey: KEYS[e], baseUrl: emu.url });
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      for (const c of Object.values(clients)) await c.close();
      await emu?.close();
    });

    it("a development and a production stack share the records, each owning its values", async () => {
      const stacks = {} as Record<Env, PulumiStack>;
      try {
        for (const e of ["dev", "prod"] as const) {
          stacks[e] = await PulumiStack.init({ projectDir: PROJECT_DIR, binDir });
          await stacks[e].setConfig("svc:baseUrl", emu.url);
          await stacks[e].setConfig("svc:apiKey", KEYS[e], { secret: true });
          await stacks[e].setConfig("apiBase", `https://${e}.api.example.com`);
          await stacks[e].setConfig("signingKey", SIGNING[e], { secret: true });
        }
        for (const e of ["dev", "prod"] as const) printed += (await stacks[e].up()).stdout;
        expect(await valuesOf("dev", "API_BASE")).toEqual([
          { _environmentId: envId("dev"), value: "https://dev.api.example.com" },
        ]);
        expect(await valuesOf("prod", "API_BASE")).toEqual([
          { _environmentId: envId("prod"), value: "https://prod.api.example.com" },
        ]);
        expect((await valuesOf("prod", "SIGNING_KEY"))[0]?.value).toBe("\u2022".repeat(8));
        const wf = await clients.dev.workflows.get("order-shipped");
        expect(JSON.stringify(wf.steps)).toContain("{{env.API_BASE}}");

        emu.resetRequests();
        for (const e of ["dev", "prod"] as const) {
          const p = await stacks[e].preview({ expectNoChanges: true });
          printed += p.stdout;
        }
        // A no-op preview reads no variable (diff compares with state) and writes nothing.
        expect(emu.requests.filter((r) => r.path.startsWith("/v1/environment-variables"))).toEqual([]);
        expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);

        await stacks.prod.setConfig("apiBase", "https://prod2.api.example.com");
        const edit = await stacks.prod.preview();
        printed += edit.stdout;
        expect(stepOps(edit.digest).filter(([, op]) => op !== "same")).toEqual([["api-base", "update"]]);
        emu.resetRequests();
        printed += (await stacks.prod.up()).stdout;
        expect(variableWrites().map((r) => `${r.method} ${r.path}`)).toEqual([
          "PATCH /v1/environment-variables/API_BASE",
        ]);
        expect(await valuesOf("dev", "API_BASE")).toEqual([
          { _environmentId: envId("dev"), value: "https://dev.api.example.com" },
        ]);
        await stacks.dev.preview({ expectNoChanges: true });

        const states = JSON.stringify([await stacks.dev.exportStack(), await stacks.prod.exportStack()]);
        printed += (await stacks.prod.destroy()).stdout;
        expect(await valuesOf("prod", "API_BASE")).toEqual([]);
        expect(await valuesOf("dev", "API_BASE")).toEqual([
          { _environmentId: envId("dev"), value: "https://dev.api.example.com" },
        ]);
        expect((await valuesOf("dev", "SIGNING_KEY")).map((v) => v._environmentId)).toEqual([envId("dev")]);
        printed += (await stacks.dev.destroy()).stdout;
        await expect(clients.dev.environmentVariables.get("API_BASE")).rejects.toThrow(/not found/i);
        expect(
          plaintextHits(printed + states + JSON.stringify(emu.requests), Object.values(SIGNING)),
        ).toEqual({});
      } finally {
        for (const s of Object.values(stacks)) await s?.remove();
      }
    });

    it("one stack with two svc.Providers: up, a clean preview, destroy", async () => {
      const stack = await PulumiStack.init({ projectDir: PROJECT_DIR, binDir });
      try {
        await stack.setConfig("svc:baseUrl", emu.url);
        await stack.setConfig("twoProviders", "true");
        for (const e of ["dev", "prod"] as const) {
          await stack.setConfig(`${e}Key`, KEYS[e], { secret: true });
          await stack.setConfig(`${e}SigningKey`, SIGNING[e], { secret: true });
        }
        printed = (await stack.up()).stdout;
        const records = await clients.dev.environmentVariables.list();
        expect(records.map((r) => r.key).sort()).toEqual(["API_BASE", "SIGNING_KEY"]);
        expect(await valuesOf("prod", "API_BASE")).toEqual([
          { _environmentId: envId("prod"), value: "https://prod.api.example.com" },
        ]);
        const p = await stack.preview({ expectNoChanges: true });
        printed += p.stdout;
        const state = JSON.stringify(await stack.exportStack());
        printed += (await stack.destroy()).stdout;
        expect(await clients.dev.environmentVariables.list()).toEqual([]);
        expect(plaintextHits(printed + state + JSON.stringify(emu.requests), Object.values(SIGNING))).toEqual(
          {},
        );
      } finally {
        await stack.remove();
      }
    });
  },
);
