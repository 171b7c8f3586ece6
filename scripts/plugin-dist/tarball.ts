/** A Pulumi plugin tarball: the executable alone at its root, named as the CLI expects. */
import { join } from "node:path";
import { runTool } from "./run-tool";

/** `pulumi-resource-svc-v<version>-<os>-<arch>.tar.gz`, the name the CLI downloads from `pluginDownloadURL`. */
export function tarballName(version: string, platformName: string): string {
  return `pulumi-resource-svc-v${version}-${platformName}.tar.gz`;
}

/** Packs `dir/executable` (alone, at the root) into `dir/<tarballName>`; returns the tarball's path. */
export function packTarball(dir: string, executable: string, version: string, platformName: string): string {
  const file = join(dir, tarballName(version, platformName));
  runTool("tar", ["-czf", file, "-C", dir, executable]);
  return file;
}
