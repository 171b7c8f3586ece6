/**
 * The TypeScript and JavaScript programs: `pulumi-svc`'s own classes (the dynamic resources, no plugin),
 * 4-space indented as Pulumi's templates and their formatter leave them. Credentials come from
 * `config.getSecretObject(<key>)`, secret variables' values from `config.getSecret(<key>)` (undefined while
 * unset: adopting keeps what the service holds).
 */
import { Concat, ConfigValue, type ExportProject, type ExportValue, Ref } from "../model";
import type { ProjectFiles } from "./files";

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const INDENT = "    ";

/** The program's variable of a config key. */
function configVar(key: string): string {
  return key;
}

function expression(v: ExportValue, depth: number, typed: boolean): string {
  if (v instanceof Ref) return `${v.resource}.${v.property}`;
  if (v instanceof Concat)
    return `\`${v.prefix.replace(/[`\\$]/g, (c) => `\\${c}`)}\${${configVar(v.config.key)}}\``;
  if (v instanceof ConfigValue) {
    if (v.shape === "secretObject")
      return `config.getSecretObject${typed ? "<Record<string, string>>" : ""}(${JSON.stringify(v.key)})`;
    if (v.shape === "secretString") return `config.getSecret(${JSON.stringify(v.key)})`;
    if (v.shape === "secretHeaders")
      return `config.getSecretObject${typed ? "<Record<string, Record<string, string>>>" : ""}(${JSON.stringify(v.key)})`;
    return configVar(v.key);
  }
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  const pad = INDENT.repeat(depth + 1);
  const end = INDENT.repeat(depth);
  if (Array.isArray(v)) {
    if (v.length === 0) return "[]";
    return `[\n${v.map((item) => `${pad}${expression(item, depth + 1, typed)},\n`).join("")}${end}]`;
  }
  const entries = Object.entries(v);
  if (entries.length === 0) return "{}";
  const lines = entries.map(
    ([k, val]) =>
      `${pad}${PLAIN_KEY.test(k) ? k : JSON.stringify(k)}: ${expression(val, depth + 1, typed)},\n`,
  );
  return `{\n${lines.join("")}${end}}`;
}

/** The program text (index.ts or index.js). */
function program(project: ExportProject, typed: boolean): string {
  const head = typed
    ? ['import * as pulumi from "@pulumi/pulumi";', 'import * as svc from "pulumi-svc";']
    : ['"use strict";', 'const pulumi = require("@pulumi/pulumi");', 'const svc = require("pulumi-svc");'];
  const lines = [...head, "", "const config = new pulumi.Config();"];
  for (const c of project.config.filter((k) => k.shape === "suffix")) {
    lines.push(`// ${c.purpose}`, `const ${configVar(c.key)} = config.get(${JSON.stringify(c.key)}) ?? "";`);
  }
  for (const r of project.resources) {
    lines.push("", `// ${r.describe}`);
    const options = r.dependsOn.length > 0 ? `, { dependsOn: [${r.dependsOn.join(", ")}] }` : "";
    lines.push(
      `const ${r.name} = new svc.${r.type}(${JSON.stringify(r.name)}, ${expression(r.props, 0, typed)}${options});`,
    );
  }
  const exported = project.resources.map((r) => r.name);
  lines.push("");
  if (typed) lines.push(`export const resources = [${exported.map((n) => `${n}.urn`).join(", ")}].length;`);
  else lines.push(`exports.resources = [${exported.map((n) => `${n}.urn`).join(", ")}].length;`);
  return `${lines.join("\n")}\n`;
}

/** package.json of the program folder. */
function packageJson(project: ExportProject, typed: boolean, versions: NodeVersions): string {
  const manifest: Record<string, unknown> = {
    name: project.project,
    main: typed ? "index.ts" : "index.js",
    private: true,
    dependencies: { "@pulumi/pulumi": `^${versions.pulumi}`, "pulumi-svc": `^${versions.svc}` },
  };
  if (typed) manifest.devDependencies = { "@types/node": "^22", typescript: "^5" };
  return `${JSON.stringify(manifest, null, 4)}\n`;
}

const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      strict: true,
      outDir: "bin",
      target: "es2020",
      module: "nodenext",
      moduleResolution: "nodenext",
      sourceMap: true,
      experimentalDecorators: true,
      pretty: true,
      noFallthroughCasesInSwitch: true,
      noImplicitReturns: true,
      forceConsistentCasingInFileNames: true,
    },
    files: ["index.ts"],
  },
  null,
  4,
)}\n`;

/** The versions the generated package.json asks for. */
export interface NodeVersions {
  pulumi: string;
  svc: string;
}

/** The files of a TypeScript (`typed`) or JavaScript project. */
export function writeNode(project: ExportProject, typed: boolean, versions: NodeVersions): ProjectFiles {
  const files: ProjectFiles = {
    "Pulumi.yaml": `name: ${project.project}\nruntime: nodejs\ndescription: The svc environment "${project.environment.name}", exported by svc-export\n`,
    [typed ? "index.ts" : "index.js"]: program(project, typed),
    "package.json": packageJson(project, typed, versions),
  };
  if (typed) files["tsconfig.json"] = TSCONFIG;
  return files;
}
