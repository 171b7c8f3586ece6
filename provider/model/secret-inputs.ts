/**
 * The secret-input policy, one for every resource: the program marks these inputs secret
 * (../resources/resource-props.ts) and the host never names them in a check failure
 * (provider/runtime/shared/check-failures.ts).
 */

/** Inputs that hold secrets (the same in every resource). */
export const SECRET_INPUTS: ReadonlySet<string> = new Set(["credentials"]);
