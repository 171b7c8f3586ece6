/**
 * The environment variables of a convergence model as program inputs, written once for both renderings
 * (./program.ts, ./program-yaml.ts): a variable's inputs, and the production environment's `svc.Provider`
 * (its API key from the stack's secret config {@link PROD_KEY_CONFIG}, which the lane sets), declared
 * whenever the model holds variables. Development values go through the stack's own key.
 */
import type { VariableDecl } from "./environment-variable-model";
import type { ProgramModel } from "./model";

/** The resource name of the production environment's provider. */
export const PROD_PROVIDER = "env-prod";
/** The stack config (secret) holding the production API key. */
export const PROD_KEY_CONFIG = "convProdKey";
/** The stack config holding the service's base URL (the YAML provider's `baseUrl`). */
export const BASE_URL_CONFIG = "convBaseUrl";

/** Whether the program declares the production provider. */
export const declaresProdProvider = (m: ProgramModel): boolean => m.variables !== undefined;

/** The inputs of a declared variable, as both renderings write them. */
export function variableInputs(v: VariableDecl): [string, unknown][] {
  const inputs: [string, unknown][] = [
    ["key", v.key],
    ["value", v.value],
  ];
  if (v.isSecret) inputs.push(["isSecret", true]);
  if (v.adopt) inputs.push(["adopt", true]);
  return inputs;
}

const js = (v: unknown): string => JSON.stringify(v);

/** The JavaScript lines of the production provider and the variables (./program.ts). */
export function variablesSource(m: ProgramModel): string[] {
  if (!declaresProdProvider(m)) return [];
  const lines = [
    `const prod = new svc.Provider(${js(PROD_PROVIDER)}, { apiKey: new (require("@pulumi/pulumi").Config)().requireSecret(${js(PROD_KEY_CONFIG)}), environment: "production" });`,
  ];
  for (const v of m.variables ?? []) {
    const args = variableInputs(v)
      .map(([k, x]) => `${k}: ${js(x)}`)
      .join(", ");
    const opts = v.env === "prod" ? ", { provider: prod }" : "";
    lines.push(`new svc.EnvironmentVariable(${js(v.name)}, { ${args} }${opts});`);
  }
  return lines;
}

/** The production provider's type token in Pulumi YAML (the plugin's provider). */
const YAML_PROVIDER_TYPE = "pulumi:providers:svc";

/**
 * The Pulumi YAML parts of the production provider and the variables (./program-yaml.ts): the `config:`
 * block the provider reads its key and base URL from, and the resources (`type` the plugin's
 * `svc:index:EnvironmentVariable`, a production one with `options: provider`). Literals are JSON.
 */
export function variablesYaml(m: ProgramModel, type: string): { config: string[]; resources: string[] } {
  if (!declaresProdProvider(m)) return { config: [], resources: [] };
  const config = [
    "config:",
    `  ${PROD_KEY_CONFIG}:`,
    "    type: string",
    `  ${BASE_URL_CONFIG}:`,
    "    type: string",
  ];
  const resources = [
    `  ${js(PROD_PROVIDER)}:`,
    `    type: ${YAML_PROVIDER_TYPE}`,
    "    properties:",
    `      apiKey: \${${PROD_KEY_CONFIG}}`,
    `      baseUrl: \${${BASE_URL_CONFIG}}`,
    '      environment: "production"',
  ];
  for (const v of m.variables ?? []) {
    resources.push(`  ${js(v.name)}:`, `    type: ${type}`, "    properties:");
    for (const [k, x] of variableInputs(v)) resources.push(`      ${k}: ${js(x)}`);
    if (v.env === "prod") resources.push("    options:", `      provider: \${${PROD_PROVIDER}}`);
  }
  return { config, resources };
}
