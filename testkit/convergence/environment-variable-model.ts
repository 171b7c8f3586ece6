/**
 * Environment variables in the convergence model: what a generated program declares as
 * `svc.EnvironmentVariable`, each one environment's value of an organization's record, in the development
 * environment (the stack's own key) or the production one (a `svc.Provider` of the production key in the
 * same program), and the edits a script makes to them. Plain JSON, as the rest of the model; nothing here
 * imports provider or sdk code.
 *
 * What a program may declare (a user's conflict otherwise, not a provider bug):
 * - one resource per (environment, key); resources of one key in both environments share the record, so they
 *   agree on `isSecret` (the record's, which no API key may change);
 * - at most {@link MAX_DECLARED_KEYS} keys: with the application's records, the keys an `up` holds while it
 *   moves from one program to the next stay within the organization's limit of 10 records;
 * - a key of {@link devOnlyKey} only in development: the application writes production values of such keys
 *   ({@link VariableOob} `foreign-variable-value`), which no stack then declares.
 */

/** The environments a program declares values in: the stack's key's (development), and production. */
export const VARIABLE_ENVIRONMENTS = ["dev", "prod"] as const;
/** One of {@link VARIABLE_ENVIRONMENTS}. */
export type VariableEnvironment = (typeof VARIABLE_ENVIRONMENTS)[number];

/** The other environment. */
export const otherEnvironment = (env: VariableEnvironment): VariableEnvironment =>
  env === "dev" ? "prod" : "dev";

/** Most keys one program declares (see the file header for the limit arithmetic). */
export const MAX_DECLARED_KEYS = 4;

/** The organization's limit of variable records (the service's default, the emulator's too). */
export const VARIABLE_LIMIT = 10;

/**
 * The application's own variables (made before any stack runs, ./fixtures.ts; no stack declares them), with
 * their values per environment. The secret's value matches the lane's secret pattern (./lane.ts `secretsOf`).
 */
export const FOREIGN_VARIABLES: readonly {
  key: string;
  isSecret: boolean;
  values: Partial<Record<VariableEnvironment, string>>;
}[] = [
  {
    key: "APP_SUPPORT_EMAIL",
    isSecret: false,
    values: { dev: "support-dev@app.example", prod: "support@app.example" },
  },
  { key: "APP_SIGNING_SECRET", isSecret: true, values: { dev: "evs-app-1-5ec7e7a1" } },
];

/** Records the application may add out of band in one script (each counts toward the limit). */
export const MAX_FOREIGN_RECORDS = 1;

/** One declared `svc.EnvironmentVariable`. */
export interface VariableDecl {
  /** Pulumi resource name. */
  name: string;
  env: VariableEnvironment;
  key: string;
  value: string;
  isSecret?: boolean;
  /** Set only as the documented remedy for a value a failed run wrote but did not record (./runner.ts). */
  adopt?: boolean;
}

/** Whether only development may declare `key` (the application writes its production values). */
export function devOnlyKey(key: string): boolean {
  return /_D\d+$/.test(key);
}

/** What the environment variables of a program hold. */
export interface VariableHolder {
  variables?: VariableDecl[];
}

/** An edit of a program's environment variables. */
export type VariableEdit =
  | { edit: "add-variable"; decl: VariableDecl }
  | { edit: "remove-variable"; variable: string }
  | { edit: "set-variable-value"; variable: string; value: string }
  /** A new key: a replacement (the old key's value removed, the new one's written). */
  | { edit: "set-variable-key"; variable: string; key: string }
  /** Every variable of one environment removed (as destroying that environment's stack would). */
  | { edit: "drop-environment"; env: VariableEnvironment }
  | { edit: "set-variable-adopt"; variable: string; adopt: boolean };

const VARIABLE_EDITS: readonly VariableEdit["edit"][] = [
  "add-variable",
  "remove-variable",
  "set-variable-value",
  "set-variable-key",
  "drop-environment",
  "set-variable-adopt",
];

/** Whether `e` (any edit of the model) is an environment-variable edit. */
export function isVariableEdit<T extends { edit: string }>(e: T): e is Extract<T, VariableEdit> {
  return (VARIABLE_EDITS as readonly string[]).includes(e.edit);
}

/** The declared variable named `name`, if any. */
export function variableOf(m: VariableHolder, name: string): VariableDecl | undefined {
  return m.variables?.find((v) => v.name === name);
}

/** The keys `m` declares (in either environment). */
export function declaredKeys(m: VariableHolder): string[] {
  return [...new Set((m.variables ?? []).map((v) => v.key))];
}

/** Whether the variables of `m` are a program a user may write (see the file header). */
export function variablesValid(m: VariableHolder): boolean {
  const all = m.variables ?? [];
  if (declaredKeys(m).length > MAX_DECLARED_KEYS) return false;
  return all.every(
    (v, n) =>
      !(v.env === "prod" && devOnlyKey(v.key)) &&
      !FOREIGN_VARIABLES.some((f) => f.key === v.key) &&
      all
        .slice(n + 1)
        .every(
          (o) => o.key !== v.key || (o.env !== v.env && (o.isSecret ?? false) === (v.isSecret ?? false)),
        ),
  );
}

/** Applies a variable edit to `m` in place; false when it does not apply. */
export function applyVariableEdit(
  m: VariableHolder,
  e: VariableEdit,
  nameTaken: (name: string) => boolean,
): boolean {
  if (e.edit === "add-variable") {
    if (nameTaken(e.decl.name)) return false;
    m.variables = [...(m.variables ?? []), structuredClone(e.decl)];
    return variablesValid(m);
  }
  if (e.edit === "drop-environment") {
    const kept = (m.variables ?? []).filter((v) => v.env !== e.env);
    if (kept.length === (m.variables ?? []).length) return false;
    m.variables = kept;
    return true;
  }
  const v = variableOf(m, e.variable);
  if (!v) return false;
  if (e.edit === "remove-variable") {
    m.variables = (m.variables ?? []).filter((x) => x !== v);
    return true;
  }
  if (e.edit === "set-variable-adopt") {
    if ((v.adopt ?? false) === e.adopt) return false;
    v.adopt = e.adopt;
    return true;
  }
  if (e.edit === "set-variable-value") {
    if (v.value === e.value) return false;
    v.value = e.value;
    return true;
  }
  if (v.key === e.key) return false;
  v.key = e.key;
  return variablesValid(m);
}

/**
 * An out-of-band change of environment variables, over raw HTTP with the environment's API key:
 * - `edit-value`: someone edits a declared variable's value in its environment (the dashboard's edit);
 * - `delete-value`: someone deletes a declared variable's value in its environment;
 * - `foreign-variable`: the application makes a record of its own (another key) or edits a value of one of
 *   its records (`values` per environment);
 * - `foreign-variable-value`: the application writes the production value of a development-only key the program
 *   declares ({@link devOnlyKey}): the other environment's value, which no stack owns.
 */
export type VariableOob =
  | { oob: "edit-variable-value"; variable: string; value: string }
  | { oob: "delete-variable-value"; variable: string }
  | {
      oob: "foreign-variable";
      key: string;
      isSecret: boolean;
      values: Partial<Record<VariableEnvironment, string>>;
    }
  | { oob: "foreign-variable-value"; variable: string; value: string };

const VARIABLE_OOBS: readonly VariableOob["oob"][] = [
  "edit-variable-value",
  "delete-variable-value",
  "foreign-variable",
  "foreign-variable-value",
];

/** Whether `action` (any out-of-band change) is an environment-variable one. */
export function isVariableOob<T extends { oob: string }>(action: T): action is Extract<T, VariableOob> {
  return (VARIABLE_OOBS as readonly string[]).includes(action.oob);
}

/**
 * The documented remedy when an `up` is refused because this environment already holds a value the stack
 * did not record (a failed or killed run wrote it; docs/environment-variables.md, "What each operation
 * does"): `adopt: true` on each declaration the refusals in `output` name. Undefined when none applies.
 */
export function variableAdoptRemedy(
  m: VariableHolder,
  output: string,
): { variables: VariableDecl[]; adopted: string[] } | undefined {
  const text = output.replace(/\s+/g, " ");
  const refused =
    /environment variable "([^"]+)" already has a value in environment (\S+) that this stack did not write/g;
  const variables = structuredClone(m.variables ?? []);
  const adopted: string[] = [];
  for (const [, key, envName] of text.matchAll(refused)) {
    const env: VariableEnvironment = /prod/i.test(envName ?? "") ? "prod" : "dev";
    const v = variables.find((x) => x.key === key && x.env === env && x.adopt !== true);
    if (!v) continue;
    v.adopt = true;
    adopted.push(`${v.name} (${key} in ${env})`);
  }
  return adopted.length > 0 ? { variables, adopted } : undefined;
}
