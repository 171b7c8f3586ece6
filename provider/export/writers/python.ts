/**
 * The Python program on the generated SDK (`pulumi_svc`), laid out as black leaves it (4 spaces, double quotes,
 * one argument per line with a trailing comma, which black keeps). Argument names and the keys of typed
 * objects are snake_case, as the SDK declares them; the keys of maps (controls, payload schemas, credentials)
 * stay as the service holds them. Which is which comes from the package schema (../../plugin/schema/).
 */
import { Concat, ConfigValue, type ExportProject, type ExportValue, Ref } from "../model";
import { snakeCase } from "../names";
import type { ProjectFiles } from "./files";
import { resolved, resourceInputs, type Spec } from "./schema-types";
import { withTypedStepControls } from "./typed-step-controls";

const INDENT = "    ";

/** A Python string literal. */
function str(text: string): string {
  return JSON.stringify(text);
}

function expression(v: ExportValue, spec: Spec | undefined, depth: number): string {
  if (v instanceof Ref) return `${snakeCase(v.resource)}.${snakeCase(v.property)}`;
  if (v instanceof Concat) {
    return `f${str(v.prefix.replace(/[{}]/g, (c) => c + c))}`.replace(/"$/, `{${snakeCase(v.config.key)}}"`);
  }
  if (v instanceof ConfigValue) {
    if (v.shape === "secretObject" || v.shape === "secretHeaders")
      return `config.get_secret_object(${str(v.key)})`;
    if (v.shape === "secretString") return `config.get_secret(${str(v.key)})`;
    return snakeCase(v.key);
  }
  if (v === null) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v !== "object") return JSON.stringify(v);
  const s = resolved(spec);
  const pad = INDENT.repeat(depth + 1);
  const end = INDENT.repeat(depth);
  if (Array.isArray(v)) {
    if (v.length === 0) return "[]";
    return `[\n${v.map((item) => `${pad}${expression(item, s?.items, depth + 1)},\n`).join("")}${end}]`;
  }
  const entries = Object.entries(v);
  if (entries.length === 0) return "{}";
  // A typed object: snake_case keys; a map: keys as they are.
  const typed = s?.properties !== undefined;
  const lines = entries.map(([k, val]) => {
    const key = typed ? snakeCase(k) : k;
    const inner = typed ? s?.properties?.[k] : s?.additionalProperties;
    return `${pad}${str(key)}: ${expression(val, inner, depth + 1)},\n`;
  });
  return `{\n${lines.join("")}${end}}`;
}

function program(project: ExportProject): string {
  const lines = [
    `"""The svc environment "${project.environment.name}", exported by svc-export (see README.md)."""`,
    "",
    "import pulumi",
    "import pulumi_svc as svc",
    "",
    "config = pulumi.Config()",
  ];
  for (const c of project.config.filter((k) => k.shape === "suffix")) {
    lines.push(`# ${c.purpose}`, `${snakeCase(c.key)} = config.get(${str(c.key)}) or ""`);
  }
  for (const r of project.resources) {
    const inputs = resourceInputs(r.type);
    lines.push("", `# ${r.describe}`, `${snakeCase(r.name)} = svc.${r.type}(`, `${INDENT}${str(r.name)},`);
    for (const [k, v] of Object.entries(r.props)) {
      lines.push(`${INDENT}${snakeCase(k)}=${expression(v, inputs[k], 1)},`);
    }
    if (r.dependsOn.length > 0)
      lines.push(
        `${INDENT}opts=pulumi.ResourceOptions(depends_on=[${r.dependsOn.map(snakeCase).join(", ")}]),`,
      );
    lines.push(")");
  }
  return `${lines.join("\n")}\n`;
}

/** The files of a Python project. */
export function writePython(project: ExportProject, version: string): ProjectFiles {
  return {
    "Pulumi.yaml": `name: ${project.project}\nruntime:\n  name: python\n  options:\n    toolchain: pip\n    virtualenv: venv\ndescription: The svc environment "${project.environment.name}", exported by svc-export\n`,
    "__main__.py": program(withTypedStepControls(project)),
    "requirements.txt": `pulumi>=3.0.0,<4.0.0\npulumi_svc==${version}\n`,
  };
}
