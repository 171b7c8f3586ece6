import { spawn } from "node:child_process";

/** How a CLI command ended. */
export interface CommandResult {
  /** The arguments after `pulumi`. */
  args: string[];
  /** Exit status; null when killed by a signal. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall time of the CLI process, milliseconds. */
  durationMs: number;
}

/** A CLI command that exited other than with status 0 (and the caller did not allow it). */
export class PulumiCommandError extends Error {
  override readonly name = "PulumiCommandError";
  constructor(readonly result: CommandResult) {
    const how = result.signal ?? `exit status ${result.code}`;
    const tail = `${result.stdout}\n${result.stderr}`.trim().split("\n").slice(-40).join("\n");
    super(`\`pulumi ${result.args.join(" ")}\` failed (${how}):\n${tail}`);
  }
}

/** A CLI command still running. */
export interface RunningCommand {
  /** The CLI's pid, also its process group id (plugins it starts share the group). */
  pid: number;
  /** Sends `signal` to the whole process group: the CLI and the plugins it started. */
  kill(signal: NodeJS.Signals): void;
  /** Settles when the CLI exits (never rejects for a non-zero status). */
  result: Promise<CommandResult>;
}

/**
 * Starts `bin args...` in `cwd` with `env`, in its own process group, stdin closed, output captured.
 * `onStdout` sees the output as it arrives.
 */
export function startCommand(
  bin: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; onStdout?: (chunk: string) => void },
): RunningCommand {
  const started = performance.now();
  const child = spawn(bin, args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
    opts.onStdout?.(d.toString());
  });
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const result = new Promise<CommandResult>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) =>
      resolve({ args, code, signal, stdout, stderr, durationMs: performance.now() - started }),
    );
  });
  const pid = child.pid ?? -1;
  return {
    pid,
    kill(signal) {
      try {
        process.kill(-pid, signal);
      } catch {
        // the group is gone already
      }
    },
    result,
  };
}
