/**
 * The standalone executable's warm code cache (scripts/plugin-dist/warm-cache.ts): made by running the bundle
 * and serving it calls, it holds far more than the cache of the script compiled alone (the functions that ran), and
 * a fresh `node` with no flags, as the executable runs, accepts it for the wrapped bundle. Needs
 * `npm run build` first (the trainer is dist/scripts/plugin-dist/cache-trainer.js).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Script } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundlePlugin } from "../../scripts/plugin-dist/bundle";
import { warmCodeCache, wrapBundle } from "../../scripts/plugin-dist/warm-cache";
import { repoRoot } from "../../testkit/harness/repo-root";

/** Compiles `wrapped` with the cache `cache` in a fresh `node` without flags; prints whether V8 rejected it. */
const CHECK = `"use strict";
const { readFileSync } = require("node:fs");
const { Script } = require("node:vm");
const [wrapped, cache] = process.argv.slice(2);
const script = new Script(readFileSync(wrapped, "utf8"), { cachedData: readFileSync(cache) });
process.stdout.write(String(script.cachedDataRejected));
`;

let work: string;
let wrapped: string;
let cache: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "svc-warm-cache-"));
  wrapped = join(work, "bundle.js");
  cache = join(work, "bundle.cache");
  writeFileSync(wrapped, wrapBundle((await bundlePlugin(repoRoot(), "0.0.0-test")).code));
  await warmCodeCache(wrapped, cache);
  writeFileSync(join(work, "check.js"), CHECK);
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the warm code cache of the plugin executable", () => {
  it("holds the functions that ran: over twice the cache of the bundle compiled without running it", () => {
    // The top-level code alone (a cache taken before running) is within a few bytes of the cold one; the
    // serving code and the two calls' make the warm one several times larger (about 6x).
    const cold = new Script(readFileSync(wrapped, "utf8")).createCachedData();
    expect(statSync(cache).size).toBeGreaterThan(2 * cold.length);
  });

  it("is accepted by a fresh node without flags", () => {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const r = spawnSync(process.execPath, [join(work, "check.js"), wrapped, cache], {
      env,
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("false");
  });
});
