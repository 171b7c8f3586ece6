/**
 * The Go program on the generated Go SDK (`github.com/pulumi-svc/pulumi-svc/sdks/go/svc`), laid out as gofmt
 * leaves it: tabs, one composite-literal entry per line with a trailing comma, and the values of consecutive
 * one-line `key: value` entries aligned in a column as gofmt's printer aligns them (./go-literal.ts). Field
 * names are the SDK's (PascalCase of the schema's names), values typed as the SDK declares them
 * (`pulumi.String`, `pulumi.StringArray`, `svc.WorkflowStepArgs`, `svc.WorkflowStepArray`, ...); the keys of
 * maps (controls, payload schemas) stay as the service holds them (`pulumi.Map`). Which is which comes from the
 * package schema (./schema-types.ts). Credentials come from a secret config object per integration, and a
 * secret variable's value from a secret config key, each nil while unset (adopting then keeps what the
 * service holds).
 */
import { Concat, ConfigValue, type ExportProject, type ExportValue, isPlainObject, Ref } from "../model";
import type { ProjectFiles } from "./files";
import { composite, type Entry, goString } from "./go-literal";
import { resolved, resourceInputs, type Spec, typeName } from "./schema-types";
import { withTypedStepControls } from "./typed-step-controls";

/** The versions a generated go.mod asks for: those of the Go SDK's own go.mod (sdks/go/go.mod). */
export const GO_VERSIONS = { go: "1.26.6", pulumiSdk: "v3.274.1" } as const;

/** The module of the generated Go SDK, and the package the program imports. */
const SDK_MODULE = "github.com/pulumi-svc/pulumi-svc/sdks/go";

/** The program's map of credentials by config key (see {@link READ_CREDENTIALS}). */
const CREDENTIALS_VAR = "creds";

/** The SDK's Go name of a schema property (`layoutId` -> `LayoutId`). */
function fieldName(property: string): string {
  return property[0]!.toUpperCase() + property.slice(1);
}

/** The Go type of a scalar of the schema's `type`, or of a JSON value when the schema says Any. */
const SCALAR: Record<string, string> = {
  string: "pulumi.String",
  boolean: "pulumi.Bool",
  number: "pulumi.Float64",
  integer: "pulumi.Int",
};

/** The SDK's composite type of an array of `items`. */
function arrayType(items: Spec | undefined): string {
  const ref = typeName(items);
  if (ref !== undefined) return `svc.${ref}Array`;
  if (items?.type !== undefined && SCALAR[items.type] !== undefined) return `${SCALAR[items.type]}Array`;
  return "pulumi.Array";
}

/** The SDK's composite type of a map of `values`. */
function mapType(values: Spec | undefined): string {
  const ref = typeName(values);
  if (ref !== undefined) return `svc.${ref}Map`;
  if (values?.type !== undefined && SCALAR[values.type] !== undefined) return `${SCALAR[values.type]}Map`;
  return "pulumi.Map";
}

/** A number as the SDK's input (the engine holds every number as a float). */
function number(n: number, spec: Spec | undefined): string {
  if (spec?.type === "number" || !Number.isSafeInteger(n)) return `pulumi.Float64(${String(n)})`;
  return `pulumi.Int(${String(n)})`;
}

/** A value of the model as Go lines: the first continues the line it starts on; `depth` is that line's. */
function goValue(v: ExportValue, spec: Spec | undefined, depth: number): string[] {
  if (v instanceof Ref) return [`${v.resource}.${fieldName(v.property)}`];
  if (v instanceof Concat) return [`pulumi.String(${goString(v.prefix)} + ${v.config.key})`];
  if (v instanceof ConfigValue) {
    if (v.shape === "secretObject") return [`${CREDENTIALS_VAR}[${goString(v.key)}]`];
    if (v.shape === "secretString") return [`readSecret(conf, ${goString(v.key)})`];
    if (v.shape === "secretHeaders") return [`readSecretHeaders(conf, ${goString(v.key)})`];
    return [`pulumi.String(${v.key})`];
  }
  if (v === null) return ["nil"];
  if (typeof v === "string") return [`pulumi.String(${goString(v)})`];
  if (typeof v === "boolean") return [`pulumi.Bool(${v})`];
  if (typeof v === "number") return [number(v, spec)];
  const s = resolved(spec);
  if (Array.isArray(v)) {
    const items = v.map((item): Entry => ({ value: goValue(item, s?.items, depth + 1) }));
    return composite(arrayType(s?.items), items, depth);
  }
  const typed = s?.properties !== undefined;
  const entries = Object.entries(v).map(
    ([k, val]): Entry => ({
      key: typed ? fieldName(k) : goString(k),
      value: typed
        ? fieldValue(val, s?.properties?.[k], depth + 1)
        : goValue(val, s?.additionalProperties, depth + 1),
    }),
  );
  const type = typed ? `svc.${typeName(spec)}Args` : mapType(s?.additionalProperties);
  return composite(type, entries, depth);
}

/**
 * A field's value: a typed object by pointer (`&svc.WorkflowStepEmailControlsArgs{...}`, as Pulumi's Go program
 * generation writes an object field); anything else as {@link goValue} writes it.
 */
function fieldValue(v: ExportValue, spec: Spec | undefined, depth: number): string[] {
  const lines = goValue(v, spec, depth);
  const typedObject = isPlainObject(v) && resolved(spec)?.properties !== undefined;
  return typedObject ? [`&${lines[0]}`, ...lines.slice(1)] : lines;
}

/** `readCredentials`: each integration's credentials from its secret config object, absent while unset. */
const READ_CREDENTIALS = [
  "// readCredentials reads each integration's credentials from its secret config object (README.md names the",
  "// keys). A key that is unset is left out of the map, so the integration declares no credentials: adopting",
  "// keeps what the service holds, and a create makes the integration without them.",
  "func readCredentials(conf *config.Config, keys ...string) (map[string]svc.IntegrationCredentialsPtrInput, error) {",
  "\tcreds := map[string]svc.IntegrationCredentialsPtrInput{}",
  "\tfor _, key := range keys {",
  "\t\tvar value *svc.IntegrationCredentials",
  "\t\tif _, err := conf.GetSecretObject(key, &value); err != nil {",
  "\t\t\treturn nil, err",
  "\t\t}",
  "\t\tif value != nil {",
  "\t\t\tcreds[key] = pulumi.ToSecret(value).(svc.IntegrationCredentialsPtrOutput)",
  "\t\t}",
  "\t}",
  "\treturn creds, nil",
  "}",
];

/** `readSecretHeaders`: a workflow's secret headers from their secret config object, nil while unset. */
const READ_SECRET_HEADERS = [
  "// readSecretHeaders reads a workflow's secret headers (step name -> header -> value) from their secret config",
  "// object (README.md names the keys). While the key is unset it answers nil, so the workflow declares none:",
  "// adopting keeps the headers the service holds.",
  "func readSecretHeaders(conf *config.Config, key string) pulumi.StringMapMapInput {",
  "\tvar value map[string]map[string]string",
  "\tif _, err := conf.GetSecretObject(key, &value); err != nil || value == nil {",
  "\t\treturn nil",
  "\t}",
  "\treturn pulumi.ToSecret(pulumi.ToStringMapMap(value)).(pulumi.StringMapMapOutput)",
  "}",
];

/** `readSecret`: a secret variable's value from its secret config key, nil while unset. */
const READ_SECRET = [
  "// readSecret reads a secret environment variable's value from its secret config key (README.md names the",
  "// keys). While the key is unset it answers nil, so the variable declares no value: adopting keeps the value",
  "// the service holds.",
  "func readSecret(conf *config.Config, key string) pulumi.StringPtrInput {",
  "\tvalue, err := conf.TrySecret(key)",
  "\tif err != nil {",
  "\t\treturn nil",
  "\t}",
  "\treturn value.ToStringPtrOutput()",
  "}",
];

/** The statements reading the stack's config (the identifier suffix, the credentials). */
function configStatements(project: ExportProject): string[] {
  const suffixes = project.config.filter((c) => c.shape === "suffix");
  const secrets = project.config.filter((c) => c.shape === "secretObject");
  if (project.config.length === 0) return [];
  const lines = ['\tconf := config.New(ctx, "")'];
  for (const c of suffixes) lines.push(`\t// ${c.purpose}`, `\t${c.key} := conf.Get(${goString(c.key)})`);
  if (secrets.length > 0) {
    lines.push(`\t${CREDENTIALS_VAR}, err := readCredentials(conf,`);
    lines.push(...secrets.map((c) => `\t\t${goString(c.key)},`), "\t)", ...returnOnError());
  }
  return lines;
}

function returnOnError(): string[] {
  return ["\tif err != nil {", "\t\treturn err", "\t}"];
}

/** One resource's statement: `name, err := svc.NewType(ctx, "name", &svc.TypeArgs{...})`. */
function resourceStatement(r: ExportProject["resources"][number]): string[] {
  const inputs = resourceInputs(r.type);
  const entries = Object.entries(r.props).map(
    ([k, v]): Entry => ({ key: fieldName(k), value: fieldValue(v, inputs[k], 2) }),
  );
  const [first, ...rest] = composite(`&svc.${r.type}Args`, entries, 1);
  const close =
    r.dependsOn.length > 0 ? `, pulumi.DependsOn([]pulumi.Resource{${r.dependsOn.join(", ")}}))` : ")";
  return [
    "",
    `\t// ${r.describe}`,
    `\t${r.name}, err := svc.New${r.type}(ctx, ${goString(r.name)}, ${first}${rest.length === 0 ? close : ""}`,
    ...rest.map((line, i) => (i === rest.length - 1 ? `${line}${close}` : line)),
    ...returnOnError(),
  ];
}

/** main.go. */
function program(project: ExportProject): string {
  const usesConfig = project.config.length > 0;
  const usesCredentials = project.config.some((c) => c.shape === "secretObject");
  const usesSecrets = project.config.some((c) => c.shape === "secretString");
  const usesSecretHeaders = project.config.some((c) => c.shape === "secretHeaders");
  const names = project.resources.map((r) => r.name);
  const lines = [
    `// Command ${project.project} declares the svc environment ${JSON.stringify(project.environment.name)}, exported by svc-export`,
    "// (see README.md): every object by its identifier with Adopt, so that `pulumi up` takes it over where it exists",
    "// and creates it where it does not.",
    "package main",
    "",
    "import (",
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ...(usesConfig ? ['\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"'] : []),
    "",
    `\t"${SDK_MODULE}/svc"`,
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(program)",
    "}",
    "",
    "// program declares the exported objects; its output `resources` counts them, as the other languages' do.",
    "func program(ctx *pulumi.Context) error {",
    ...configStatements(project),
    ...project.resources.flatMap(resourceStatement),
    "",
    names.length === 0
      ? '\tctx.Export("resources", pulumi.Int(len([]pulumi.Resource{})))'
      : '\tctx.Export("resources", pulumi.Int(len([]pulumi.Resource{',
    ...(names.length === 0 ? [] : [...names.map((n) => `\t\t${n},`), "\t})))"]),
    "\treturn nil",
    "}",
    ...(usesCredentials ? ["", ...READ_CREDENTIALS] : []),
    ...(usesSecrets ? ["", ...READ_SECRET] : []),
    ...(usesSecretHeaders ? ["", ...READ_SECRET_HEADERS] : []),
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * Names the go command gives a meaning of its own (`go help packages`; `go` and `toolchain` name the toolchain's
 * modules): a go.mod declaring one of them as its module fails every command.
 */
const RESERVED_MODULE_PATHS = new Set(["all", "cmd", "go", "std", "tool", "toolchain", "work"]);

/**
 * The module path of go.mod: the project's name where Go accepts it; without the leading dashes and dots and
 * the trailing dots Go refuses, and with `-program` appended where what is left is a name Go reserves (a
 * project exported into a folder named `go` is the project `go`).
 */
export function goModulePath(project: string): string {
  const path = project.replace(/^[-.]+/, "").replace(/\.+$/, "");
  if (path === "") return "svc-program";
  return RESERVED_MODULE_PATHS.has(path) ? `${path}-program` : path;
}

/** go.mod: the Pulumi SDK, and the svc SDK from a pulumi-svc clone through `replace` (README.md says why). */
function goMod(project: ExportProject): string {
  return [
    `module ${goModulePath(project.project)}`,
    "",
    `go ${GO_VERSIONS.go}`,
    "",
    "require (",
    `\tgithub.com/pulumi/pulumi/sdk/v3 ${GO_VERSIONS.pulumiSdk}`,
    `\t${SDK_MODULE} v0.0.0`,
    ")",
    "",
    "// The svc Go SDK is not published as a module: it is the sdks/go folder of a pulumi-svc clone (or of the",
    "// release's source). Point this path at yours, then run `go mod tidy` (README.md).",
    `replace ${SDK_MODULE} => ../pulumi-svc/sdks/go`,
    "",
  ].join("\n");
}

/** The files of a Go project. */
export function writeGo(project: ExportProject): ProjectFiles {
  return {
    "Pulumi.yaml": `name: ${project.project}\nruntime: go\ndescription: The svc environment "${project.environment.name}", exported by svc-export\n`,
    "main.go": program(withTypedStepControls(project)),
    "go.mod": goMod(project),
  };
}
