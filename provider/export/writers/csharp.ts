/**
 * The C# program on the generated .NET SDK (`PulumiSvc.Svc`, sdks/dotnet), written as Pulumi's own .NET program
 * code generation writes the same program (`pulumi convert --from yaml --language csharp` of the YAML writer's
 * output; test/provider/export/csharp-codegen.test.ts compares the two) where that generation is right, and
 * otherwise as it should be: an empty list or map is written empty (the generation writes `new[] {}`, which
 * does not compile, and `null`, which declares nothing), an array of free-form values as `new object?[]` (the
 * generation's `new[]` does not compile for mixed elements), strings as regular literals. Layout: top-level
 * statements, 4-space indentation, braces on their own lines, a trailing comma after every initializer entry.
 * Members are the SDK's (PascalCase of the schema's names); typed objects are the SDK's `Svc.Inputs.<Type>Args`;
 * the keys of maps (controls, payload schemas) stay as the service holds them. Which is which comes from the
 * package schema (./schema-types.ts). Credentials come from a secret config object per integration, set only
 * when the key is set (adopting then keeps what the service holds).
 */
import { Concat, ConfigValue, type ExportProject, type ExportValue, Ref } from "../model";
import { csInterpolated, csNumber, csString, identifier, memberName } from "./csharp-literal";
import type { ProjectFiles } from "./files";
import { resolved, resourceInputs, type Spec, typeName, typeProperties } from "./schema-types";
import { withTypedStepControls } from "./typed-step-controls";

const INDENT = "    ";

/** The NuGet version range of the Pulumi .NET SDK a generated project asks for (as Pulumi's codegen writes it). */
export const PULUMI_DOTNET_VERSION = "3.*";
/** The .NET SDK's project, from a pulumi-svc clone beside the program's folder (README.md says why). */
const SDK_PROJECT = "../pulumi-svc/sdks/dotnet/PulumiSvc.Svc.csproj";
/** The program's local function reading an optional secret string from config (see {@link secretFunction}). */
const SECRET = "SecretOrNull";
/** The local function reading a workflow's secret headers from config. */
const SECRET_HEADERS = "SecretHeadersOrNull";
/** The program's local function that sets an integration's credentials from config (see {@link credentialsFunctions}). */
const WITH_CREDENTIALS = "WithCredentials";

/** The C# type of a scalar of the schema's `type`. */
const SCALAR: Record<string, string> = {
  string: "string",
  boolean: "bool",
  integer: "int",
  number: "double",
};

/** The C# element type of a list or map whose items are `spec` (a free-form value: `object`). */
function elementType(spec: Spec | undefined): string {
  const ref = typeName(spec);
  if (ref !== undefined) return `Svc.Inputs.${ref}Args`;
  return (spec?.type !== undefined ? SCALAR[spec.type] : undefined) ?? "object";
}

/** A brace block: `head`, then `{`, the entries (each line indented once more), then `}` + `close`. */
function block(head: string, entries: string[][], depth: number, close = ""): string[] {
  const pad = INDENT.repeat(depth);
  return [
    head,
    `${pad}{`,
    ...entries.flatMap((lines) => lines.map((l, i) => (i === 0 ? `${pad}${INDENT}${l}` : l))),
    `${pad}}${close}`,
  ];
}

/** One entry `prefix value,` whose value's first line continues the prefix (`Name = ...`, `{ "k", ... }`). */
function entry(prefix: string, value: string[], suffix = ","): string[] {
  const lines = [`${prefix}${value[0]}`, ...value.slice(1)];
  lines[lines.length - 1] += suffix;
  return lines;
}

/** A value of the model as C# lines (the first continues its line, which is at `depth`). */
function csValue(v: ExportValue, spec: Spec | undefined, depth: number): string[] {
  if (v instanceof Ref) return [`${identifier(v.resource)}.${memberName(v.property)}`];
  if (v instanceof Concat) return [csInterpolated(v.prefix, identifier(v.config.key))];
  if (v instanceof ConfigValue) {
    if (v.shape === "secretString") return [`${SECRET}(config, ${csString(v.key)})`];
    if (v.shape === "secretHeaders") return [`${SECRET_HEADERS}(config, ${csString(v.key)})`];
    return [identifier(v.key)];
  }
  if (v === null) return ["null"];
  if (typeof v === "string") return [csString(v)];
  if (typeof v === "boolean") return [String(v)];
  if (typeof v === "number") {
    const typed = spec?.type === "integer" ? "int" : spec?.type === "number" ? "double" : undefined;
    return [csNumber(v, typed)];
  }
  const s = resolved(spec);
  if (Array.isArray(v)) return list(v, s, depth);
  if (s?.properties !== undefined) return typedObject(v, spec, depth);
  return freeObject(v, depth);
}

/** A list: typed (`new[] { ... }`, empty: `new InputList<T>()`) or of free-form values (`new object?[] { ... }`). */
function list(v: ExportValue[], s: Spec | undefined, depth: number): string[] {
  const typed = s?.type === "array";
  if (v.length === 0) return typed ? [`new InputList<${elementType(s?.items)}>()`] : ["new object?[] { }"];
  const items = v.map((item) => entry("", csValue(item, typed ? s?.items : undefined, depth + 1)));
  return block(typed ? "new[]" : "new object?[]", items, depth);
}

/** An object of the SDK's type: `new Svc.Inputs.<Type>Args { Member = value, ... }`. */
function typedObject(v: { [key: string]: ExportValue }, spec: Spec | undefined, depth: number): string[] {
  const props = resolved(spec)?.properties ?? {};
  const entries = Object.entries(v).map(([k, val]) => member(memberName(k), val, props[k], depth + 1));
  return block(`new Svc.Inputs.${typeName(spec)}Args`, entries, depth);
}

/** A free-form object inside a free-form value: `new Dictionary<string, object?> { ["key"] = value, ... }`. */
function freeObject(v: { [key: string]: ExportValue }, depth: number): string[] {
  const entries = Object.entries(v);
  if (entries.length === 0) return ["new Dictionary<string, object?>()"];
  return block(
    "new Dictionary<string, object?>",
    entries.map(([k, val]) => entry(`[${csString(k)}] = `, csValue(val, undefined, depth + 1))),
    depth,
  );
}

/**
 * A member's assignment. A map member (InputMap) takes a collection initializer, `Member = { { "key", value }, ... }`
 * (as Pulumi's codegen writes it; an empty map: `new InputMap<T>()`); any other member `Member = value`.
 */
function member(name: string, v: ExportValue, spec: Spec | undefined, depth: number): string[] {
  const s = resolved(spec);
  const isMap = s?.type === "object" && s.properties === undefined && s.additionalProperties !== undefined;
  if (!isMap || v === null || typeof v !== "object" || Array.isArray(v) || !isModelObject(v)) {
    return entry(`${name} = `, csValue(v, spec, depth));
  }
  const entries = Object.entries(v);
  if (entries.length === 0) return [`${name} = new InputMap<${elementType(s.additionalProperties)}>(),`];
  const items = entries.map(([k, val]) =>
    entry(`{ ${csString(k)}, `, csValue(val, s.additionalProperties, depth + 1), " },"),
  );
  return block(`${name} =`, items, depth, ",");
}

function isModelObject(v: object): v is { [key: string]: ExportValue } {
  return !(v instanceof Ref || v instanceof Concat || v instanceof ConfigValue);
}

/** One resource's statement: `var name = new Svc.Type("name", new() { ... });`. */
function resourceStatement(r: ExportProject["resources"][number]): string[] {
  const inputs = resourceInputs(r.type);
  let credentials: string | undefined;
  const entries: string[][] = [];
  for (const [k, v] of Object.entries(r.props)) {
    if (v instanceof ConfigValue && v.shape === "secretObject") credentials = v.key;
    else entries.push(member(memberName(k), v, inputs[k], 2));
  }
  const name = identifier(r.name);
  const head = `${INDENT}var ${name} = new Svc.${r.type}(${csString(r.name)}, `;
  const options = r.dependsOn.length > 0 ? "," : ");";
  const args =
    credentials === undefined
      ? block("new()", entries, 1, options)
      : block(`${WITH_CREDENTIALS}(new()`, entries, 1, `, config, ${csString(credentials)})${options}`);
  return [
    "",
    `${INDENT}// ${r.describe.replace(/[\r\n]+/g, " ")}`,
    `${head}${args[0]}`,
    ...args.slice(1),
    ...dependsOnOptions(r.dependsOn),
  ];
}

/** `new CustomResourceOptions { DependsOn = { ... } });` after a resource's arguments (none without). */
function dependsOnOptions(names: readonly string[]): string[] {
  if (names.length === 0) return [];
  const pad = INDENT;
  return [
    `${pad}new CustomResourceOptions`,
    `${pad}{`,
    `${pad}${INDENT}DependsOn =`,
    `${pad}${INDENT}{`,
    ...names.map((n) => `${pad}${INDENT}${INDENT}${identifier(n)},`),
    `${pad}${INDENT}},`,
    `${pad}});`,
  ];
}

/** The statements reading the stack's config (the identifier suffix). */
function configStatements(project: ExportProject): string[] {
  if (project.config.length === 0) return [];
  const lines = [`${INDENT}var config = new Config();`];
  for (const c of project.config.filter((k) => k.shape === "suffix")) {
    lines.push(
      `${INDENT}// ${c.purpose}`,
      `${INDENT}var ${identifier(c.key)} = config.Get(${csString(c.key)}) ?? "";`,
    );
  }
  return lines;
}

/** `words` joined by spaces into lines of at most 120 characters, each starting with `pad`. */
function wrapped(words: string[], pad: string): string[] {
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + w.length <= 120) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(`${pad}${w}`);
  }
  return lines;
}

/** The local function reading each kind of credentials field from the config object (by the field's schema). */
function credentialsReader(spec: Spec, field: string): string {
  if (spec.type === "string") return "Text";
  if (spec.type === "boolean") return "Flag";
  if (spec.type === "object" && spec.properties === undefined) return "Map";
  throw new Error(
    `svc-export: the C# writer cannot read the credentials field ${field} (${JSON.stringify(spec)})`,
  );
}

/**
 * The local functions that set an integration's credentials from its secret config object: each field of the
 * SDK's IntegrationCredentialsArgs from the object's key of the same name (from the schema: strings, flags, and
 * free-form objects, whose JSON values the Pulumi .NET SDK sends as they are).
 */
function credentialsFunctions(): string[] {
  const properties = Object.entries(typeProperties("IntegrationCredentials"));
  const fields = properties.map(([k, spec]) => {
    const reader = credentialsReader(spec, k);
    // A map member is not nullable in the SDK; null leaves it unset.
    return `${INDENT}${INDENT}${memberName(k)} = ${reader}(values, ${csString(k)})${reader === "Map" ? "!" : ""},`;
  });
  return [
    "",
    "// WithCredentials sets an integration's credentials from its secret config object (README.md names the keys).",
    "// While the key is unset, the integration declares none: adopting keeps what the service holds, and a create",
    "// makes the integration without them.",
    `static Svc.IntegrationArgs ${WITH_CREDENTIALS}(Svc.IntegrationArgs args, Config config, string key)`,
    "{",
    `${INDENT}var values = config.GetSecretObject<Dictionary<string, JsonElement>>(key);`,
    `${INDENT}if (values is not null)`,
    `${INDENT}{`,
    `${INDENT}${INDENT}args.Credentials = values.Apply(v => ToCredentials(key, v));`,
    `${INDENT}}`,
    `${INDENT}return args;`,
    "}",
    "",
    "// ToCredentials maps the config object's keys to the SDK's fields; a key that names no field is refused.",
    "static Svc.Inputs.IntegrationCredentialsArgs ToCredentials(string key, Dictionary<string, JsonElement> values)",
    "{",
    `${INDENT}string[] fields =`,
    `${INDENT}{`,
    ...wrapped(
      properties.map(([k]) => `${csString(k)},`),
      `${INDENT}${INDENT}`,
    ),
    `${INDENT}};`,
    `${INDENT}var unknown = values.Keys.FirstOrDefault(name => !fields.Contains(name));`,
    `${INDENT}if (unknown is not null)`,
    `${INDENT}{`,
    `${INDENT}${INDENT}throw new System.ArgumentException(`,
    `${INDENT}${INDENT}${INDENT}$"config {key}: \\"{unknown}\\" is not a credentials field; the fields: {string.Join(", ", fields)}");`,
    `${INDENT}}`,
    `${INDENT}return new()`,
    `${INDENT}{`,
    ...fields,
    `${INDENT}};`,
    "}",
    "",
    "static Input<string>? Text(Dictionary<string, JsonElement> values, string key) =>",
    `${INDENT}values.TryGetValue(key, out var value) ? (Input<string>)value.ToString() : null;`,
    "",
    '// A flag set with `pulumi config set --path` may be held as the string "true" or "false".',
    "static Input<bool>? Flag(Dictionary<string, JsonElement> values, string key) =>",
    `${INDENT}values.TryGetValue(key, out var value)`,
    `${INDENT}${INDENT}? (Input<bool>)(value.ValueKind == JsonValueKind.String ? bool.Parse(value.GetString()!) : value.GetBoolean())`,
    `${INDENT}${INDENT}: null;`,
    "",
    "static InputMap<object>? Map(Dictionary<string, JsonElement> values, string key) =>",
    `${INDENT}values.TryGetValue(key, out var value)`,
    `${INDENT}${INDENT}? (InputMap<object>)value.Deserialize<Dictionary<string, object>>()!`,
    `${INDENT}${INDENT}: null;`,
  ];
}

/**
 * The local function reading a secret string from config, null while unset (a secret environment variable's
 * value: while unset, the variable declares none and adopting keeps what the service holds). The null is
 * returned as such: converting a null Output<string> to Input<string> would wrap it instead.
 */
function secretFunction(): string[] {
  return [
    "",
    `// ${SECRET} is the secret config value of key, or null while it is unset (README.md names the keys).`,
    `static Input<string>? ${SECRET}(Config config, string key)`,
    "{",
    `${INDENT}var value = config.GetSecret(key);`,
    `${INDENT}if (value is null)`,
    `${INDENT}{`,
    `${INDENT}${INDENT}return null;`,
    `${INDENT}}`,
    `${INDENT}return value;`,
    "}",
  ];
}

/**
 * The local function reading a workflow's secret headers (step name -> header -> value) from a secret config
 * object, null while unset (the workflow then declares none and adopting keeps what the service holds).
 */
function secretHeadersFunction(): string[] {
  return [
    "",
    `// ${SECRET_HEADERS} is the secret config object of key as a workflow's secret headers, or null while it is unset.`,
    `static InputMap<ImmutableDictionary<string, string>>? ${SECRET_HEADERS}(Config config, string key)`,
    "{",
    `${INDENT}var value = config.GetSecretObject<Dictionary<string, Dictionary<string, string>>>(key);`,
    `${INDENT}if (value is null)`,
    `${INDENT}{`,
    `${INDENT}${INDENT}return null;`,
    `${INDENT}}`,
    `${INDENT}return value.Apply(v => v.ToImmutableDictionary(s => s.Key, s => s.Value.ToImmutableDictionary()));`,
    "}",
  ];
}

/** Program.cs. */
function program(project: ExportProject): string {
  const usesCredentials = project.resources.some((r) =>
    Object.values(r.props).some((v) => v instanceof ConfigValue && v.shape === "secretObject"),
  );
  const usesSecrets = project.config.some((c) => c.shape === "secretString");
  const usesSecretHeaders = project.config.some((c) => c.shape === "secretHeaders");
  const body = [...configStatements(project), ...project.resources.flatMap(resourceStatement)];
  if (body[0] === "") body.shift();
  const lines = [
    `// The svc environment ${JSON.stringify(project.environment.name)}, exported by svc-export (see README.md):`,
    "// every object by its identifier with Adopt, so that `pulumi up` takes it over where it exists and creates it",
    "// where it does not.",
    "using System.Collections.Generic;",
    ...(usesSecretHeaders ? ["using System.Collections.Immutable;"] : []),
    "using System.Linq;",
    ...(usesCredentials ? ["using System.Text.Json;"] : []),
    "using Pulumi;",
    "using Svc = PulumiSvc.Svc;",
    "",
    "return await Deployment.RunAsync(() =>",
    "{",
    ...body,
    "});",
    ...(usesCredentials ? credentialsFunctions() : []),
    ...(usesSecrets ? secretFunction() : []),
    ...(usesSecretHeaders ? secretHeadersFunction() : []),
  ];
  return `${lines.join("\n")}\n`;
}

/** The project file: an executable on the Pulumi .NET SDK and the svc .NET SDK from a pulumi-svc clone. */
function projectFile(): string {
  return [
    '<Project Sdk="Microsoft.NET.Sdk">',
    "",
    "\t<PropertyGroup>",
    "\t\t<OutputType>Exe</OutputType>",
    "\t\t<TargetFramework>net8.0</TargetFramework>",
    "\t\t<Nullable>enable</Nullable>",
    "\t</PropertyGroup>",
    "",
    "\t<ItemGroup>",
    `\t\t<PackageReference Include="Pulumi" Version="${PULUMI_DOTNET_VERSION}" />`,
    "\t</ItemGroup>",
    "",
    "\t<!-- The svc .NET SDK (PulumiSvc.Svc) is not published on NuGet: it is the sdks/dotnet folder of a pulumi-svc",
    "\t     clone (or of the release's source). Point this path at yours (README.md). -->",
    "\t<ItemGroup>",
    `\t\t<ProjectReference Include="${SDK_PROJECT}" />`,
    "\t</ItemGroup>",
    "",
    "</Project>",
    "",
  ].join("\n");
}

/** The files of a C# project. */
export function writeCsharp(project: ExportProject): ProjectFiles {
  return {
    "Pulumi.yaml": `name: ${project.project}\nruntime: dotnet\ndescription: The svc environment "${project.environment.name}", exported by svc-export\n`,
    "Program.cs": program(withTypedStepControls(project)),
    [`${project.project}.csproj`]: projectFile(),
  };
}
