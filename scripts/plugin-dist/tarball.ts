/** A Pulumi plugin tarball: the executable alone at its root, named as the CLI expects. */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { runTool } from "./run-tool";

/** `pulumi-resource-svc-v<version>-<os>-<arch>.tar.gz`, the name the CLI downloads from `pluginDownloadURL`. */
export function tarballName(version: string, platformName: string): string {
  return `pulumi-resource-svc-v${version}-${platformName}.tar.gz`;
}

/**
 * Packs `dir/executable` (alone, at the root) into `dir/<tarballName>` with gzip at `level` (1 fastest, 9
 * smallest; 6 is gzip's default: 44 MB for linux-amd64, 49 MB at 1 in under half the CPU); returns its path.
 */
export function packTarball(
  dir: string,
  executable: string,
  version: string,
  platformName: string,
  level: number,
): string {
  const tar = join(dir, `${executable}.tar`);
  runTool("tar", ["-cf", tar, "-C", dir, executable]);
  const file = join(dir, tarballName(version, platformName));
  writeFileSync(file, gzipSync(readFileSync(tar), { level }));
  rmSync(tar);
  return file;
}
