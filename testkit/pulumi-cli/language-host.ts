import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { repoRoot } from "../harness/repo-root";

/** A running language-server.js: @pulumi/pulumi's LanguageServer serving one program. */
export interface LanguageHost {
  /** `127.0.0.1:<port>`, for the CLI's `--client`. */
  address: string;
  /** The host's process (the program runs in it). */
  process: ChildProcess;
  /** Everything the host (and so the program) wrote to stderr so far. */
  stderr(): string;
  /** Stops the host and waits for it to exit. */
  close(): Promise<void>;
}

/** The language-server.js script (plain CommonJS, so that it runs from source and from dist alike). */
export const LANGUAGE_SERVER_SCRIPT = join(repoRoot(), "testkit", "pulumi-cli", "language-server.js");

/**
 * Starts the language runtime for `program` in `cwd` (the project directory) with `env` under the Node.js
 * executable `node` (default: the one running us), and waits for its port. One host serves one CLI command
 * (see language-server.js).
 */
export function startLanguageHost(
  program: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  node: string = process.execPath,
): Promise<LanguageHost> {
  const child = spawn(node, [LANGUAGE_SERVER_SCRIPT, program], {
    cwd,
    env: { ...env, PULUMI_NODEJS_ROOT_DIRECTORY: cwd },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin?.end();
      child.kill("SIGTERM");
    }
    await exited;
  };
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => {
      const port = Number(line.trim());
      if (!Number.isInteger(port) || port <= 0) {
        void close();
        reject(new Error(`language host printed "${line}" instead of its port; stderr: ${stderr}`));
        return;
      }
      resolve({ address: `127.0.0.1:${port}`, process: child, stderr: () => stderr, close });
    });
    child.once("exit", (code, signal) =>
      reject(new Error(`language host exited (${signal ?? code}) before listening; stderr: ${stderr}`)),
    );
    child.once("error", reject);
  });
}
