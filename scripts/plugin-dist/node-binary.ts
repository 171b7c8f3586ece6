/**
 * The Node.js executable a platform's plugin is made from: this machine's own `node` for its platform (the
 * `node` devDependency), else the binary of the npm package that serves Node.js for that platform, fetched
 * once with `npm pack <package>@<version>` into a cache folder (not a dependency: `npm ci` stays small).
 */
import { existsSync, mkdirSync, realpathSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { PluginPlatform } from "./platforms";
import { runTool } from "./run-tool";

/** Where fetched Node.js binaries are kept (`PULUMI_SVC_NODE_CACHE`, default `~/.cache/pulumi-svc/node`). */
export function nodeCacheDir(): string {
  return process.env.PULUMI_SVC_NODE_CACHE ?? join(homedir(), ".cache", "pulumi-svc", "node");
}

/** The npm client (the one running `npm run`, else `npm` on PATH). */
function npmCommand(): { command: string; prefix: string[] } {
  const cli = process.env.npm_execpath;
  return cli?.endsWith(".js") ? { command: process.execPath, prefix: [cli] } : { command: "npm", prefix: [] };
}

/** Fetches `<package>@<version>` and extracts its Node.js binary into the cache; returns its path. */
function fetchNodeBinary(p: PluginPlatform, version: string): string {
  const dir = join(nodeCacheDir(), `${p.nodePackage}-${version}`);
  const binary = join(dir, p.nodeBinary);
  if (existsSync(binary)) return binary;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const npm = npmCommand();
  const spec = `${p.nodePackage}@${version}`;
  runTool(npm.command, [...npm.prefix, "pack", spec, "--silent", "--pack-destination", partial], partial);
  const tgz = join(partial, `${p.nodePackage}-${version}.tgz`);
  runTool("tar", ["-xzf", tgz, "-C", partial, p.nodeBinary]);
  rmSync(tgz);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return binary;
}

/** Whether `process.execPath` is the Node.js binary of `version` for platform `p`. */
export function runsOn(p: PluginPlatform, version: string): boolean {
  return (
    p.nodePlatform === process.platform && p.nodeArch === process.arch && process.version === `v${version}`
  );
}

/**
 * The Node.js binary of `version` for platform `p`: `process.execPath` when it is that (this machine's
 * platform and version), else the fetched package's.
 */
export function nodeBinaryFor(p: PluginPlatform, version: string): string {
  return runsOn(p, version) ? realpathSync(process.execPath) : fetchNodeBinary(p, version);
}
