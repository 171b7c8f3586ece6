/**
 * `npm pack` of this repository, as a publisher makes it. Scripts are skipped (`prepare` would rebuild):
 * pack after `npm run build`, as `npm test` does.
 */
import { join } from "node:path";
import { repoRoot } from "../harness/repo-root";
import { npm } from "./npm";

/** One entry of `npm pack --json`. */
interface PackResult {
  filename: string;
  files: { path: string }[];
}

async function pack(args: string[]): Promise<PackResult> {
  const out = await npm(["pack", "--json", "--ignore-scripts", ...args], { cwd: repoRoot() });
  const [result] = JSON.parse(out) as PackResult[];
  if (!result) throw new Error(`npm pack printed no result: ${out}`);
  return result;
}

/** The paths `npm pack` would put in the tarball (`npm pack --dry-run`). */
export async function packedFiles(): Promise<string[]> {
  return (await pack(["--dry-run"])).files.map((f) => f.path).sort();
}

/** Packs the repository into `dir` and returns the tarball's path. */
export async function packInto(dir: string): Promise<string> {
  return join(dir, (await pack(["--pack-destination", dir])).filename);
}
