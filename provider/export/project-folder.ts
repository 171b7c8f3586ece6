/**
 * Writing a generated project: the folder must be absent or empty; the files are written into a temporary
 * folder beside it and moved into place in one rename, so a failure leaves nothing half-written.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { ProjectFiles } from "./writers/files";

/** A failure the command reports as one line and exit code 2 (bad input). */
export class ExportInputError extends Error {}

/** Fails unless `dir` is absent or an empty folder. */
export function assertWritable(dir: string): void {
  if (!existsSync(dir)) return;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    throw new ExportInputError(
      `svc-export: --out ${dir} exists and is not a folder; name an absent or empty folder`,
    );
  }
  if (entries.length > 0) {
    throw new ExportInputError(`svc-export: --out ${dir} is not empty; name an absent or empty folder`);
  }
}

/** Writes the files into `dir` (absent or empty) through a temporary sibling folder. */
export function writeProject(dir: string, files: ProjectFiles): void {
  const target = resolve(dir);
  assertWritable(target);
  mkdirSync(dirname(target), { recursive: true });
  const temp = mkdtempSync(join(dirname(target), `.${basename(target)}.svc-export-`));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(temp, path)), { recursive: true });
      writeFileSync(join(temp, path), text);
    }
    if (existsSync(target)) rmdirSync(target);
    renameSync(temp, target);
  } catch (e) {
    rmSync(temp, { recursive: true, force: true });
    throw e;
  }
}
