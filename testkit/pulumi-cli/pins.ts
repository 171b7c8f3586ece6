import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../harness/repo-root";

/**
 * The Pulumi versions pulumi-svc pins, all stated in package.json: the @pulumi/pulumi npm SDK (its
 * `dependencies` range), the CLI scripts/install-pulumi.sh builds, the YAML language host built next to it and
 * the Python SDK scripts/python-venv.sh installs (its `pulumiSvc` section). The Go wrapper modules (scripts/pulumi-cli/go.mod, scripts/pulumi-yaml/go.mod)
 * require the pinned versions; {@link pinProblems} checks that they all agree.
 */
export interface Pins {
  /** package.json `dependencies["@pulumi/pulumi"]`, e.g. `^3.270.0`. */
  sdkRange: string;
  /** The @pulumi/pulumi version package-lock.json installs. */
  sdkLocked: string;
  /** package.json `pulumiSvc.pulumiCli`, e.g. `3.274.1`. */
  cli: string;
  /** package.json `pulumiSvc.pulumiLanguageYaml`, e.g. `1.25.0`. */
  languageYaml: string;
  /** package.json `pulumiSvc.pulumiPython`: Pulumi's Python SDK (PyPI `pulumi`), e.g. `3.272.0`. */
  python: string;
  /** The text of scripts/pulumi-cli/go.mod. */
  cliGoMod: string;
  /** The text of scripts/pulumi-yaml/go.mod. */
  yamlGoMod: string;
}

interface PackageJson {
  dependencies?: Record<string, string>;
  pulumiSvc?: { pulumiCli?: string; pulumiLanguageYaml?: string; pulumiPython?: string };
}

interface PackageLock {
  packages?: Record<string, { version?: string }>;
}

/** The pins of the repository at `root` (default: this one). */
export function readPins(root: string = repoRoot()): Pins {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as PackageJson;
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as PackageLock;
  return {
    sdkRange: pkg.dependencies?.["@pulumi/pulumi"] ?? "",
    sdkLocked: lock.packages?.["node_modules/@pulumi/pulumi"]?.version ?? "",
    cli: pkg.pulumiSvc?.pulumiCli ?? "",
    languageYaml: pkg.pulumiSvc?.pulumiLanguageYaml ?? "",
    python: pkg.pulumiSvc?.pulumiPython ?? "",
    cliGoMod: readFileSync(join(root, "scripts", "pulumi-cli", "go.mod"), "utf8"),
    yamlGoMod: readFileSync(join(root, "scripts", "pulumi-yaml", "go.mod"), "utf8"),
  };
}

/** `x.y.z` as numbers; undefined when `version` is not a plain semver (pre-release and build suffixes dropped). */
export function parseVersion(version: string): [number, number, number] | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Negative, 0 or positive as semver `a` is below, equal to or above `b` (both plain `x.y.z`). */
export function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The lowest version an npm range of the forms `x.y.z`, `^x.y.z`, `~x.y.z`, `>=x.y.z` admits; else undefined. */
export function rangeFloor(range: string): [number, number, number] | undefined {
  const m = /^(?:\^|~|>=|=)?\s*(\d+\.\d+\.\d+)$/.exec(range.trim());
  return m?.[1] === undefined ? undefined : parseVersion(m[1]);
}

/** Whether `goMod` requires `module` at exactly `v<version>` (in a `require` line or block). */
export function goModRequires(goMod: string, module: string, version: string): boolean {
  const escaped = module.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    `^\\s*(?:require\\s+)?${escaped}\\s+v${version.replace(/\./g, "\\.")}(?:\\s|$)`,
    "m",
  ).test(goMod);
}

/**
 * What is wrong with `pins`, one sentence each; empty when they agree: the CLI is at least as new as the SDKs
 * (the npm range's floor, its locked version, and the Python SDK: users run a CLI at least as new as their
 * SDK), and the wrapper
 * modules require the pinned pkg/v3, sdk/v3 and pulumi-yaml versions.
 */
export function pinProblems(pins: Pins): string[] {
  const problems: string[] = [];
  const cli = parseVersion(pins.cli);
  if (cli === undefined)
    problems.push(`package.json pulumiSvc.pulumiCli "${pins.cli}" is not a version x.y.z`);
  if (parseVersion(pins.languageYaml) === undefined)
    problems.push(`package.json pulumiSvc.pulumiLanguageYaml "${pins.languageYaml}" is not a version x.y.z`);
  const floor = rangeFloor(pins.sdkRange);
  if (floor === undefined)
    problems.push(
      `package.json @pulumi/pulumi "${pins.sdkRange}" is not a range x.y.z, ^x.y.z, ~x.y.z or >=x.y.z`,
    );
  const locked = parseVersion(pins.sdkLocked);
  if (locked === undefined)
    problems.push(`package-lock.json installs no @pulumi/pulumi version ("${pins.sdkLocked}")`);
  if (cli !== undefined && floor !== undefined && compareVersions(cli, floor) < 0)
    problems.push(`the pinned CLI ${pins.cli} is older than the SDK's range ${pins.sdkRange} (CLI >= SDK)`);
  if (cli !== undefined && locked !== undefined && compareVersions(cli, locked) < 0)
    problems.push(
      `the pinned CLI ${pins.cli} is older than the locked @pulumi/pulumi ${pins.sdkLocked} (CLI >= SDK)`,
    );
  const python = parseVersion(pins.python);
  if (python === undefined)
    problems.push(`package.json pulumiSvc.pulumiPython "${pins.python}" is not a version x.y.z`);
  if (cli !== undefined && python !== undefined && compareVersions(cli, python) < 0)
    problems.push(
      `the pinned CLI ${pins.cli} is older than the pinned Python SDK ${pins.python} (CLI >= SDK)`,
    );
  for (const module of ["github.com/pulumi/pulumi/pkg/v3", "github.com/pulumi/pulumi/sdk/v3"]) {
    if (!goModRequires(pins.cliGoMod, module, pins.cli))
      problems.push(`scripts/pulumi-cli/go.mod does not require ${module} v${pins.cli}`);
  }
  if (!goModRequires(pins.yamlGoMod, "github.com/pulumi/pulumi-yaml", pins.languageYaml))
    problems.push(
      `scripts/pulumi-yaml/go.mod does not require github.com/pulumi/pulumi-yaml v${pins.languageYaml}`,
    );
  return problems;
}
