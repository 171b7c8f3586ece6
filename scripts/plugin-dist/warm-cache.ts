/**
 * A warm V8 code cache for the plugin executable. The SEA's own `useCodeCache` is made without running the
 * script, so it holds the top-level code alone and every function the plugin runs to serve its port and its
 * first call is compiled when it first runs. Instead, the build runs the bundle once in a child of the `node`
 * that is injected (cache-trainer.ts), serves it a `GetPluginInfo` and a `GetSchema`, and takes
 * `vm.Script#createCachedData()` after that: the cache then holds the bytecode of what ran. The executable's
 * main is {@link seaLoaderSource}, which compiles the bundle (a SEA asset) with that cache and runs it as its
 * own CommonJS body; where V8 rejects the cache (another Node.js, other flags) it compiles lazily, as without.
 */
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../testkit/harness/repo-root";
import { PluginClient } from "../../testkit/plugin/plugin-client";
import { portOf } from "../../testkit/plugin/plugin-process";

/** The SEA asset holding the wrapped bundle ({@link wrapBundle}). */
export const BUNDLE_ASSET = "pulumi-resource-svc.js";
/** The SEA asset holding the warm code cache of {@link BUNDLE_ASSET}. */
export const CACHE_ASSET = "pulumi-resource-svc.cache";

/**
 * The bundle as one function expression of CommonJS's parameters: the text compiled by the trainer and by the
 * executable alike (a code cache is accepted for the same source alone).
 */
export function wrapBundle(code: string): string {
  return `(function (exports, require, module, __filename, __dirname) {${code}\n})`;
}

/**
 * The executable's main script: compiles the wrapped bundle with the warm cache when V8 accepts it, and runs it
 * with the main script's own `exports`, `require` (built-in modules, as a SEA main has), `module`, `__filename`
 * and `__dirname`, so the bundle runs as it would as the main script.
 */
export function seaLoaderSource(): string {
  return [
    `"use strict";`,
    `const { getAsset } = require("node:sea");`,
    `const { Script } = require("node:vm");`,
    `let cachedData;`,
    `try { cachedData = new Uint8Array(getAsset(${JSON.stringify(CACHE_ASSET)})); } catch {}`,
    `const script = new Script(getAsset(${JSON.stringify(BUNDLE_ASSET)}, "utf8"), { filename: __filename, cachedData });`,
    `script.runInThisContext().call(module.exports, module.exports, require, module, __filename, __dirname);`,
    ``,
  ].join("\n");
}

/** The calls the trainer is served before the cache is taken: the engine's first call and the bench's. */
async function exercise(address: string): Promise<void> {
  const client = new PluginClient(address);
  try {
    await client.pluginInfo();
    await client.schema();
  } finally {
    client.close();
  }
}

/**
 * Runs the wrapped bundle `wrappedFile` in a child of this `node` (no flags, no NODE_OPTIONS: a cache is
 * accepted under the flags it was made with alone; the trainer from `dist/`, `npm run build` first),
 * exercises it and writes its code cache to `cacheFile`.
 */
export async function warmCodeCache(wrappedFile: string, cacheFile: string): Promise<void> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  // From dist/ also when this module runs from source (vitest): the trainer runs as plain JavaScript.
  const trainer = join(repoRoot(), "dist", "scripts", "plugin-dist", "cache-trainer.js");
  const child = fork(trainer, [wrappedFile, cacheFile], {
    execArgv: [],
    env,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  try {
    await exercise(`127.0.0.1:${await portOf(child)}`);
    child.send("write-cache");
    const code = await exited;
    if (code !== 0 || !existsSync(cacheFile))
      throw new Error(`plugin:dist: the code cache trainer exited with ${code}`);
  } finally {
    child.kill();
  }
}
