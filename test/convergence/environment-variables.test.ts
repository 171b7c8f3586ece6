/**
 * Environment variables in the convergence suite, without the CLI: the generator's riders (a sequence of
 * their own: the rest of each seed's script is unchanged; programs a user may write, within the
 * organization's limit of 10 records across every `up`), the two renderings (the production environment's
 * `svc.Provider`), and the oracle's rules (testkit/convergence/environment-variable-oracle.ts) on what a real
 * emulator stores, written and read over raw HTTP with each environment's API key: it must fail on what the
 * contract forbids (a write skipped, a value left as the dashboard edited it, a secret's edit that is not the
 * documented limit, a value nobody declares, the application's value changed or removed, the record's
 * `isSecret` not the declared one) and pass on what it allows (the dashboard's secret edit the program did
 * not write over, the application's production value of a development-only key left with its record).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  applyEdit,
  checkForeignVariables,
  checkVariables,
  driftStillApplying,
  environmentKeys,
  generateScript,
  type ProgramModel,
  readVariables,
  renderProgram,
  renderYamlProgram,
  type Script,
  type SecretDrift,
  type StackView,
  secretsOf,
  type VariableContext,
} from "../../testkit/convergence";
import { keyedAdoptRemedy } from "../../testkit/convergence/adopt-remedy";
import {
  declaredKeys,
  FOREIGN_VARIABLES,
  isVariableEdit,
  isVariableOob,
  MAX_FOREIGN_RECORDS,
  VARIABLE_LIMIT,
  type VariableEnvironment,
  variableAdoptRemedy,
  variablesValid,
} from "../../testkit/convergence/environment-variable-model";
import {
  createForeignVariables,
  writeApplicationVariable,
} from "../../testkit/convergence/environment-variable-oob";
import { call } from "../../testkit/emulator-http";

const SEEDS = Array.from({ length: 40 }, (_, n) => n + 1);

const isRider = (s: Script["steps"][number]) =>
  (s.op === "edit" && isVariableEdit(s.edit)) || (s.op === "oob" && isVariableOob(s.action));

/** The models a script holds at each `up` or `destroy`, with the keys declared since the one before. */
function keysPerUp(s: Script): string[][] {
  const out: string[][] = [];
  let m = s.initial;
  let keys = new Set(declaredKeys(m));
  for (const st of s.steps) {
    if (st.op === "edit") {
      m = applyEdit(m, st.edit) ?? m;
      for (const k of declaredKeys(m)) keys.add(k);
    } else if (st.op === "up" || st.op === "destroy") {
      out.push([...keys]);
      keys = new Set(declaredKeys(m));
    }
  }
  return out;
}

describe("generator: environment variables ride along", () => {
  it("leaves the rest of every seed's script as it was", () => {
    for (const seed of SEEDS) {
      const without = generateScript(seed, { steps: 9, variables: false });
      const withThem = generateScript(seed, { steps: 9 });
      expect(
        withThem.steps.filter((s) => !isRider(s)),
        `seed ${seed}`,
      ).toEqual(without.steps);
      const { variables, ...rest } = withThem.initial;
      expect(rest, `seed ${seed}`).toEqual(without.initial);
      expect(without.initial.variables).toBeUndefined();
      expect(variables?.length).toBeGreaterThan(0);
    }
  });

  it("covers across seeds: plain and secret, shared keys, every edit and out-of-band kind", () => {
    const seen = new Set<string>();
    for (const seed of SEEDS) {
      const s = generateScript(seed, { steps: 12 });
      for (const v of s.initial.variables ?? []) {
        seen.add(v.isSecret ? "secret" : "plain");
        if (s.initial.variables?.some((o) => o.key === v.key && o.env !== v.env)) seen.add("shared");
      }
      for (const st of s.steps) {
        if (st.op === "edit" && isVariableEdit(st.edit)) seen.add(st.edit.edit);
        if (st.op === "oob" && isVariableOob(st.action)) seen.add(st.action.oob);
      }
    }
    for (const k of [
      "plain",
      "secret",
      "shared",
      "add-variable",
      "remove-variable",
      "set-variable-value",
      "set-variable-key",
      "drop-environment",
      "edit-variable-value",
      "delete-variable-value",
      "foreign-variable",
      "foreign-variable-value",
    ])
      expect(seen, k).toContain(k);
  });

  it("declares what a user may, within the organization's limit across every up", () => {
    // Room left beside the application's records, the one it may add, and a development-only key's record
    // that its production value keeps after the program drops it.
    const room = VARIABLE_LIMIT - FOREIGN_VARIABLES.length - MAX_FOREIGN_RECORDS - 1;
    for (const seed of SEEDS) {
      const s = generateScript(seed, { steps: 16 });
      let m = s.initial;
      expect(variablesValid(m)).toBe(true);
      for (const st of s.steps)
        if (st.op === "edit") {
          m = applyEdit(m, st.edit) ?? m;
          expect(variablesValid(m), `seed ${seed}`).toBe(true);
        }
      for (const keys of keysPerUp(s)) expect(keys.length, `seed ${seed}`).toBeLessThanOrEqual(room);
    }
  });

  it("keeps every secret value in the lane's secret pattern", () => {
    const s = generateScript(3, { steps: 12 });
    const secrets = secretsOf(s, s.tag);
    for (const v of s.initial.variables ?? []) expect(secrets.includes(v.value)).toBe(v.isSecret === true);
  });
});

const MODEL: ProgramModel = {
  integrations: [],
  credentials: [],
  sets: [],
  variables: [
    { name: "base-dev", env: "dev", key: "T_K1", value: "https://dev.example/a" },
    { name: "base-prod", env: "prod", key: "T_K1", value: "https://prod.example/a" },
    { name: "sign-dev", env: "dev", key: "T_K2", value: "evs-t-2-00c0ffee", isSecret: true },
    { name: "only-dev", env: "dev", key: "T_D3", value: "dev only" },
  ],
};

describe("the documented remedy for a value a failed run left", () => {
  it("sets adopt: true on the declarations the provider's refusals name, in their environment", () => {
    const output = `error: environment variable "T_K1" already has a value in environment
      Production that this stack did not write (set in the dashboard, or by another program). Set \`adopt: true\``;
    const remedy = variableAdoptRemedy(MODEL, output);
    expect(remedy?.adopted).toEqual(["base-prod (T_K1 in prod)"]);
    expect(remedy?.variables.filter((v) => v.adopt).map((v) => v.name)).toEqual(["base-prod"]);
    expect(renderProgram({ ...MODEL, variables: remedy?.variables })).toContain(
      '"base-prod", { key: "T_K1", value: "https://prod.example/a", adopt: true }',
    );
    expect(variableAdoptRemedy(MODEL, "error: something else")).toBeUndefined();
  });

  it("does the same for topics, layouts and workflows by their explicit key", () => {
    const m: ProgramModel = {
      ...MODEL,
      topics: [{ name: "top", key: "t-key", title: "T" }],
      layouts: [{ name: "lay", layoutId: "t-lay", title: "L", editorType: "html", body: "<p>x</p>" }],
    };
    const output = `error: svc: create: topic "t-key" already exists in the API key's environment and this resource
      did not create it ... error: svc: create: layout "t-lay" (_id 65f0) already exists in the API key's
      environment and this resource did not create it`;
    const remedy = keyedAdoptRemedy(m, output);
    expect(remedy?.adopted).toEqual(["topic t-key top", "layout t-lay lay"]);
    expect(renderProgram(remedy!.model)).toContain(
      'new svc.Topic("top", { key: "t-key", name: "T", adopt: true })',
    );
  });
});

describe("renderings", () => {
  it("the JavaScript program declares production's values through an svc.Provider of its key", () => {
    const js = renderProgram(MODEL);
    expect(js).toContain(
      'const prod = new svc.Provider("env-prod", { apiKey: new (require("@pulumi/pulumi").Config)().requireSecret("convProdKey")',
    );
    expect(js).toContain(
      'new svc.EnvironmentVariable("base-prod", { key: "T_K1", value: "https://prod.example/a" }, { provider: prod });',
    );
    expect(js).toContain(
      'new svc.EnvironmentVariable("sign-dev", { key: "T_K2", value: "evs-t-2-00c0ffee", isSecret: true });',
    );
    expect(renderProgram({ ...MODEL, variables: undefined })).not.toContain("svc.Provider");
  });

  it("the YAML program does the same with the plugin's provider and types", () => {
    const yaml = renderYamlProgram(MODEL, { project: "p", stack: "s" });
    expect(yaml.startsWith("config:\n  convProdKey:")).toBe(true);
    expect(yaml).toContain("type: pulumi:providers:svc");
    const ref = (what: string) => `\${${what}}`;
    expect(yaml).toContain(`apiKey: ${ref("convProdKey")}`);
    expect(yaml).toContain("type: svc:index:EnvironmentVariable");
    expect(yaml).toContain(
      '"base-prod":\n    type: svc:index:EnvironmentVariable\n    properties:\n      key: "T_K1"',
    );
    expect(yaml).toContain(`    options:\n      provider: ${ref("env-prod")}`);
  });
});

describe("oracle on environment variables (a real emulator, raw HTTP with each environment's key)", () => {
  let emu: Emulator;
  let ctx: VariableContext & {
    foreignValues: VariableContext["foreignValues"][number][];
    secretDrift: SecretDrift[];
  };
  const view: StackView = { project: "p", stack: "s", model: MODEL };
  const empty: StackView = { ...view, model: { ...MODEL, variables: [] } };

  const keyOf = (env: VariableEnvironment) => environmentKeys(emu)[env];
  const write = async (env: VariableEnvironment, key: string, value: string, isSecret = false) => {
    const k = keyOf(env);
    const values = [{ _environmentId: k.environmentId, value }];
    const got = await call(emu, "GET", `/v1/environment-variables/${key}`, { key: k.apiKey });
    const answer =
      got.status === 200
        ? await call(emu, "PATCH", `/v1/environment-variables/${key}`, { key: k.apiKey, body: { values } })
        : await call(emu, "POST", "/v1/environment-variables", {
            key: k.apiKey,
            body: { key, type: "string", isSecret, values },
          });
    expect(answer.status).toBe(200);
  };
  const remove = async (env: VariableEnvironment, key: string) =>
    expect(
      (await call(emu, "DELETE", `/v1/environment-variables/${key}`, { key: keyOf(env).apiKey })).status,
    ).toBe(204);
  /** What a converged up stores, but the values of `skip` (resource names). */
  const converge = async (skip: readonly string[] = []) => {
    for (const v of MODEL.variables ?? [])
      if (!skip.includes(v.name)) await write(v.env, v.key, v.value, v.isSecret === true);
  };
  const check = async (views: StackView[] = [view]) => {
    const out = { findings: [] as { kind: string; detail: string }[], objectsChecked: 0 };
    const live = await readVariables(emu);
    checkVariables(views, live, ctx, out);
    checkForeignVariables(live, ctx, out);
    if (process.env["DEBUG_ORACLE"]) console.log(out.findings);
    return out.findings.map((f) => f.kind);
  };

  beforeEach(async () => {
    emu = await startEmulator();
    ctx = { foreignValues: await createForeignVariables(emu), secretDrift: [] };
  });
  afterEach(() => emu.close());

  it("passes on what a converged up stores, the application's records beside it", async () => {
    await converge();
    expect(await check()).toEqual([]);
    expect(ctx.foreignValues.map((f) => `${f.key}/${f.env}`).sort()).toEqual([
      "APP_SIGNING_SECRET/dev",
      "APP_SUPPORT_EMAIL/dev",
      "APP_SUPPORT_EMAIL/prod",
    ]);
  });

  it("fails when one write was skipped (production's value of a shared key)", async () => {
    await converge(["base-prod"]);
    expect(await check()).toEqual(["variable-value"]);
  });

  it("fails on a plain value the dashboard edited", async () => {
    await converge();
    await write("dev", "T_K1", "https://edited.example");
    expect(await check()).toEqual(["variable-value"]);
  });

  it("holds a secret's dashboard edit exactly as the documented limit, until the program writes over it", async () => {
    await converge();
    await write("dev", "T_K2", "evs-t-9-0dd0dd00");
    expect(await check()).toEqual(["variable-value"]); // not recorded as the limit: a divergence
    ctx.secretDrift.push({
      stack: "s",
      variable: "sign-dev",
      key: "T_K2",
      declared: "evs-t-2-00c0ffee",
      stored: "evs-t-9-0dd0dd00",
    });
    expect(await check()).toEqual([]);
    // The program changes the value: the provider writes it, so the drift no longer excuses anything.
    const edited = applyEdit(MODEL, {
      edit: "set-variable-value",
      variable: "sign-dev",
      value: "evs-t-3-00000003",
    })!;
    const next: StackView = { ...view, model: edited };
    expect(driftStillApplying([next], ctx.secretDrift)).toEqual([]);
    expect(await check([next])).toEqual(["variable-value"]);
    await write("dev", "T_K2", "evs-t-3-00000003");
    expect(await check([next])).toEqual([]);
  });

  it("fails on a value no stack declares, and on a record whose isSecret is not the declared one", async () => {
    await converge();
    const withoutProd = { ...MODEL, variables: MODEL.variables!.filter((v) => v.name !== "base-prod") };
    expect(await check([{ ...view, model: withoutProd }])).toEqual(["undeclared-variable-value"]);
    const plainSign = {
      ...MODEL,
      variables: MODEL.variables!.map((v) => (v.name === "sign-dev" ? { ...v, isSecret: false } : v)),
    };
    expect(await check([{ ...view, model: plainSign }])).toEqual(["variable-metadata"]);
  });

  it("fails when the application's values are changed or removed", async () => {
    await converge();
    await write("prod", "APP_SUPPORT_EMAIL", "someone@else.example");
    await remove("dev", "APP_SIGNING_SECRET");
    expect((await check()).sort()).toEqual(["foreign-variable-changed", "foreign-variable-removed"]);
  });

  it("keeps a record the application shares: production's value of a development-only key outlives its destroy", async () => {
    await converge();
    const written = await writeApplicationVariable(emu, "T_D3", false, { prod: "app's prod" }, "test");
    expect(typeof written).not.toBe("string");
    ctx.foreignValues.push(...(written as VariableContext["foreignValues"][number][]));
    expect(await check()).toEqual([]);
    for (const v of MODEL.variables ?? []) await remove(v.env, v.key);
    expect(await check([empty])).toEqual([]);
    expect((await readVariables(emu)).map((r) => r.key)).toContain("T_D3");
    await remove("prod", "T_D3");
    expect(await check([empty])).toEqual(["foreign-variable-removed"]);
  });
});
