/**
 * A Node.js older than package.json's `engines`, for the tests of what users of one read: npm serves Node.js
 * as the `node` package (its install script fetches the platform's binary, allowed by the folder's
 * `allowScripts`), installed once into `<node cache>/node-<major>` (scripts/plugin-dist/node-binary.ts
 * `nodeCacheDir`, `PULUMI_SVC_NODE_CACHE`). Not the `node` on PATH: that may be any version.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { nodeCacheDir } from "../scripts/plugin-dist/node-binary";
import { npm } from "./consumer/npm";

/** The `node` executable of the newest Node.js `major` npm serves, installed on first use. */
export async function olderNode(major: number): Promise<string> {
  const dir = join(nodeCacheDir(), `node-${major}`);
  const node = join(dir, "node_modules", "node", "bin", "node");
  if (!existsSync(node)) {
    const partial = `${dir}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    const manifest = { name: `node-${major}`, private: true, allowScripts: { node: true } };
    writeFileSync(join(partial, "package.json"), `${JSON.stringify(manifest)}\n`);
    await npm(["install", `node@${major}`, "--no-audit", "--no-fund"], { cwd: partial });
    // Another process may have installed it meanwhile: keep the first.
    if (existsSync(node)) rmSync(partial, { recursive: true, force: true });
    else {
      rmSync(dir, { recursive: true, force: true });
      renameSync(partial, dir);
    }
  }
  const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
  if (!version.startsWith(`v${major}.`))
    throw new Error(`${node} is ${version || "not runnable"}, not Node.js ${major}`);
  return node;
}
