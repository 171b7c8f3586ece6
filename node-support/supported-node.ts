/**
 * The Node.js check of every entry point that runs on the user's Node.js: the program side (`pulumi-svc`),
 * the dynamic provider's runtime (`pulumi-svc/internal/provider-runtime`), the typed client
 * (`pulumi-svc/sdk`), the npm bins `pulumi-resource-svc` and `svc-emulator`. On a Node.js older than
 * package.json's `engines` a dependency fails while loading (undici: `Cannot read properties of undefined
 * (reading 'bind')`), so each entry point runs this check before anything else it loads, and the user reads
 * one line naming the Node.js needed and the one found. It lives apart from sdk/, provider/ and emulator/,
 * which all import it (the emulator shares no runtime code with the other two).
 */
import { packageVersion, requiredNodeRange } from "./package-version";

/** Who runs on the user's Node.js: the package (program, dynamic provider) or the plugin's npm bin. */
export type NodeUser = "package" | "plugin";

/** A version as its three numbers. */
type Version = readonly [number, number, number];

function parseVersion(text: string): Version | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

function below(found: Version, needed: Version): boolean {
  for (let i = 0; i < 3; i++) if (found[i] !== needed[i]) return (found[i] ?? 0) < (needed[i] ?? 0);
  return false;
}

/** The lowest version of a `>=X.Y.Z` range (the only form package.json's `engines` uses), else undefined. */
export function lowestOf(range: string): string | undefined {
  const m = /^>=\s*(\d+\.\d+\.\d+)$/.exec(range.trim());
  return m?.[1];
}

/** `pulumi-resource-svc-v<version>-<os>-<arch>.tar.gz` of this machine, as the CLI names plugin tarballs. */
function tarballOfThisMachine(version: string): string {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return `pulumi-resource-svc-v${version}-${os}-${arch}.tar.gz`;
}

/**
 * The one line telling `who` that Node.js `found` is older than `range` needs, or undefined when it is not (or
 * when the range is not a `>=X.Y.Z` one).
 */
export function unsupportedNodeMessage(
  who: NodeUser,
  found: string,
  range: string = requiredNodeRange(),
): string | undefined {
  const lowest = lowestOf(range);
  const needed = lowest === undefined ? undefined : parseVersion(lowest);
  const have = parseVersion(found);
  if (needed === undefined || have === undefined || !below(have, needed)) return undefined;
  const line = `needs Node.js ${lowest} or later (package.json engines "${range}"), found Node.js ${found.replace(/^v/, "")} (${process.execPath})`;
  if (who === "package") return `pulumi-svc ${line}: put a newer node first on PATH.`;
  const version = packageVersion();
  return (
    `pulumi-resource-svc ${line}: put a newer node first on PATH, or use the standalone plugin, which needs no ` +
    `Node.js: pulumi plugin install resource svc ${version} --file ${tarballOfThisMachine(version)}`
  );
}

/**
 * The error of an unsupported Node.js: its message alone is what the user reads. Marked as @pulumi/pulumi marks
 * a `RunError` (which the program prints without a stack; it is not loaded here: this check runs first), and
 * its stack is the message, as the dynamic-provider host prints `${error}: ${error.stack}`.
 */
export class UnsupportedNodeError extends Error {
  /** @pulumi/pulumi's `RunError.isInstance` looks for this. */
  readonly __pulumiRunError = true;

  constructor(message: string) {
    super(message);
    this.name = "UnsupportedNodeError";
    this.stack = message;
  }

  /** The name alone: with the stack, the host prints one line. */
  override toString(): string {
    return this.name;
  }
}

/** Throws {@link UnsupportedNodeError} when this Node.js is older than package.json's `engines`. */
export function assertSupportedNode(who: NodeUser): void {
  const message = unsupportedNodeMessage(who, process.version);
  if (message !== undefined) throw new UnsupportedNodeError(message);
}
