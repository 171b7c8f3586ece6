/**
 * client.environmentVariables and client.environments.list against the emulator: create, get, list with
 * search, update (merged per environment), usage, delete of the key's value; the organization's
 * environments without any API key; bad input refused before any request.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  SvcClient,
  ValidationError,
} from "../../sdk";
import { failure } from "../../testkit/error-assertions";

const DEV = `sdk_ev_dev_${randomUUID()}`;
const PROD = `sdk_ev_prod_${randomUUID()}`;
let emu: Emulator;
let dev: SvcClient;
let prod: SvcClient;
let devEnv: string;
let prodEnv: string;

beforeAll(async () => {
  emu = await startEmulator({
    keys: [
      { apiKey: DEV, organizationId: "org-ev", environmentName: "Development" },
      { apiKey: PROD, organizationId: "org-ev", environmentName: "Production" },
    ],
  });
  devEnv = emu.keys[0]?.environmentId ?? "";
  prodEnv = emu.keys[1]?.environmentId ?? "";
  dev = new SvcClient({ apiKey: DEV, baseUrl: emu.url, baseRetryDelayMs: 5 });
  prod = new SvcClient({ apiKey: PROD, baseUrl: emu.url, baseRetryDelayMs: 5 });
});
afterAll(async () => {
  await dev.close();
  await prod.close();
  await emu.close();
});

describe("client.environmentVariables", () => {
  it("create, get, list, update, usage, delete", async () => {
    const made = await dev.environmentVariables.create({
      key: "API_BASE",
      values: [{ _environmentId: devEnv, value: "https://dev" }],
    });
    expect(made).toMatchObject({ key: "API_BASE", type: "string", isSecret: false });
    expect(await failure(prod.environmentVariables.create({ key: "API_BASE" }))).toBeInstanceOf(
      ConflictError,
    );
    await prod.environmentVariables.update("API_BASE", {
      values: [{ _environmentId: prodEnv, value: "https://prod" }],
    });
    expect((await dev.environmentVariables.get("API_BASE")).values).toEqual([
      { _environmentId: devEnv, value: "https://dev" },
    ]);
    expect((await prod.environmentVariables.list({ search: "api" })).map((v) => v.values[0]?.value)).toEqual([
      "https://prod",
    ]);
    expect((await dev.environmentVariables.usage("API_BASE")).workflows).toEqual([]);
    expect(await failure(dev.environmentVariables.update("API_BASE", { isSecret: true }))).toBeInstanceOf(
      PermissionDeniedError,
    );
    await prod.environmentVariables.delete("API_BASE");
    expect((await dev.environmentVariables.get("API_BASE")).values).toHaveLength(1);
    await dev.environmentVariables.delete("API_BASE");
    expect(await failure(dev.environmentVariables.get("API_BASE"))).toBeInstanceOf(NotFoundError);
  });

  it("refuses a bad key, a long value and the mask before any request", async () => {
    emu.resetRequests();
    const bad = await failure(dev.environmentVariables.create({ key: "9LIVES" }));
    expect(bad).toBeInstanceOf(ValidationError);
    expect(String(bad)).toContain("key");
    const mask = "\u2022".repeat(8);
    expect(
      await failure(
        dev.environmentVariables.create({ key: "S", values: [{ _environmentId: devEnv, value: mask }] }),
      ),
    ).toBeInstanceOf(ValidationError);
    expect(
      await failure(
        dev.environmentVariables.update("S", {
          values: [{ _environmentId: devEnv, value: "x".repeat(257) }],
        }),
      ),
    ).toBeInstanceOf(ValidationError);
    expect(emu.requests).toHaveLength(0);
  });

  it("the organization's limit is a BadRequestError", async () => {
    const small = await startEmulator({ keys: [{ apiKey: "ev_small" }], maxEnvironmentVariables: 1 });
    const c = new SvcClient({ apiKey: "ev_small", baseUrl: small.url, baseRetryDelayMs: 5 });
    try {
      await c.environmentVariables.create({ key: "ONE" });
      const over = await failure(c.environmentVariables.create({ key: "TWO" }));
      expect(over).toBeInstanceOf(BadRequestError);
      expect(String(over)).toContain("Environment variables limit exceeded");
    } finally {
      await c.close();
      await small.close();
    }
  });
});

describe("client.environments.list", () => {
  it("every environment of the organization, without API keys", async () => {
    const envs = await prod.environments.list();
    expect(envs.map((e) => e.name).sort()).toEqual(["Development", "Production"]);
    expect(JSON.stringify(envs)).not.toContain(PROD);
    expect(envs.find((e) => e.name === "Production")?._parentId).toBe(devEnv);
  });
});
