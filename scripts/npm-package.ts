/**
 * `npm run package [-- --out=DIR]`: the npm package as it is published, `pulumi-svc-<version>.tgz`. The
 * repository's package.json keeps `scripts` (`prepare` builds and links on `npm ci`); the published one has
 * none, so installing the package runs nothing and npm asks nothing (npm 11 warns about every install script
 * not covered by `allowScripts`). `npm pack` runs in a staging folder holding what `files` names, LICENSE and
 * package.json without `scripts`. Pack after `npm run build` (the script does; `npm test` does too).
 * Publish the tarball it writes: `npm publish pulumi-svc-<version>.tgz`.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { npm } from "../testkit/consumer/npm";
import { repoRoot } from "../testkit/harness/repo-root";

/** package.json, as far as packing reads it. */
interface Manifest {
  files: string[];
  scripts?: Record<string, string>;
  [field: string]: unknown;
}

/** The package.json that is published: the repository's without `scripts`. */
export function publishedManifest(manifest: Manifest): Manifest {
  const { scripts: _scripts, ...published } = manifest;
  return published;
}

/** One entry of `npm pack --json`. */
export interface PackResult {
  filename: string;
  files: { path: string }[];
}

/** Writes the staging folder: the `files` entries (no source maps), LICENSE, the published package.json. */
function stage(root: string, manifest: Manifest): string {
  const dir = mkdtempSync(join(tmpdir(), "pulumi-svc-package-"));
  for (const entry of [...manifest.files.filter((f) => !f.startsWith("!")), "LICENSE"])
    cpSync(join(root, entry), join(dir, entry), { recursive: true, filter: (src) => !src.endsWith(".map") });
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(publishedManifest(manifest), null, 2)}\n`);
  return dir;
}

/** `npm pack` of the published package into `destination` (or `--dry-run` without one). */
export async function packPackage(destination?: string): Promise<PackResult> {
  const root = repoRoot();
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Manifest;
  const dir = stage(root, manifest);
  try {
    const where = destination === undefined ? ["--dry-run"] : ["--pack-destination", resolve(destination)];
    const out = await npm(["pack", "--json", "--ignore-scripts", ...where], { cwd: dir });
    const [result] = JSON.parse(out) as PackResult[];
    if (!result) throw new Error(`npm pack printed no result: ${out}`);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const out = process.argv.find((a) => a.startsWith("--out="))?.slice("--out=".length) ?? repoRoot();
  packPackage(out).then(
    (r) => console.log(join(resolve(out), r.filename)),
    (e: unknown) => {
      console.error(`package: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
