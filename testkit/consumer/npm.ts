/**
 * Runs the npm client the way a user does, isolated from the npm script that may be running the tests: the
 * `npm_*` variables npm sets for scripts (prefix, package, lifecycle) would otherwise leak into the child.
 */
import { execFile } from "node:child_process";

/** Options of {@link npm}. */
export interface NpmOptions {
  cwd: string;
  /** Kill npm after this long (default 4 minutes). */
  timeoutMs?: number;
}

/** The environment of the test process without npm's script variables. */
export function userEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /^npm_/i.test(k) || k === "INIT_CWD") continue;
    env[k] = v;
  }
  return env;
}

/** Runs `npm <args>` in `cwd` and returns its stdout; fails with npm's stderr. */
export function npm(args: string[], opts: NpmOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "npm",
      args,
      { cwd: opts.cwd, env: userEnv(), timeout: opts.timeoutMs ?? 240_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) =>
        err ? reject(new Error(`npm ${args.join(" ")} failed: ${stderr || err.message}`)) : resolve(stdout),
    );
  });
}
