/**
 * Node.js single executable applications (SEA, Node 22): the bundle is turned into a preparation blob by the
 * `node` that runs this script (`--experimental-sea-config`; the blob must come from the Node.js version of
 * the binary it goes into) and injected into a copy of a platform's `node` binary with postject. On macOS the
 * binary's signature is removed before and an ad-hoc one made after (`codesign`, which only macOS has).
 */
import { chmodSync, copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PluginPlatform } from "./platforms";
import { runTool } from "./run-tool";

/** The fuse Node.js looks for to know it carries a SEA blob. */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** What goes into a SEA blob. */
export interface SeaBlobContent {
  /** The main script. */
  main: string;
  /** SEA assets (`node:sea` `getAsset(name)`), name to file. */
  assets?: Record<string, string>;
  /**
   * Whether the blob holds V8's code cache of the main script, made without running it (valid only in the
   * binary of the `node` running this script).
   */
  codeCache: boolean;
}

/** Writes the SEA preparation blob named `name` of `content` into `workDir`; returns its path. */
export function seaBlob(name: string, content: SeaBlobContent, workDir: string): string {
  const config = join(workDir, `${name}.json`);
  const output = join(workDir, `${name}.blob`);
  writeFileSync(
    config,
    JSON.stringify({
      main: content.main,
      output,
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      useCodeCache: content.codeCache,
      assets: content.assets ?? {},
    }),
  );
  runTool(process.execPath, ["--experimental-sea-config", config], workDir);
  return output;
}

/**
 * Copies `nodeBinary` to `target` and injects the blob file `blob` with postject's CLI (in a child process: its
 * LIEF core prints harmless `.note` warnings, shown only on failure): `target` is then the plugin executable
 * of `p`.
 */
export function makeExecutable(p: PluginPlatform, nodeBinary: string, blob: string, target: string): void {
  copyFileSync(nodeBinary, target);
  chmodSync(target, 0o755);
  if (p.codesign) runTool("codesign", ["--remove-signature", target]);
  const macho = p.nodePlatform === "darwin" ? ["--macho-segment-name", "NODE_SEA"] : [];
  const cli = require.resolve("postject/dist/cli.js");
  runTool(process.execPath, [cli, target, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE, ...macho]);
  if (p.codesign) runTool("codesign", ["--sign", "-", target]);
}
