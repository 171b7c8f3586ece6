/**
 * Reads files of a Novu checkout: a work tree (`--dir`) or a git repository at a revision (`--git`, `--rev`),
 * so that a bare mirror serves as well as a clone; and the newest single files laid over such a tree (`--newest`).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A Novu source tree: its files by path, and a label of the revision read. */
export interface NovuSource {
  /** The text of a file, by its path from the repository's root. */
  read(path: string): string;
  /** The names of the files in a folder (not recursive). */
  list(folder: string): string[];
  /** What was read, for the generated file's header (`novuhq/novu 943f64bd`). */
  label: string;
}

/** A work tree on disk. */
export function directorySource(root: string): NovuSource {
  return {
    read: (path) => readFileSync(join(root, path), "utf8"),
    list: (folder) => readdirSync(join(root, folder)),
    label: root,
  };
}

/** A git repository (bare or not) at a revision. */
export function gitSource(gitDir: string, rev: string): NovuSource {
  const git = (...args: string[]) =>
    execFileSync("git", ["--git-dir", gitDir, ...args], {
      encoding: "utf8",
      maxBuffer: 64 << 20,
      stdio: ["ignore", "pipe", "pipe"],
    });
  const commit = git("rev-parse", rev).trim();
  return {
    read: (path) => git("show", `${commit}:${path}`),
    list: (folder) =>
      git("ls-tree", "--name-only", `${commit}:${folder}`)
        .split("\n")
        .filter((n) => n !== ""),
    label: `Novu ${commit.slice(0, 8)}`,
  };
}

/**
 * The files of a directory laid over another source: a file the directory holds is read from it, any other
 * from `base`; a folder lists the files of both. This is how the newest single files of `novuhq/novu` (read
 * one by one, each at its own commit, and saved by the user outside this repository) stand for the newest
 * release: what they do not replace is the base release's.
 */
export function overlaySource(dir: string, base: NovuSource, label: string): NovuSource {
  const has = (path: string) => existsSync(join(dir, path));
  return {
    read: (path) => (has(path) ? readFileSync(join(dir, path), "utf8") : base.read(path)),
    list: (folder) => {
      const own = has(folder) ? readdirSync(join(dir, folder)) : [];
      return [...new Set([...base.list(folder), ...own])].sort();
    },
    label,
  };
}

/** Whether a source holds a file (a read that fails means it does not). */
export function holds(source: NovuSource, path: string): boolean {
  try {
    source.read(path);
    return true;
  } catch {
    return false;
  }
}
