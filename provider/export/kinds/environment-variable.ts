/**
 * Environment variables of the key's environment (`GET /v1/environment-variables`, one request: the
 * organization's records, each with this environment's value only). Each variable holding a value here is
 * declared by key with `adopt`; a plain value literally; a secret value, which the service reads back
 * masked, from a secret config key per variable, absent while unset (the resource then keeps the value the
 * environment holds: docs/environment-variables.md, "Adopting a secret value"). A record without a value
 * in this environment is another environment's and left out.
 */
import { valueIn } from "../../runtime/environment-variable/model";
import type { ExportKind, FoundObject } from "../kind";
import { ConfigValue } from "../model";
import { camelCase } from "../names";

/** The config key holding a secret variable's value. */
export function secretValueKey(key: string): string {
  const words = camelCase(key);
  return `${words === "" ? "variable" : words}Value`;
}

export const environmentVariableKind: ExportKind = {
  name: "variables",
  word: "variable",
  async read(ctx) {
    const all = await ctx.client.environmentVariables.list();
    ctx.progress("variables", all.length, all.length);
    const out: FoundObject[] = [];
    for (const v of all) {
      const value = valueIn(v, ctx.environmentId);
      if (value === undefined) continue;
      out.push({
        type: "EnvironmentVariable",
        identifier: v.key,
        describe: `environment variable "${v.key}"${v.isSecret ? " (secret)" : ""}`,
        props: {
          key: v.key,
          value: v.isSecret ? new ConfigValue(secretValueKey(v.key), "secretString") : value,
          isSecret: v.isSecret,
          type: v.type,
          adopt: true,
        },
      });
    }
    return out;
  },
};
