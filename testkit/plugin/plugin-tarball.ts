/**
 * The plugin tarball of this machine's platform, built from this repository's `dist/` by the dist script
 * (scripts/plugin-dist; `npm run build` first) into a folder of the caller's, and a bin folder holding only
 * the Pulumi CLI and its YAML language host: with it alone on PATH, no `node` is found, so whatever serves the
 * plugin is the standalone executable.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { buildPluginDist, type PluginTarball } from "../../scripts/plugin-dist/build";
import { hostPlatform } from "../../scripts/plugin-dist/platforms";

/** The built tarball and the version it carries. */
export interface HostPluginTarball extends PluginTarball {
  version: string;
}

/**
 * Builds the tarball of this machine's platform into `outDir` (gzip level 1: the test's CPU matters more than
 * 5 MB); throws when the dist script does not know the platform.
 */
export async function buildHostPluginTarball(outDir: string): Promise<HostPluginTarball> {
  const host = hostPlatform();
  if (host === undefined) throw new Error(`no plugin tarball for ${process.platform}-${process.arch}`);
  const result = await buildPluginDist({ platforms: [host], outDir, compressionLevel: 1 });
  const tarball = result.tarballs[0];
  if (tarball === undefined) throw new Error(`${host.name}: ${result.skipped[0]?.reason ?? "not built"}`);
  return { ...tarball, version: result.version };
}

/** Makes `dir` hold links to `pulumi` and `pulumi-language-yaml` of `cliBinDir` only; returns `dir`. */
export function cliOnlyBinDir(dir: string, cliBinDir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const name of ["pulumi", "pulumi-language-yaml"]) symlinkSync(join(cliBinDir, name), join(dir, name));
  return dir;
}

/** Whether `command -v <name>` finds `name` with this PATH (run by /bin/sh, found by its absolute path). */
export function onPath(name: string, path: string): boolean {
  return spawnSync("/bin/sh", ["-c", `command -v ${name}`], { env: { PATH: path } }).status === 0;
}
