import { spawn } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "../harness/repo-root";

/** Exit status of scripts/install-pulumi.sh when there is neither a usable `pulumi` nor `go` on PATH. */
export const NO_CLI_NO_GO_EXIT = 2;

/** There is no Pulumi CLI and no Go to build one: the one line install-pulumi.sh printed says what to install. */
export class PulumiCliUnavailable extends Error {
  override readonly name = "PulumiCliUnavailable";
}

let ensured: Promise<string> | undefined;

/**
 * The bin directory holding `pulumi` and the dynamic-provider plugin `pulumi-resource-pulumi-nodejs`, from
 * `scripts/install-pulumi.sh` (a suitable `pulumi` on PATH, the cached build, or a fresh build from the Go
 * module proxy; its progress goes to this process's stderr). Memoized per process.
 *
 * Rejects with {@link PulumiCliUnavailable} when neither pulumi nor go is on PATH, with an Error naming the
 * exit status when the build fails.
 */
export function ensurePulumiCli(): Promise<string> {
  ensured ??= runInstallScript();
  return ensured;
}

function runInstallScript(): Promise<string> {
  const script = join(repoRoot(), "scripts", "install-pulumi.sh");
  return new Promise((resolve, reject) => {
    const child = spawn("bash", [script], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let lastErrLine = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      process.stderr.write(d);
      const lines = d.toString().trim().split("\n");
      lastErrLine = lines[lines.length - 1] ?? lastErrLine;
    });
    child.on("error", (err) => reject(new Error(`could not run ${script}: ${err.message}`)));
    child.on("close", (code) => {
      const lines = stdout.trim().split("\n");
      const bin = lines[lines.length - 1] ?? "";
      if (code === 0 && bin !== "") resolve(bin);
      else if (code === NO_CLI_NO_GO_EXIT) reject(new PulumiCliUnavailable(lastErrLine));
      else reject(new Error(`${script} failed (exit status ${code}): ${lastErrLine}`));
    });
  });
}
