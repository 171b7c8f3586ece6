/**
 * What a user does when a killed `pulumi up` left the file backend answering `failed to load checkpoint: EOF`:
 * delete the metadata sidecar the kill cut (docs/known-limits.md).
 *
 * Why it happens (the CLI's storage, not this repository): the file backend stores through gocloud.dev's
 * `fileblob`, which writes each file (the checkpoint `<stack>.json`, its `.bak`, backups, history, locks)
 * through a temporary file and a rename, but first writes that file's metadata to a sidecar `<file>.attrs`
 * in place (`setAttrs`: `os.Create`, which truncates, then one JSON write; blob/fileblob/attrs.go). A SIGKILL
 * between the two leaves the sidecar empty while the checkpoint itself stays whole. Every later read of the
 * file opens its sidecar first (`getAttrs`: a `json.Decoder` on an empty file answers `io.EOF`), so the
 * CLI fails with `failed to load checkpoint: EOF`; a missing sidecar reads as default metadata, so deleting
 * the empty one is the whole remedy. (A cut checkpoint itself reads as `unexpected end of JSON input`:
 * ./checkpoint-restore.ts.)
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

/** The suffix of fileblob's metadata sidecars. */
const SIDECAR = ".attrs";

/** True when `path` holds what fileblob's `getAttrs` can decode: one JSON object. */
export function isWholeSidecar(path: string): boolean {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    return typeof parsed === "object" && parsed !== null;
  } catch {
    return false;
  }
}

/**
 * Deletes every sidecar under the file backend rooted at `stateDir` (the `file://` directory, which holds
 * `.pulumi`) that fileblob cannot decode; whole ones are left alone. Returns the deleted paths, relative to
 * `.pulumi` (none when all are whole).
 */
export function removeCutSidecars(stateDir: string): string[] {
  const pulumiDir = join(stateDir, ".pulumi");
  let files: string[];
  try {
    files = readdirSync(pulumiDir, { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  const cut = files.filter((f) => f.endsWith(SIDECAR) && !isWholeSidecar(join(pulumiDir, f)));
  for (const f of cut) rmSync(join(pulumiDir, f), { force: true });
  return cut.sort();
}
