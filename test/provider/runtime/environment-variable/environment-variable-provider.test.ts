/**
 * The EnvironmentVariable provider called directly against the emulator, with the Development and
 * Production keys of one organization: each environment owns its value of the shared record; a value this
 * environment holds and the stack did not write is refused unless `adopt`; `isSecret` and `type` of an
 * existing record refused before any write; destroy removes only its value and warns when workflows read
 * it; the organization's limit in one line; refresh keeps a secret's declared value; a no-op diff sends
 * nothing; bad input refused by check.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_DEV_KEY, DEFAULT_PROD_KEY, type Emulator, startEmulator } from "../../../../emulator";
import type {
  EnvironmentVariableInputs,
  EnvironmentVariableOutputs,
} from "../../../../provider/model/environment-variable-schema";
import { EnvironmentVariableProvider } from "../../../../provider/runtime/environment-variable/provider";
import type { EngineLog } from "../../../../provider/runtime/shared/engine-log";
import { call } from "../../../../testkit/emulator-http";
import { failure } from "../../../../testkit/error-assertions";

let emu: Emulator;
const closers: (() => Promise<void>)[] = [];
beforeEach(async () => {
  emu = await startEmulator({ port: 0 });
});
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
  await emu.close();
});

const warnings: string[] = [];
const infos: string[] = [];
const log: EngineLog = {
  status: () => {},
  info: async (m) => {
    infos.push(m);
  },
  warn: async (m) => {
    warnings.push(m);
  },
};

function provider(apiKey: string, listTtlMs = 0): EnvironmentVariableProvider {
  const p = new EnvironmentVariableProvider({ settings: { apiKey, baseUrl: emu.url }, log, listTtlMs });
  closers.push(() => p.session.client().close());
  return p;
}

const raw = (key: string, name: string) => call(emu, "GET", `/v1/environment-variables/${name}`, { key });
const envId = (i: number) => emu.keys[i]?.environmentId ?? "";

describe("EnvironmentVariable provider", () => {
  it("development creates the record, production writes its value into it; destroy of production leaves development's", async () => {
    const dev = provider(DEFAULT_DEV_KEY);
    const prod = provider(DEFAULT_PROD_KEY);
    const d = await dev.create({ key: "API_BASE", value: "https://dev" });
    const p = await prod.create({ key: "API_BASE", value: "https://prod" });
    expect(p.outs?.variableId).toBe(d.outs?.variableId);
    expect(d.outs).toMatchObject({ key: "API_BASE", value: "https://dev", isSecret: false, type: "string" });
    expect((await raw(DEFAULT_DEV_KEY, "API_BASE")).body.data.values).toEqual([
      { _environmentId: envId(0), value: "https://dev" },
    ]);
    const updated = await prod.update("API_BASE", p.outs as EnvironmentVariableOutputs, {
      key: "API_BASE",
      value: "https://prod2",
    });
    expect(updated.outs?.value).toBe("https://prod2");
    await prod.delete("API_BASE", updated.outs as EnvironmentVariableOutputs);
    expect((await raw(DEFAULT_DEV_KEY, "API_BASE")).body.data.values[0].value).toBe("https://dev");
    expect((await raw(DEFAULT_PROD_KEY, "API_BASE")).body.data.values).toEqual([]);
    await dev.delete("API_BASE", d.outs as EnvironmentVariableOutputs);
    expect((await raw(DEFAULT_DEV_KEY, "API_BASE")).status).toBe(404);
  });

  it("a value this environment already holds is taken over only with adopt", async () => {
    await call(emu, "POST", "/v1/environment-variables", {
      key: DEFAULT_DEV_KEY,
      body: { key: "FROM_DASHBOARD", values: [{ _environmentId: envId(0), value: "theirs" }] },
    });
    const dev = provider(DEFAULT_DEV_KEY);
    const refused = await failure(dev.create({ key: "FROM_DASHBOARD", value: "ours" }));
    expect(String(refused)).toContain(
      'environment variable "FROM_DASHBOARD" already has a value in environment Development',
    );
    expect(String(refused)).toContain("adopt: true");
    expect((await raw(DEFAULT_DEV_KEY, "FROM_DASHBOARD")).body.data.values[0].value).toBe("theirs");
    const taken = await dev.create({ key: "FROM_DASHBOARD", value: "ours", adopt: true });
    expect(taken.outs).toMatchObject({ value: "ours", adopt: true });
    expect((await raw(DEFAULT_DEV_KEY, "FROM_DASHBOARD")).body.data.values[0].value).toBe("ours");
  });

  it("isSecret or type of an existing record: refused before any write, naming the other environments", async () => {
    const dev = provider(DEFAULT_DEV_KEY);
    const prod = provider(DEFAULT_PROD_KEY);
    const d = await dev.create({ key: "SIGNING_KEY", value: "s1", isSecret: true });
    const outs = d.outs as EnvironmentVariableOutputs;
    emu.resetRequests();
    const diffRefused = await failure(
      dev.diff("SIGNING_KEY", outs, { key: "SIGNING_KEY", value: "s1", isSecret: false }),
    );
    expect(String(diffRefused)).toContain("isSecret belongs to the record shared by every environment");
    expect(String(diffRefused)).toContain("Production");
    expect(String(diffRefused)).not.toContain("s1");
    expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);
    // Production declares it plain: the record is secret, so production's create is refused too.
    const prodRefused = await failure(prod.create({ key: "SIGNING_KEY", value: "p1" }));
    expect(String(prodRefused)).toContain("isSecret");
    expect((await raw(DEFAULT_PROD_KEY, "SIGNING_KEY")).body.data.values).toEqual([]);
    // The record gone (deleted elsewhere): the change is a replace.
    await call(emu, "DELETE", "/v1/environment-variables/SIGNING_KEY", { key: DEFAULT_DEV_KEY });
    const fine = await dev.diff("SIGNING_KEY", outs, { key: "SIGNING_KEY", value: "s1", isSecret: false });
    expect(fine).toMatchObject({ changes: true, replaces: ["isSecret"], deleteBeforeReplace: true });
  });

  it("a no-op diff sends nothing; a value edit is an update", async () => {
    const dev = provider(DEFAULT_DEV_KEY);
    const d = await dev.create({ key: "A", value: "1" });
    const outs = d.outs as EnvironmentVariableOutputs;
    emu.resetRequests();
    expect((await dev.diff("A", outs, { key: "A", value: "1" })).changes).toBe(false);
    expect(await dev.diff("A", outs, { key: "A", value: "2" })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect(emu.requests).toHaveLength(0);
  });

  it("refresh: one list for many reads; a secret keeps its declared value; a value gone reads as {}", async () => {
    const dev = provider(DEFAULT_DEV_KEY, 2_000);
    const made: EnvironmentVariableOutputs[] = [];
    for (const [key, value, isSecret] of [
      ["P1", "a", false],
      ["P2", "b", false],
      ["S1", "secret-value", true],
    ] as const)
      made.push(
        (await dev.create({ key, value, isSecret } as EnvironmentVariableInputs))
          .outs as EnvironmentVariableOutputs,
      );
    emu.resetRequests();
    infos.length = 0;
    const reads = await Promise.all(made.map((o) => dev.read(o.key, o)));
    expect(emu.requests.filter((r) => r.path.startsWith("/v1/environment-variables"))).toHaveLength(1);
    expect(reads[2]?.props).toMatchObject({ value: "secret-value", isSecret: true });
    // The limit is said, never silent: one line for the secret, naming it, without its value.
    expect(infos).toHaveLength(1);
    expect(infos[0]).toMatch(
      /environment variable "S1" is secret: .* masked, so a refresh cannot see a change/,
    );
    expect(infos[0]).not.toContain("secret-value");
    expect(reads[2]?.inputs).toMatchObject({ key: "S1", value: "secret-value", isSecret: true });
    await call(emu, "PATCH", "/v1/environment-variables/P1", {
      key: DEFAULT_DEV_KEY,
      body: { values: [{ _environmentId: envId(0), value: "edited" }] },
    });
    await call(emu, "DELETE", "/v1/environment-variables/P2", { key: DEFAULT_DEV_KEY });
    const fresh = provider(DEFAULT_DEV_KEY);
    expect((await fresh.read("P1", made[0])).props?.value).toBe("edited");
    expect(await fresh.read("P2", made[1])).toEqual({});
  });

  it("destroy warns with the workflows that read the variable", async () => {
    warnings.length = 0;
    const dev = provider(DEFAULT_DEV_KEY);
    const d = await dev.create({ key: "API_BASE", value: "x" });
    await call(emu, "POST", "/v2/workflows", {
      key: DEFAULT_PROD_KEY,
      body: {
        workflowId: "welcome",
        name: "Welcome",
        steps: [{ name: "In app", type: "in_app", controlValues: { body: "{{env.API_BASE}}/a" } }],
      },
    });
    await dev.delete("API_BASE", d.outs as EnvironmentVariableOutputs);
    expect(warnings).toEqual([
      'environment variable "API_BASE" is read by workflow welcome (`{{env.API_BASE}}`): without a value in environment Development they render it empty.',
    ]);
  });

  it("the organization's limit is one line naming it", async () => {
    const small = await startEmulator({ port: 0, maxEnvironmentVariables: 1 });
    const p = new EnvironmentVariableProvider({
      settings: { apiKey: small.apiKey, baseUrl: small.url },
      log,
    });
    try {
      await p.create({ key: "ONE", value: "1" });
      const over = String(await failure(p.create({ key: "TWO", value: "2" })));
      expect(over).toContain("the organization's limit of environment variables is reached");
      expect(over).toContain("Maximum allowed variables is 1");
      expect(over.split("\n")).toHaveLength(1);
    } finally {
      await p.session.client().close();
      await small.close();
    }
  });

  it("a secret adopted with no value keeps what the environment holds: no write, a clean diff, refresh stays; none held fails before any write", async () => {
    await call(emu, "POST", "/v1/environment-variables", {
      key: DEFAULT_DEV_KEY,
      body: { key: "SIGNING", isSecret: true, values: [{ _environmentId: envId(0), value: "held-secret" }] },
    });
    const dev = provider(DEFAULT_DEV_KEY);
    const kept = { key: "SIGNING", isSecret: true, adopt: true } as EnvironmentVariableInputs;
    expect((await dev.check({}, kept)).failures).toEqual([]);
    emu.resetRequests();
    const made = await dev.create(kept);
    expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);
    const outs = made.outs as EnvironmentVariableOutputs;
    expect(outs).toMatchObject({ key: "SIGNING", isSecret: true, adopt: true });
    expect(outs).not.toHaveProperty("value");
    expect((await dev.diff("SIGNING", outs, kept)).changes).toBe(false);
    const refreshed = await dev.read("SIGNING", outs);
    expect(refreshed.props).not.toHaveProperty("value");
    expect(JSON.stringify(refreshed)).not.toContain("\u2022");
    // A value declared later (the config set) is one PATCH; left out again, nothing is sent.
    expect((await dev.diff("SIGNING", outs, { ...kept, value: "new-secret" })).changes).toBe(true);
    const updated = await dev.update("SIGNING", outs, { ...kept, value: "new-secret" });
    expect(updated.outs?.value).toBe("new-secret");
    emu.resetRequests();
    await dev.update("SIGNING", updated.outs as EnvironmentVariableOutputs, kept);
    expect(emu.requests).toEqual([]);
    // Production holds none: nothing to keep, nothing written.
    const prod = provider(DEFAULT_PROD_KEY);
    emu.resetRequests();
    const refused = await failure(prod.create(kept));
    expect(String(refused)).toContain(
      'environment variable "SIGNING" has no value in environment Production to adopt',
    );
    expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);
    const none = await failure(
      prod.create({ key: "NEW_ONE", isSecret: true, adopt: true } as EnvironmentVariableInputs),
    );
    expect(String(none)).toContain('"NEW_ONE" has no value in environment Production');
  });

  it("check requires a value except on a secret with adopt", async () => {
    const dev = provider(DEFAULT_DEV_KEY);
    for (const news of [{ key: "K" }, { key: "K", adopt: true }, { key: "K", isSecret: true }]) {
      const out = await dev.check({}, news);
      expect(out.failures?.map((f) => f.property)).toEqual(["value"]);
      expect(out.failures?.[0]?.reason).toContain("isSecret: true and adopt: true");
    }
  });

  it("check refuses the key pattern, lengths and the mask, without echoing the value", async () => {
    const dev = provider(DEFAULT_DEV_KEY);
    const bad = await dev.check({}, { key: "9-LIVES", value: "\u2022".repeat(8) });
    expect(bad.failures?.map((f) => f.property).sort()).toEqual(["key", "value"]);
    const long = await dev.check({}, { key: "K", value: "v".repeat(257) });
    expect(long.failures?.[0]?.reason).toContain("at most 256");
    expect(JSON.stringify(long.failures)).not.toContain("vvvv");
  });
});
