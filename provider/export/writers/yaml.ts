/**
 * The Pulumi YAML program (`runtime: yaml`, through the plugin `pulumi-resource-svc`): one Pulumi.yaml with
 * the config keys and the resources. References are `${name.property}`; the identifier suffix is
 * interpolated; literal `${` in content is escaped as `$${`. A YAML program cannot leave a config key
 * out while unset (a key without a default is required, and a default `""` would declare an empty value), but a
 * property of an object key whose default is `{}` is absent while unset: each secret variable's value is read as
 * `${secretValues.<key>}` (set with `pulumi config set --secret --path 'secretValues.<key>' <value>`), and each
 * workflow's secret headers likewise (`secretHeaders: ${secretValues.<key>}`, step name -> header -> value, set
 * leaf by leaf with `--path 'secretValues.<key>["<step>"].<header>'`), so that adopting keeps what the service
 * holds and a copy needs only the README's commands. Integrations' credentials are not wired here (adopting keeps
 * what the service holds): the README says how to add them.
 */
import { Concat, ConfigValue, type ExportProject, type ExportValue, Ref } from "../model";
import type { ProjectFiles } from "./files";
import { withTypedStepControls } from "./typed-step-controls";

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PLAIN_STRING = /^[A-Za-z][A-Za-z0-9 _.,:/@-]*$/;
const YAML_WORDS = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

/**
 * The object config key holding the secret variables' values and the workflows' secret headers (each under its
 * config key's name).
 */
export const YAML_SECRET_VALUES = "secretValues";

/**
 * The config path of a secret value (or a workflow's secret headers) in the YAML program (`pulumi config set
 * --secret --path <path>`).
 */
export function yamlSecretValuePath(key: string): string {
  return `${YAML_SECRET_VALUES}.${key}`;
}

/** A string as a YAML scalar, with Pulumi YAML's `${` escaped. */
function scalar(text: string): string {
  const escaped = text.replaceAll("${", () => "$${");
  if (
    PLAIN_STRING.test(escaped) &&
    !YAML_WORDS.test(escaped) &&
    !escaped.includes(": ") &&
    !escaped.endsWith(":")
  )
    return escaped;
  return JSON.stringify(escaped);
}

function key(k: string): string {
  return PLAIN_KEY.test(k) ? k : JSON.stringify(k);
}

/** A value inline (a scalar, a reference, or an empty collection), or undefined when it needs a block. */
function inline(v: ExportValue): string | undefined {
  if (v instanceof Ref) return `\${${v.resource}.${v.property}}`;
  if (v instanceof Concat)
    return JSON.stringify(`${v.prefix.replaceAll("${", () => "$${")}\${${v.config.key}}`);
  if (v instanceof ConfigValue && (v.shape === "secretString" || v.shape === "secretHeaders"))
    return `\${${yamlSecretValuePath(v.key)}}`;
  if (v instanceof ConfigValue) return `\${${v.key}}`;
  if (v === null) return "null";
  if (typeof v === "string") return scalar(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return v.length === 0 ? "[]" : undefined;
  return Object.keys(v).length === 0 ? "{}" : undefined;
}

/** A value under `prefix` (`key:` or `-`), at `indent` spaces. */
function block(prefix: string, v: ExportValue, indent: number): string[] {
  const pad = " ".repeat(indent);
  const one = inline(v);
  if (one !== undefined) return [`${pad}${prefix} ${one}`];
  if (Array.isArray(v)) {
    const lines = prefix === "-" ? [`${pad}-`] : [`${pad}${prefix}`];
    const inner = prefix === "-" ? indent + 2 : indent + 2;
    return [...lines, ...v.flatMap((item) => block("-", item, inner))];
  }
  const entries = Object.entries(v as Record<string, ExportValue>);
  if (prefix === "-") {
    const [first, ...rest] = entries.map(([k, val]) => block(`${key(k)}:`, val, indent + 2));
    const head = first ?? [];
    return [`${pad}- ${head[0]!.trimStart()}`, ...head.slice(1), ...rest.flat()];
  }
  return [`${pad}${prefix}`, ...entries.flatMap(([k, val]) => block(`${key(k)}:`, val, indent + 2))];
}

/** Properties a YAML program can declare (credentials are left to the README). */
function yamlProps(props: Record<string, ExportValue>): Record<string, ExportValue> {
  return Object.fromEntries(
    Object.entries(props).filter(([, v]) => !(v instanceof ConfigValue && v.shape === "secretObject")),
  );
}

/** Pulumi.yaml of the YAML program. */
export function writeYaml(exported: ExportProject): ProjectFiles {
  const project = withTypedStepControls(exported);
  const lines = [
    `name: ${project.project}`,
    "runtime: yaml",
    `description: ${scalar(`The svc environment "${project.environment.name}", exported by svc-export`)}`,
  ];
  const suffixes = project.config.filter((c) => c.shape === "suffix");
  const secretValues = project.config.filter(
    (c) => c.shape === "secretString" || c.shape === "secretHeaders",
  );
  if (suffixes.length > 0 || secretValues.length > 0) lines.push("", "config:");
  for (const c of suffixes)
    lines.push(`  # ${c.purpose}`, `  ${c.key}:`, "    type: string", '    default: ""');
  if (secretValues.length > 0) {
    lines.push(
      `  # Secret values, each under its key (${secretValues.map((c) => c.key).join(", ")}), set as README.md says`,
      `  # (pulumi config set --secret --path '${yamlSecretValuePath("<key>")}...' <value>); unset: adopting keeps the service's.`,
      `  ${YAML_SECRET_VALUES}:`,
      "    type: object",
      "    default: {}",
    );
  }
  lines.push("", "resources:");
  for (const r of project.resources) {
    lines.push(`  # ${r.describe}`, `  ${r.name}:`, `    type: svc:index:${r.type}`);
    lines.push(...block("properties:", yamlProps(r.props), 4));
    if (r.dependsOn.length > 0)
      lines.push("    options:", "      dependsOn:", ...r.dependsOn.map((n) => `        - \${${n}}`));
  }
  return { "Pulumi.yaml": `${lines.join("\n")}\n` };
}
