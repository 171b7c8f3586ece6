import { Novu } from "@novu/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError } from "../../testkit/emulator-http";

/**
 * `/v1/environment-variables` and `GET /v1/environments` over raw HTTP, each behaviour as Novu's
 * environment-variables and environments-v1 sources have it (paths in emulator/routes/environment-variables.ts
 * and emulator/routes/environments.ts), and the official client (@novu/api) parsing every answer.
 */

const MASK = "\u2022".repeat(8);

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ keys: [] });
});
afterAll(() => emu.close());

let orgs = 0;
/** A fresh organization with a Development and a Production key. */
function freshOrg(): { dev: string; prod: string; devEnv: string; prodEnv: string } {
  orgs += 1;
  const tag = `${orgs}_${Date.now()}`;
  const d = emu.addKey({ apiKey: `ev_dev_${tag}`, environmentName: "Development" });
  const p = emu.addKey({
    apiKey: `ev_prod_${tag}`,
    organizationId: d.organizationId,
    environmentName: "Production",
  });
  return { dev: d.apiKey, prod: p.apiKey, devEnv: d.environmentId, prodEnv: p.environmentId };
}

const BASE = "/v1/environment-variables";
const create = (key: string, body: unknown) => call(emu, "POST", BASE, { key, body });
const patch = (key: string, name: string, body: unknown) =>
  call(emu, "PATCH", `${BASE}/${name}`, { key, body });
const get = (key: string, name: string) => call(emu, "GET", `${BASE}/${name}`, { key });
const del = (key: string, name: string) => call(emu, "DELETE", `${BASE}/${name}`, { key });

describe("POST /v1/environment-variables", () => {
  it("creates with 200: type string and isSecret false by default, the key's value", async () => {
    const o = freshOrg();
    const made = await create(o.dev, { key: "API_BASE", values: [{ _environmentId: o.devEnv, value: "x" }] });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      key: "API_BASE",
      type: "string",
      isSecret: false,
      values: [{ _environmentId: o.devEnv, value: "x" }],
    });
    expect(made.body.data._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it("a value for another environment is 403; the same key again 409", async () => {
    const o = freshOrg();
    const cross = expectError(
      await create(o.dev, { key: "K", values: [{ _environmentId: o.prodEnv, value: "p" }] }),
      403,
    );
    expect(cross.message).toContain("is scoped to a single environment");
    expect((await create(o.dev, { key: "K" })).status).toBe(200);
    const dup = expectError(await create(o.prod, { key: "K" }), 409);
    expect(dup.message).toBe('Environment variable with key "K" already exists');
  });

  it("refuses a bad key, a long key or value, a type other than string, the mask as a value", async () => {
    const o = freshOrg();
    const bad = expectError(await create(o.dev, { key: "1BAD-KEY" }), 400);
    expect(bad.message).toContain(
      "Key must start with a letter and contain only letters, digits, and underscores",
    );
    expect(expectError(await create(o.dev, { key: `A${"b".repeat(256)}` }), 400).message).toContain(
      "key must be shorter than or equal to 256 characters",
    );
    const long = await create(o.dev, {
      key: "V",
      values: [{ _environmentId: o.devEnv, value: "v".repeat(257) }],
    });
    expect(expectError(long, 400).message).toContain(
      "values.0.value must be shorter than or equal to 256 characters",
    );
    expect(
      (await create(o.dev, { key: "V2", values: [{ _environmentId: o.devEnv, value: "v".repeat(256) }] }))
        .status,
    ).toBe(200);
    expect(expectError(await create(o.dev, { key: "T", type: "number" }), 400).message).toContain(
      "type must be one of the following values: string",
    );
    const masked = await create(o.dev, {
      key: "M",
      isSecret: true,
      values: [{ _environmentId: o.devEnv, value: MASK }],
    });
    expect(expectError(masked, 400).message).toContain("secret mask placeholder");
    expect((await get(o.dev, "M")).status).toBe(404);
  });

  it("the organization's limit (10) comes before the 409", async () => {
    const o = freshOrg();
    for (let i = 0; i < 10; i++) {
      const [key, env] = i % 2 ? [o.dev, o.devEnv] : [o.prod, o.prodEnv];
      const made = await create(key, { key: `K${i}`, values: [{ _environmentId: env, value: "v" }] });
      expect(made.status).toBe(200);
    }
    const over = expectError(await create(o.prod, { key: "K0" }), 400);
    expect(over.message).toBe("Environment variables limit exceeded. Maximum allowed variables is 10.");
    expect(over).toMatchObject({ currentCount: 10, limit: 10 });
    expect((await del(o.prod, "K0")).status).toBe(204);
    expect((await create(o.prod, { key: "K10" })).status).toBe(200);
    // A record created without values holds none: an API key cannot delete it (404, no value of its own).
    expect(expectError(await del(o.prod, "K10"), 404).message).toContain(
      "has no value for the authenticated environment",
    );
  });
});

describe("reads", () => {
  it("show only the key's environment's value; a record without one lists with values: []", async () => {
    const o = freshOrg();
    await create(o.dev, { key: "SHARED", values: [{ _environmentId: o.devEnv, value: "d" }] });
    await patch(o.prod, "SHARED", { values: [{ _environmentId: o.prodEnv, value: "p" }] });
    expect((await get(o.dev, "SHARED")).body.data.values).toEqual([{ _environmentId: o.devEnv, value: "d" }]);
    expect((await get(o.prod, "SHARED")).body.data.values).toEqual([
      { _environmentId: o.prodEnv, value: "p" },
    ]);
    await create(o.dev, { key: "DEV_ONLY", values: [{ _environmentId: o.devEnv, value: "d" }] });
    const listed = await call(emu, "GET", BASE, { key: o.prod });
    expect(listed.body.data.map((r: { key: string }) => r.key)).toEqual(["DEV_ONLY", "SHARED"]);
    expect(listed.body.data[0].values).toEqual([]);
    expect(expectError(await get(o.dev, "NOPE"), 404).message).toBe(
      'Environment variable with key "NOPE" not found',
    );
  });

  it("search: a case-insensitive substring of the key, newest first", async () => {
    const o = freshOrg();
    for (const key of ["API_BASE", "API_KEY", "OTHER"]) await create(o.dev, { key });
    const found = await call(emu, "GET", `${BASE}?search=api_`, { key: o.dev });
    expect(found.body.data.map((r: { key: string }) => r.key)).toEqual(["API_KEY", "API_BASE"]);
  });

  it("a secret value reads back masked (eight U+2022)", async () => {
    const o = freshOrg();
    const made = await create(o.dev, {
      key: "SIGNING_KEY",
      isSecret: true,
      values: [{ _environmentId: o.devEnv, value: "s3cret" }],
    });
    expect(made.body.data.values).toEqual([{ _environmentId: o.devEnv, value: MASK }]);
    expect((await get(o.dev, "SIGNING_KEY")).body.data.values[0].value).toBe(MASK);
    expect(JSON.stringify((await call(emu, "GET", BASE, { key: o.dev })).body)).not.toContain("s3cret");
  });
});

describe("PATCH /v1/environment-variables/{key}", () => {
  it("merges values per environment: the sibling's value stays", async () => {
    const o = freshOrg();
    await create(o.dev, { key: "API_BASE", values: [{ _environmentId: o.devEnv, value: "d1" }] });
    await patch(o.prod, "API_BASE", { values: [{ _environmentId: o.prodEnv, value: "p1" }] });
    const changed = await patch(o.prod, "API_BASE", { values: [{ _environmentId: o.prodEnv, value: "p2" }] });
    expect(changed.status).toBe(200);
    expect(changed.body.data.values).toEqual([{ _environmentId: o.prodEnv, value: "p2" }]);
    expect((await get(o.dev, "API_BASE")).body.data.values).toEqual([
      { _environmentId: o.devEnv, value: "d1" },
    ]);
  });

  it("403 for another environment's value and for key, type or isSecret; 400 for the mask and an empty body; 404 unknown", async () => {
    const o = freshOrg();
    await create(o.dev, { key: "K", values: [{ _environmentId: o.devEnv, value: "d" }] });
    expect(
      expectError(await patch(o.dev, "K", { values: [{ _environmentId: o.prodEnv, value: "x" }] }), 403)
        .message,
    ).toContain("is scoped to a single environment");
    for (const body of [{ key: "K2" }, { isSecret: true }, { type: "string" }])
      expect(expectError(await patch(o.dev, "K", body), 403).message).toContain(
        "cannot update shared environment variable metadata",
      );
    expect(
      expectError(await patch(o.dev, "K", { values: [{ _environmentId: o.devEnv, value: MASK }] }), 400)
        .message,
    ).toContain("secret mask placeholder");
    expect(expectError(await patch(o.dev, "K", {}), 400).message).toBe(
      "At least one field must be provided to update",
    );
    expect(expectError(await patch(o.dev, "NOPE", { values: [] }), 404).message).toBe(
      'Environment variable with key "NOPE" not found',
    );
    expect((await get(o.dev, "K")).body.data.values).toEqual([{ _environmentId: o.devEnv, value: "d" }]);
  });
});

describe("DELETE /v1/environment-variables/{key}", () => {
  it("removes the key's environment's value; the record goes with the last value; 404 without a value", async () => {
    const o = freshOrg();
    await create(o.dev, { key: "K", values: [{ _environmentId: o.devEnv, value: "d" }] });
    await patch(o.prod, "K", { values: [{ _environmentId: o.prodEnv, value: "p" }] });
    const gone = await del(o.prod, "K");
    expect(gone.status).toBe(204);
    expect(gone.body).toBeUndefined();
    expect((await get(o.dev, "K")).body.data.values).toEqual([{ _environmentId: o.devEnv, value: "d" }]);
    expect(expectError(await del(o.prod, "K"), 404).message).toBe(
      'Environment variable with key "K" has no value for the authenticated environment',
    );
    expect((await del(o.dev, "K")).status).toBe(204);
    expect((await get(o.prod, "K")).status).toBe(404);
  });
});

describe("GET /v1/environment-variables/{key}/usage", () => {
  it("names the workflows of every environment whose step controls hold env.KEY as a whole word", async () => {
    const o = freshOrg();
    await create(o.dev, { key: "API_BASE" });
    const wf = (key: string, workflowId: string, body: string) =>
      call(emu, "POST", "/v2/workflows", {
        key,
        body: {
          workflowId,
          name: workflowId,
          steps: [{ name: "In app", type: "in_app", controlValues: { body } }],
        },
      });
    await wf(o.dev, "uses-it", "Go to {{env.API_BASE}}/x");
    await wf(o.prod, "uses-it-prod", "{{ env.API_BASE }}");
    await wf(o.dev, "longer-key", "{{env.API_BASE_URL}}");
    await wf(o.dev, "none", "plain");
    const used = await call(emu, "GET", `${BASE}/API_BASE/usage`, { key: o.dev });
    expect(used.status).toBe(200);
    expect(used.body.data.workflows.map((w: { workflowId: string }) => w.workflowId).sort()).toEqual([
      "uses-it",
      "uses-it-prod",
    ]);
    expect(used.body.data.workflows[0]).toHaveProperty("name");
    expect((await call(emu, "GET", `${BASE}/NOPE/usage`, { key: o.dev })).status).toBe(404);
  });
});

describe("GET /v1/environments", () => {
  it("lists every environment of the organization; API keys of the key's environment only", async () => {
    const o = freshOrg();
    const listed = await call(emu, "GET", "/v1/environments", { key: o.prod });
    expect(listed.status).toBe(200);
    const byName = Object.fromEntries(listed.body.data.map((e: { name: string }) => [e.name, e]));
    expect(byName["Development"]).toMatchObject({ _id: o.devEnv, apiKeys: [] });
    expect(byName["Production"]).toMatchObject({ _id: o.prodEnv, _parentId: o.devEnv });
    expect(byName["Production"].apiKeys).toEqual([expect.objectContaining({ key: o.prod })]);
    expect(listed.body.data).toHaveLength(2);
  });
});

describe("the emulator's options", () => {
  it("maxEnvironmentVariables sets the organization's limit; --data keeps the records across a restart", async () => {
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dataFile = join(mkdtempSync(join(tmpdir(), "ev-")), "state.json");
    const keys = [{ apiKey: "persist_dev" }];
    const small = await startEmulator({ keys, dataFile, maxEnvironmentVariables: 1 });
    expect(
      (
        await call(small, "POST", BASE, {
          key: "persist_dev",
          body: {
            key: "ONE",
            isSecret: true,
            values: [{ _environmentId: small.keys[0]?.environmentId, value: "s" }],
          },
        })
      ).status,
    ).toBe(200);
    expect(
      expectError(await call(small, "POST", BASE, { key: "persist_dev", body: { key: "TWO" } }), 400).limit,
    ).toBe(1);
    await small.close();
    const again = await startEmulator({ keys, dataFile });
    try {
      const read = await call(again, "GET", `${BASE}/ONE`, { key: "persist_dev" });
      expect(read.body.data).toMatchObject({ key: "ONE", isSecret: true, values: [{ value: MASK }] });
    } finally {
      await again.close();
    }
  });
});

describe("the official client (@novu/api) parses every answer", () => {
  it("create, retrieve, list, update, usage, delete, environments.list", async () => {
    const o = freshOrg();
    const novu = new Novu({ serverURL: emu.url, secretKey: o.dev });
    const made = await novu.environmentVariables.create({
      key: "API_BASE",
      isSecret: true,
      values: [{ environmentId: o.devEnv, value: "https://x" }],
    });
    expect(made.result).toMatchObject({ key: "API_BASE", isSecret: true, type: "string" });
    expect((await novu.environmentVariables.retrieve("API_BASE")).result.values[0]?.value).toBe(MASK);
    expect((await novu.environmentVariables.list("API")).result).toHaveLength(1);
    const updated = await novu.environmentVariables.update(
      { values: [{ environmentId: o.devEnv, value: "https://y" }] },
      "API_BASE",
    );
    expect(updated.result.values).toHaveLength(1);
    expect((await novu.environmentVariables.usage("API_BASE")).result.workflows).toEqual([]);
    await novu.environmentVariables.delete("API_BASE");
    const envs = await novu.environments.list();
    expect(envs.result.map((e) => e.name).sort()).toEqual(["Development", "Production"]);
  });
});
