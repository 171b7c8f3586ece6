/** Runs a build tool (npm, tar, codesign, node) and fails with its command line and output. */
import { spawnSync } from "node:child_process";

/** Runs `command args` in `cwd`; returns stdout; throws with the command, its status and stderr on failure. */
export function runTool(command: string, args: readonly string[], cwd?: string): string {
  const r = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.error !== undefined || r.status !== 0) {
    const why =
      r.error?.message ??
      `exit ${r.status}: ${(r.stderr || r.stdout).trim().split("\n").slice(-3).join(" | ")}`;
    throw new Error(`plugin:dist: ${command} ${args.join(" ")} failed (${why})`);
  }
  return r.stdout;
}

/** Whether `command` runs on this machine (found on PATH). */
export function hasTool(command: string): boolean {
  const r = spawnSync(command, ["--help"], { stdio: "ignore" });
  return r.error === undefined;
}
