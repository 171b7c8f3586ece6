/**
 * The npm package as a publisher makes it (`npm run package`, scripts/npm-package.ts: package.json without
 * its `scripts`). Pack after `npm run build`, as `npm test` does.
 */
import { join } from "node:path";
import { packPackage } from "../../scripts/npm-package";

/** The paths the published tarball holds (`npm pack --dry-run`). */
export async function packedFiles(): Promise<string[]> {
  return (await packPackage()).files.map((f) => f.path).sort();
}

/** Packs the package into `dir` and returns the tarball's path. */
export async function packInto(dir: string): Promise<string> {
  return join(dir, (await packPackage(dir)).filename);
}
