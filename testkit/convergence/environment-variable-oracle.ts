/**
 * The convergence oracle's rules on environment variables. Like ./oracle.ts it imports no provider or sdk
 * code: the expectation comes from the program models and the documented contract of
 * `svc.EnvironmentVariable` (docs/environment-variables.md); the actual state is read from the emulator:
 * `GET /v1/environment-variables` over raw HTTP with each environment's API key (what each key answers),
 * and the stored records through the emulator's inspection surface (`emu.environmentVariables`, every
 * environment's value, secrets in plaintext, which the API masks).
 *
 * - (v-a) after every converged `up`: each declared (environment, key) has its record, with the declared
 *   `isSecret` and type `string`, and the environment's stored value is exactly the declared one, except a
 *   secret value edited in the dashboard since the program last changed it: the service masks secret values,
 *   so no refresh can see the edit and `up` writes nothing (docs/known-limits.md, "A secret environment
 *   variable's value cannot be read back"); the oracle then expects exactly the dashboard's value, and
 *   the declared one again once the program changes the value, replaces the resource or destroys it
 *   ({@link SecretDrift}). What each environment's key reads is its stored value, or the mask for a secret.
 *   No environment holds a value of any record that no stack declares there and the application did not
 *   write.
 * - (b) always: every value the application wrote (its own records, and the production value of a key the
 *   stack declares only in development) is exactly as written, in its record with its `isSecret`.
 * - (c) after `destroy`: (v-a) with nothing declared: only the application's values are left (so a record
 *   the stack shares with the application's value stays).
 * - (v-d) after every `refresh`: the limit is never silent: the output names every secret variable the
 *   stack holds as one whose change made outside Pulumi a refresh cannot see ({@link unsaidSecrets}).
 */
import type { Emulator } from "../../emulator";
import { call } from "../emulator-http";
import {
  VARIABLE_ENVIRONMENTS,
  type VariableDecl,
  type VariableEnvironment,
  type VariableHolder,
} from "./environment-variable-model";
import type { StackView } from "./oracle";

/** What the service answers for a secret value (eight U+2022). */
export const SECRET_MASK = "\u2022".repeat(8);

/** A record as the service holds it, and as each environment's API key reads it. */
export interface LiveVariable {
  _id: string;
  key: string;
  isSecret: boolean;
  type: string;
  /** Each environment's stored value (secrets in plaintext). */
  stored: Partial<Record<VariableEnvironment, string>>;
  /** What each environment's key reads in the list (absent: no value listed for it). */
  answered: Partial<Record<VariableEnvironment, string>>;
}

/** A value the application wrote: in fixtures, or out of band. */
export interface ForeignVariableValue {
  key: string;
  env: VariableEnvironment;
  value: string;
  isSecret: boolean;
  /** Who wrote it, for messages (`fixture`, `out-of-band step 4`). */
  source: string;
}

/** A declared secret value edited in the dashboard, which nothing can detect (docs/known-limits.md). */
export interface SecretDrift {
  stack: string;
  /** The resource's name. */
  variable: string;
  key: string;
  /** The declared value when it was edited: while the program declares it still, the service keeps `stored`. */
  declared: string;
  stored: string;
}

/** What the oracle knows of environment variables besides the programs. */
export interface VariableContext {
  foreignValues: readonly ForeignVariableValue[];
  secretDrift: readonly SecretDrift[];
}

/** Where findings go (./oracle.ts's `OracleResult`). */
interface Findings {
  findings: { kind: string; detail: string }[];
  objectsChecked: number;
}

/** The API key and ids of each environment: the emulator's first key (the stack's) and its second. */
export function environmentKeys(
  emu: Emulator,
): Record<VariableEnvironment, { apiKey: string; environmentId: string; organizationId: string }> {
  const [dev, prod] = emu.keys;
  if (!dev || !prod || dev.organizationId !== prod.organizationId)
    throw new Error("oracle: the emulator needs two environments of one organization");
  return { dev, prod };
}

/** Reads every record of the organization: stored, and as each environment's key lists it. */
export async function readVariables(emu: Emulator): Promise<LiveVariable[]> {
  const keys = environmentKeys(emu);
  const envOf = (id: string) => VARIABLE_ENVIRONMENTS.find((e) => keys[e].environmentId === id);
  const out: LiveVariable[] = emu.environmentVariables(keys.dev.organizationId).map((r) => {
    const stored: LiveVariable["stored"] = {};
    for (const v of r.values) {
      const env = envOf(v._environmentId);
      if (env) stored[env] = v.value;
    }
    return { _id: r._id, key: r.key, isSecret: r.isSecret, type: r.type, stored, answered: {} };
  });
  for (const env of VARIABLE_ENVIRONMENTS) {
    const answer = await call(emu, "GET", "/v1/environment-variables", { key: keys[env].apiKey });
    if (answer.status !== 200)
      throw new Error(`oracle: GET /v1/environment-variables answered ${answer.status}`);
    for (const listed of answer.body.data as { key: string; values: { value: string }[] }[]) {
      const record = out.find((r) => r.key === listed.key);
      const value = listed.values[0]?.value;
      if (record && value !== undefined) record.answered[env] = value;
    }
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** The value a declared variable's environment must hold, and the dashboard edit it keeps, if any. */
export function expectedValue(
  view: StackView,
  v: VariableDecl,
  drift: readonly SecretDrift[],
): { value: string; drift?: SecretDrift } {
  const d = drift.find((x) => x.stack === view.stack && x.variable === v.name);
  if (d && v.isSecret && d.key === v.key && d.declared === v.value) return { value: d.stored, drift: d };
  return { value: v.value };
}

/** The drift entries that still apply to what `views` declare (the others were written over). */
export function driftStillApplying(
  views: readonly StackView[],
  drift: readonly SecretDrift[],
): SecretDrift[] {
  return drift.filter((d) =>
    views.some((view) =>
      (view.model.variables ?? []).some((v) => expectedValue(view, v, [d]).drift !== undefined),
    ),
  );
}

/** A value for messages: a generated secret shortened (its random suffix left out). */
const shown = (value: string | undefined) =>
  value === undefined ? "no value" : JSON.stringify(value.replace(/-[0-9a-f]{8}$/, "-…"));

const at = (key: string, env: VariableEnvironment) => `${key}\u0000${env}`;

/** Rule (v-a): each declared value as declared (or as the dashboard left a secret); no other value. */
export function checkVariables(
  views: readonly StackView[],
  live: readonly LiveVariable[],
  ctx: VariableContext,
  out: Findings,
): void {
  const declared = new Set<string>();
  for (const view of views)
    for (const v of view.model.variables ?? []) {
      declared.add(at(v.key, v.env));
      out.objectsChecked++;
      checkDeclared(view, v, live, ctx, out);
    }
  const foreign = new Set(ctx.foreignValues.map((f) => at(f.key, f.env)));
  for (const r of live) {
    if (Object.keys(r.stored).length === 0)
      out.findings.push({ kind: "variable-record-empty", detail: `${r.key} (${r._id}) holds no value` });
    for (const env of VARIABLE_ENVIRONMENTS) {
      if (r.stored[env] === undefined || declared.has(at(r.key, env)) || foreign.has(at(r.key, env)))
        continue;
      out.findings.push({
        kind: "undeclared-variable-value",
        detail: `${r.key} holds ${shown(r.stored[env])} in ${env}, declared there by no stack and not the application's`,
      });
    }
  }
}

function checkDeclared(
  view: StackView,
  v: VariableDecl,
  live: readonly LiveVariable[],
  ctx: VariableContext,
  out: Findings,
): void {
  const where = `${view.stack}:${v.name} (${v.key} in ${v.env})`;
  const r = live.find((x) => x.key === v.key);
  if (!r) {
    out.findings.push({ kind: "variable-missing", detail: `${where}: no record` });
    return;
  }
  const isSecret = v.isSecret === true;
  if (r.isSecret !== isSecret || r.type !== "string")
    out.findings.push({
      kind: "variable-metadata",
      detail: `${where}: isSecret ${r.isSecret}, type ${r.type}; declared isSecret ${isSecret}, type string`,
    });
  const want = expectedValue(view, v, ctx.secretDrift);
  const stored = r.stored[v.env];
  if (stored !== want.value) {
    const why = want.drift ? " (the dashboard's edit of a secret, which no refresh can see)" : "";
    out.findings.push({
      kind: "variable-value",
      detail: `${where}: holds ${shown(stored)}, expected ${shown(want.value)}${why}`,
    });
  }
  checkAnswer(r, v.env, `${where}: `, out);
}

/** What an environment's key reads: the stored value, or the mask for a secret. */
function checkAnswer(r: LiveVariable, env: VariableEnvironment, where: string, out: Findings): void {
  const stored = r.stored[env];
  const want = stored === undefined ? undefined : r.isSecret ? SECRET_MASK : stored;
  if (r.answered[env] !== want)
    out.findings.push({
      kind: "variable-answer",
      detail: `${where}${env}'s key reads ${r.isSecret ? "a secret as " : ""}${shown(r.answered[env])}, stored ${shown(stored)}`,
    });
}

/** Rule (b): every value the application wrote exactly as written, in a record of its `isSecret`. */
export function checkForeignVariables(
  live: readonly LiveVariable[],
  ctx: VariableContext,
  out: Findings,
): void {
  for (const f of ctx.foreignValues) {
    out.objectsChecked++;
    const where = `${f.key} in ${f.env} (${f.source})`;
    const r = live.find((x) => x.key === f.key);
    const now = r?.stored[f.env];
    if (!r || now === undefined)
      out.findings.push({
        kind: "foreign-variable-removed",
        detail: `${where}: held ${shown(f.value)}, now gone`,
      });
    else if (now !== f.value || r.isSecret !== f.isSecret)
      out.findings.push({
        kind: "foreign-variable-changed",
        detail: `${where}: held ${shown(f.value)} (isSecret ${f.isSecret}), now ${shown(now)} (isSecret ${r.isSecret})`,
      });
    else checkAnswer(r, f.env, `${where}: `, out);
  }
}

/**
 * Rule (v-d): the secret variables of `m` in the stack's state (`inState`, by resource name) that a refresh's
 * `output` did not name as unreadable (the provider's line: `environment variable "KEY" is secret: ...`).
 */
export function unsaidSecrets(
  m: VariableHolder,
  inState: (name: string) => boolean,
  output: string,
): string[] {
  const text = output.replace(/\s+/g, " ");
  return (m.variables ?? [])
    .filter((v) => v.isSecret && inState(v.name))
    .filter((v) => !text.includes(`environment variable "${v.key}" is secret: `))
    .map((v) => `${v.name} (${v.key} in ${v.env})`);
}
