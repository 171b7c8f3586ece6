/**
 * `node cache-trainer.js <wrapped bundle> <cache file>` (forked by warm-cache.ts): runs the wrapped bundle as
 * the executable's loader does, so it serves its port; on the parent's message, after the parent's calls,
 * writes the script's code cache (the functions run so far included) and exits.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { Script } from "node:vm";

const [wrappedFile, cacheFile] = process.argv.slice(2);
if (wrappedFile === undefined || cacheFile === undefined)
  throw new Error("usage: cache-trainer.js <wrapped bundle> <cache file>");
const script = new Script(readFileSync(wrappedFile, "utf8"), { filename: process.execPath });
process.once("message", () => {
  writeFileSync(cacheFile, script.createCachedData());
  process.exit(0);
});
const body = script.runInThisContext() as (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;
const mod = { exports: {} };
body.call(mod.exports, mod.exports, require, mod, process.execPath, dirname(process.execPath));
