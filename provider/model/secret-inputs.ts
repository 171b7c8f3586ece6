/**
 * The secret-input policy, one for every resource: the program marks these inputs secret
 * (../resources/resource-props.ts) and the host never names them in a check failure
 * (provider/runtime/shared/check-failures.ts).
 */

/**
 * Inputs that hold secrets (the same in every resource): an Integration's or a subscriber's `credentials`,
 * a Workflow's `secretHeaders` (./secret-headers.ts).
 */
export const SECRET_INPUTS: ReadonlySet<string> = new Set(["credentials", "secretHeaders"]);

/**
 * Inputs that hold a secret when another input says so: an EnvironmentVariable's `value` when `isSecret` is
 * not declared false (an unknown one counts as secret).
 */
export const CONDITIONAL_SECRET_INPUTS: Readonly<Record<string, string>> = { value: "isSecret" };

/** Whether `key` of `props` holds a secret by the policy (always, or because its condition holds). */
export function isSecretByPolicy(key: string, props: Readonly<Record<string, unknown>>): boolean {
  if (SECRET_INPUTS.has(key)) return true;
  const condition = CONDITIONAL_SECRET_INPUTS[key];
  if (condition === undefined || !(condition in props)) return false;
  const flag = props[condition];
  return flag !== false && flag !== undefined && flag !== null;
}
