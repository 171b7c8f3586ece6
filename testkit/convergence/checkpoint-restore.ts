/**
 * What a user does when a killed `pulumi up` left the file backend's checkpoint unreadable (`failed to load
 * checkpoint: EOF`): put back the newest good copy the backend itself keeps (docs/known-limits.md).
 *
 * The file backend (`file://<dir>`) keeps, for a stack `<project>/<stack>`:
 * - `.pulumi/stacks/<project>/<stack>.json.bak`: the checkpoint before its latest write (the newest copy, but
 *   a kill can cut it as well, or it may not exist yet);
 * - `.pulumi/backups/<project>/<stack>/<stack>.<unix ns>.json`: the state after each finished update;
 * - `.pulumi/history/<project>/<stack>/<stack>-<unix ns>.checkpoint.json`: the same, beside each update's
 *   history entry.
 * The remedy takes the `.bak` when it holds a whole checkpoint, else the newest whole backup or history
 * checkpoint. When none is left, the user imports the last `pulumi stack export` they kept
 * (`pulumi stack import --file`): the runner does that with the lane's last export.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** What was done for one stack whose checkpoint was unreadable. */
export interface CheckpointRestore {
  /** The checkpoint file, relative to `.pulumi/stacks` (`<project>/<stack>.json`). */
  stack: string;
  /** The file copied over it (absolute path), or undefined when the backend kept no whole copy. */
  from: string | undefined;
}

/** True when `path` holds a whole checkpoint (JSON with a `checkpoint` object), as the backend reads it. */
export function isWholeCheckpoint(path: string): boolean {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    return typeof parsed === "object" && parsed !== null && "checkpoint" in parsed;
  } catch {
    return false;
  }
}

/** The unix-nanosecond stamp in a backup or history file name (0 when there is none). */
function stampOf(file: string): bigint {
  const m = /[.-](\d{10,})\.(?:checkpoint\.)?json$/.exec(file);
  return m?.[1] === undefined ? 0n : BigInt(m[1]);
}

/** The backup and history checkpoints of one stack, newest first. */
function keptCopies(pulumiDir: string, stackFile: string): string[] {
  const project = dirname(stackFile);
  const stack = basename(stackFile, ".json");
  const dirs = [join(pulumiDir, "backups", project, stack), join(pulumiDir, "history", project, stack)];
  const files: string[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) {
      if (f.endsWith(".history.json")) continue;
      if (f.endsWith(".json")) files.push(join(dir, f));
    }
  }
  const newer = (a: string, b: string) => {
    const d = stampOf(b) - stampOf(a);
    if (d !== 0n) return d > 0n ? 1 : -1;
    return statSync(b).mtimeMs - statSync(a).mtimeMs;
  };
  return files.sort(newer);
}

/** The stacks' checkpoint files under `.pulumi/stacks`, relative to it (`<project>/<stack>.json`). */
function stackFiles(stacksDir: string): string[] {
  return readdirSync(stacksDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json"));
}

/**
 * Restores every unreadable checkpoint of the file backend rooted at `stateDir` (the `file://` directory,
 * which holds `.pulumi`) from the newest whole copy the backend kept; intact checkpoints are left alone.
 * Returns one entry per unreadable checkpoint (none when all are whole).
 */
export function restoreCutCheckpoints(stateDir: string): CheckpointRestore[] {
  const pulumiDir = join(stateDir, ".pulumi");
  const stacksDir = join(pulumiDir, "stacks");
  if (!existsSync(stacksDir)) return [];
  const out: CheckpointRestore[] = [];
  for (const stack of stackFiles(stacksDir)) {
    const path = join(stacksDir, stack);
    if (isWholeCheckpoint(path)) continue;
    const candidates = [`${path}.bak`, ...keptCopies(pulumiDir, stack)];
    const from = candidates.find((c) => existsSync(c) && isWholeCheckpoint(c));
    if (from !== undefined) copyFileSync(from, path);
    out.push({ stack, from });
  }
  return out;
}
