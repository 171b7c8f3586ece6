/**
 * Out-of-band changes of environment variables, over raw HTTP with each environment's own API key, as the
 * dashboard or another tool makes them (an API key reads and writes only its environment's value):
 * - a declared value edited (PATCH): the run is drifted until the next `refresh`. A plain value then shows
 *   as a change and the next `up` writes the declared one back; a secret value reads back masked, so neither
 *   can see it: recorded as a {@link SecretDrift} the oracle holds the service to;
 * - a declared value deleted (DELETE of the environment's value; the record goes with its last value);
 * - the application making or editing a record of its own, or writing the production value of a key the
 *   program declares only in development: recorded as the application's (./environment-variable-oracle.ts
 *   rule b), which every later step must leave exactly so.
 */
import type { Emulator } from "../../emulator";
import { call } from "../emulator-http";
import {
  devOnlyKey,
  FOREIGN_VARIABLES,
  type VariableEnvironment,
  type VariableOob,
  variableOf,
} from "./environment-variable-model";
import { environmentKeys, type ForeignVariableValue } from "./environment-variable-oracle";
import type { ConvergenceRun } from "./runner";

const PATH = "/v1/environment-variables";
const pathOf = (key: string) => `${PATH}/${encodeURIComponent(key)}`;

/** The stored value of `key` in `env`, read through the emulator's inspection surface. */
function storedValue(emu: Emulator, key: string, env: VariableEnvironment): string | undefined {
  const keys = environmentKeys(emu);
  const record = emu.environmentVariables(keys.dev.organizationId).find((r) => r.key === key);
  return record?.values.find((v) => v._environmentId === keys[env].environmentId)?.value;
}

/**
 * Writes `values` of `key` as the application does, each with its environment's key: a POST when the record
 * does not exist, then a PATCH per environment. Returns the values written (with the record's `isSecret`),
 * or a reason when the service refused one.
 */
export async function writeApplicationVariable(
  emu: Emulator,
  key: string,
  isSecret: boolean,
  values: Partial<Record<VariableEnvironment, string>>,
  source: string,
): Promise<ForeignVariableValue[] | string> {
  const keys = environmentKeys(emu);
  const written: ForeignVariableValue[] = [];
  const existing = emu.environmentVariables(keys.dev.organizationId).find((r) => r.key === key);
  let recordSecret = existing?.isSecret ?? isSecret;
  let exists = existing !== undefined;
  for (const env of Object.keys(values) as VariableEnvironment[]) {
    const value = values[env]!;
    const entry = [{ _environmentId: keys[env].environmentId, value }];
    const answer = exists
      ? await call(emu, "PATCH", pathOf(key), { key: keys[env].apiKey, body: { values: entry } })
      : await call(emu, "POST", PATH, {
          key: keys[env].apiKey,
          body: { key, type: "string", isSecret, values: entry },
        });
    if (answer.status !== 200)
      return `${exists ? "PATCH" : "POST"} of ${key} in ${env} answered ${answer.status}`;
    recordSecret = answer.body?.data?.isSecret === true;
    exists = true;
    written.push({ key, env, value, isSecret: recordSecret, source });
  }
  return written;
}

/** The application's own variables, made before any stack runs ({@link FOREIGN_VARIABLES}). */
export async function createForeignVariables(emu: Emulator): Promise<ForeignVariableValue[]> {
  const out: ForeignVariableValue[] = [];
  for (const f of FOREIGN_VARIABLES) {
    const written = await writeApplicationVariable(emu, f.key, f.isSecret, f.values, "fixture");
    if (typeof written === "string") throw new Error(`fixtures: ${written}`);
    out.push(...written);
  }
  return out;
}

/** Performs `action`; false when it does not apply (its variable is not declared, or holds no value). */
export async function runVariableOob(run: ConvergenceRun, action: VariableOob): Promise<boolean> {
  switch (action.oob) {
    case "edit-variable-value":
      return editValue(run, action.variable, action.value);
    case "delete-variable-value":
      return deleteValue(run, action.variable);
    case "foreign-variable":
      return applicationWrite(run, action.key, action.isSecret, action.values);
    case "foreign-variable-value": {
      const decl = variableOf(run.lane.model, action.variable);
      if (decl?.env !== "dev" || !devOnlyKey(decl.key)) return false;
      return applicationWrite(run, decl.key, decl.isSecret === true, { prod: action.value });
    }
  }
}

async function applicationWrite(
  run: ConvergenceRun,
  key: string,
  isSecret: boolean,
  values: Partial<Record<VariableEnvironment, string>>,
): Promise<boolean> {
  const written = await writeApplicationVariable(
    run.emu,
    key,
    isSecret,
    values,
    `out-of-band step ${run.step}`,
  );
  if (typeof written === "string") {
    run.note(`out-of-band application variable: ${written}`);
    return false;
  }
  for (const f of written) run.recordForeignVariable(f);
  return true;
}

/** The dashboard edits a declared value (only one the service holds as declared: a secret's edit is tracked). */
async function editValue(run: ConvergenceRun, name: string, value: string): Promise<boolean> {
  const decl = variableOf(run.lane.model, name);
  if (!decl) return false;
  const stored = storedValue(run.emu, decl.key, decl.env);
  if (stored === undefined || (decl.isSecret && stored !== decl.value)) return false;
  const env = environmentKeys(run.emu)[decl.env];
  const body = { values: [{ _environmentId: env.environmentId, value }] };
  const answer = await call(run.emu, "PATCH", pathOf(decl.key), { key: env.apiKey, body });
  if (answer.status !== 200) {
    run.note(`out-of-band variable edit: answered ${answer.status}`);
    return false;
  }
  if (decl.isSecret)
    run.recordSecretDrift({
      stack: run.lane.stack.name,
      variable: decl.name,
      key: decl.key,
      declared: decl.value,
      stored: value,
    });
  run.flags.drifted = true;
  return true;
}

/** Someone deletes a declared variable's value in its environment. */
async function deleteValue(run: ConvergenceRun, name: string): Promise<boolean> {
  const decl = variableOf(run.lane.model, name);
  if (!decl || storedValue(run.emu, decl.key, decl.env) === undefined) return false;
  const env = environmentKeys(run.emu)[decl.env];
  const answer = await call(run.emu, "DELETE", pathOf(decl.key), { key: env.apiKey });
  if (answer.status !== 204) {
    run.note(`out-of-band variable delete: answered ${answer.status}`);
    return false;
  }
  run.forgetSecretDrift(decl.name);
  run.flags.drifted = true;
  return true;
}
