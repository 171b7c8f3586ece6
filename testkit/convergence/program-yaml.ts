/**
 * The Pulumi YAML program of a convergence model (Main.yaml of a `runtime: yaml` project), for the provider
 * plugin `pulumi-resource-svc`: the same resources, inputs, bindings and ordering as the JavaScript program of
 * ./program.ts, with the plugin's type tokens (`svc:index:Integration`, ...). Literal values are written as
 * JSON, which is YAML. Everything the model holds can be expressed: an alias is a full URN in Pulumi YAML
 * (pulumi-language-yaml v1.25 takes `options: aliases:` as URNs only, not `{ name }`), so the renderer needs
 * the project and stack names; `dependsOn` names resources.
 */

import { variablesYaml } from "./environment-variable-program";
import { layoutInputs, layoutOfStep, topicInputs } from "./layout-topic-program";
import type { IntegrationDecl, ProgramModel } from "./model";
import { PROVIDER_CHANNELS } from "./model";
import { integrationCredentials, workflowInputs } from "./program";

/** The type tokens of the plugin. */
export const PLUGIN_TYPES = {
  integration: "svc:index:Integration",
  credentials: "svc:index:SubscriberCredentials",
  set: "svc:index:SubscriberCredentialsSet",
  workflow: "svc:index:Workflow",
  layout: "svc:index:Layout",
  topic: "svc:index:Topic",
  subscriptions: "svc:index:TopicSubscriptions",
  variable: "svc:index:EnvironmentVariable",
} as const;

/** Where the program runs: an alias URN names the project and stack. */
export interface YamlTarget {
  project: string;
  stack: string;
}

/** A literal as YAML (JSON); refuses `${`, which Pulumi YAML would read as an interpolation. */
function literal(v: unknown): string {
  const text = JSON.stringify(v);
  if (text.includes("${")) throw new Error(`a literal of the YAML program holds "\${": ${text}`);
  return text;
}

const ref = (name: string, property?: string): string =>
  JSON.stringify(property === undefined ? `\${${name}}` : `\${${name}.${property}}`);

/** One resource: its type, properties (already rendered) and options. */
function resource(
  name: string,
  type: string,
  properties: [string, string][],
  options: [string, string][],
): string[] {
  const lines = [`  ${literal(name)}:`, `    type: ${type}`, "    properties:"];
  for (const [k, v] of properties) lines.push(`      ${k}: ${v}`);
  if (options.length > 0) {
    lines.push("    options:");
    for (const [k, v] of options) lines.push(`      ${k}: ${v}`);
  }
  return lines;
}

function integration(i: IntegrationDecl, previous: IntegrationDecl | undefined, at: YamlTarget): string[] {
  const properties: [string, string][] = [
    ["providerId", literal(i.providerId)],
    ["channel", literal(PROVIDER_CHANNELS[i.providerId])],
    ["name", literal(i.title)],
    ["active", "true"],
    ["credentials", literal(integrationCredentials(i))],
  ];
  if (i.identifier !== undefined) properties.push(["identifier", literal(i.identifier)]);
  if (i.adopt) properties.push(["adopt", "true"]);
  const options: [string, string][] = [];
  if (i.aliases?.length) {
    const urns = i.aliases.map(
      (n) => `urn:pulumi:${at.stack}::${at.project}::${PLUGIN_TYPES.integration}::${n}`,
    );
    options.push(["aliases", literal(urns)]);
  }
  // One after the other, as in the JavaScript program: "the newest active integration of a provider" is
  // never a tie between two created at once.
  if (previous) options.push(["dependsOn", `[${ref(previous.name)}]`]);
  return resource(i.name, PLUGIN_TYPES.integration, properties, options);
}

/**
 * The YAML program of a model (see ./program.ts for what it declares). Credentials and sets take their
 * provider and identifier from their integration's outputs; credentials without identifier (`newest`) take
 * only the provider and depend on every integration. Workflows (`svc:index:Workflow`) take literals only.
 */
export function renderYamlProgram(m: ProgramModel, at: YamlTarget): string {
  const lines = ["resources:"];
  m.integrations.forEach((i, n) => {
    lines.push(...integration(i, m.integrations[n - 1], at));
  });
  for (const c of m.credentials) {
    const properties: [string, string][] = [
      ["subscriberId", literal(c.subscriberId)],
      ["providerId", ref(c.integration, "providerId")],
    ];
    if (!c.newest) properties.push(["integrationIdentifier", ref(c.integration, "identifier")]);
    properties.push(["credentials", literal(c.value)]);
    const all = `[${m.integrations.map((i) => ref(i.name)).join(", ")}]`;
    const options: [string, string][] = c.newest ? [["dependsOn", all]] : [];
    lines.push(...resource(c.name, PLUGIN_TYPES.credentials, properties, options));
  }
  for (const s of m.sets) {
    const properties: [string, string][] = [
      ["providerId", ref(s.integration, "providerId")],
      ["integrationIdentifier", ref(s.integration, "identifier")],
      ["credentials", literal(s.entries)],
    ];
    lines.push(...resource(s.name, PLUGIN_TYPES.set, properties, []));
  }
  lines.push(...layoutsAndTopics(m));
  const layoutOf = layoutOfStep(m);
  for (const w of m.workflows ?? []) {
    const properties = workflowInputs(w).map(([k, v]): [string, string] => {
      if (k !== "steps") return [k, literal(v)];
      const steps = w.steps.map((s) => {
        const layout = layoutOf(w.name, s.name);
        const controls = literal(s.controls);
        const withLayout = layout
          ? `${controls.slice(0, -1)}${controls === "{}" ? "" : ", "}"layoutId": ${ref(layout, "layoutId")}}`
          : controls;
        return `{"name": ${literal(s.name)}, "type": ${literal(s.type)}, "controls": ${withLayout}}`;
      });
      return [k, `[${steps.join(", ")}]`];
    });
    lines.push(...resource(w.name, PLUGIN_TYPES.workflow, properties, []));
  }
  const variables = variablesYaml(m, PLUGIN_TYPES.variable);
  lines.push(...variables.resources);
  if (lines.length === 1) return "resources: {}";
  return [...variables.config, ...lines].join("\n");
}

/** Layouts, topics and TopicSubscriptions (their topic by `${topic.key}`). */
function layoutsAndTopics(m: ProgramModel): string[] {
  const lines: string[] = [];
  const props = (inputs: [string, unknown][]) => inputs.map(([k, v]): [string, string] => [k, literal(v)]);
  for (const l of m.layouts ?? [])
    lines.push(...resource(l.name, PLUGIN_TYPES.layout, props(layoutInputs(l)), []));
  for (const t of m.topics ?? [])
    lines.push(...resource(t.name, PLUGIN_TYPES.topic, props(topicInputs(t)), []));
  for (const s of m.subscriptions ?? []) {
    const properties: [string, string][] = [
      ["topicKey", ref(s.topic, "key")],
      ["subscriberIds", literal(s.subscriberIds)],
    ];
    lines.push(...resource(s.name, PLUGIN_TYPES.subscriptions, properties, []));
  }
  return lines;
}
