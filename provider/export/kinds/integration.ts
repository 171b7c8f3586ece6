/**
 * Integrations of the key's environment (`GET /v1/integrations` answers every environment of the
 * organization: the others are left out). Declared by identifier with `adopt`; the identifier takes a
 * suffix from config (identifiers are unique across an organization's environments, so a copy into a
 * sibling environment needs another); the credentials, never copied from the service (some releases answer
 * them in plaintext), come from a secret config key per integration, absent while unset (adopting then keeps
 * what the service holds). The integrations the service makes itself (its own providers: ../built-in.ts) are
 * left out.
 */
import { inputsOf, toOutputs } from "../../runtime/integration/model";
import { builtInIntegration } from "../built-in";
import type { ExportKind, FoundObject } from "../kind";
import { Concat, ConfigValue, type ExportValue } from "../model";
import { camelCase } from "../names";

/** The config key of the identifier suffix, shared by every integration. */
export const IDENTIFIER_SUFFIX_KEY = "identifierSuffix";

/** The config key holding an integration's credentials. */
export function credentialsKey(identifier: string): string {
  const words = camelCase(identifier);
  return `${words === "" ? "integration" : words}Credentials`;
}

export const integrationKind: ExportKind = {
  name: "integrations",
  word: "integration",
  async read(ctx) {
    const all = await ctx.client.integrations.list();
    ctx.progress("integrations", all.length, all.length);
    const out: FoundObject[] = [];
    for (const i of all) {
      if (i.deleted === true) continue;
      if (i._environmentId !== undefined && i._environmentId !== ctx.environmentId) continue;
      const inputs = inputsOf(toOutputs(i, {}));
      const builtIn = builtInIntegration(inputs);
      if (builtIn !== undefined) {
        ctx.leaveOut(builtIn);
        continue;
      }
      const props: Record<string, ExportValue> = {
        name: inputs.name,
        identifier: new Concat(inputs.identifier, new ConfigValue(IDENTIFIER_SUFFIX_KEY, "suffix")),
        providerId: inputs.providerId,
        channel: inputs.channel,
        active: inputs.active,
      };
      if (inputs.conditions.length > 0) props.conditions = inputs.conditions as ExportValue;
      props.credentials = new ConfigValue(credentialsKey(inputs.identifier), "secretObject");
      props.adopt = true;
      out.push({
        type: "Integration",
        identifier: inputs.identifier,
        describe: `integration "${inputs.identifier}" (${inputs.providerId}, ${inputs.channel})`,
        props,
      });
    }
    return out;
  },
};
