/**
 * `npm run example`: runs the quickstart for real against a local emulator.
 *
 * Starts the emulator with its default fixtures, then, in the repository root (where Pulumi.yaml points at
 * examples/quickstart), runs the Pulumi CLI with a throwaway local file backend, PULUMI_HOME and passphrase in
 * a temp directory: `stack init`, `config set svc:baseUrl`, `config set --secret svc:apiKey`, `up --yes`,
 * `stack output --json`. Prints the outputs, stops the emulator, removes the temp directory and the stack's
 * settings file. Without a `pulumi` on PATH it exits with status 1 and one line saying how to install it.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { type Emulator, startEmulator } from "pulumi-svc/emulator";

/** Where to get the Pulumi CLI. */
export const INSTALL_URL = "https://www.pulumi.com/docs/iac/download-install/";

/** A failure already explained to the user: printed as one line, no stack trace. */
class ExampleError extends Error {}

/** The first executable `name` on `pathList` (a PATH value), or undefined. */
export function findExecutable(name: string, pathList: string | undefined): string | undefined {
  const exts = process.platform === "win32" ? (process.env.PATHEXT ?? ".EXE;.CMD").split(";") : [""];
  for (const dir of (pathList ?? "").split(delimiter)) {
    if (dir === "") continue;
    for (const ext of exts) {
      const candidate = join(dir, name + ext);
      try {
        if (!statSync(candidate).isFile()) continue;
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** The repository root: dist/examples/run-quickstart.js lives two levels below it. */
function repoRoot(): string {
  return resolve(__dirname, "..", "..");
}

/** Runs `pulumi args...`; inherits the terminal unless `capture`, in which case stdout is returned. */
function pulumi(
  cli: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { capture?: boolean } = {},
): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cli, args, {
      cwd: repoRoot(),
      env,
      stdio: ["ignore", opts.capture ? "pipe" : "inherit", "inherit"],
    });
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.on("error", (err) => reject(new ExampleError(`could not run ${cli}: ${err.message}`)));
    child.on("exit", (code, signal) => {
      if (code === 0) resolvePromise(out);
      // The API key is never part of the command shown (it is the last argument of `config set`).
      else
        reject(
          new ExampleError(
            `\`pulumi ${args[0]} ${args[1] ?? ""}\` failed (${signal ?? `exit code ${code}`})`,
          ),
        );
    });
  });
}

async function run(): Promise<void> {
  const cli = findExecutable("pulumi", process.env.PATH);
  if (cli === undefined) {
    throw new ExampleError(
      `npm run example needs the Pulumi CLI, and \`pulumi\` is not on PATH. Install it from ${INSTALL_URL} and run \`npm run example\` again.`,
    );
  }
  const work = mkdtempSync(join(tmpdir(), "svc-quickstart-"));
  // A fresh stack name, so that its settings file (written next to Pulumi.yaml) never clobbers a user's own.
  const stack = `example-${randomBytes(3).toString("hex")}`;
  const stackFile = join(repoRoot(), `Pulumi.${stack}.yaml`);
  let emu: Emulator | undefined;
  try {
    emu = await startEmulator({ port: 0, fixtures: "default" });
    process.stdout.write(`svc emulator (default fixtures) listening on ${emu.url}\n`);
    mkdirSync(join(work, "state"));
    mkdirSync(join(work, "home"));
    const env: NodeJS.ProcessEnv = { ...process.env };
    // The program gets its settings from the stack config set below, not from the caller's environment.
    delete env.SVC_API_KEY;
    delete env.SVC_BASE_URL;
    Object.assign(env, {
      PULUMI_BACKEND_URL: `file://${join(work, "state")}`,
      PULUMI_HOME: join(work, "home"),
      PULUMI_CONFIG_PASSPHRASE: randomBytes(16).toString("hex"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      // Pulumi starts the program with the `node` it finds on PATH: use this one (Node 22).
      PATH: [dirname(process.execPath), process.env.PATH ?? ""].join(delimiter),
    });
    const onStack = ["--stack", stack, "--non-interactive"];
    await pulumi(cli, ["stack", "init", stack, "--non-interactive"], env);
    await pulumi(cli, ["config", "set", "svc:baseUrl", emu.url, ...onStack], env);
    await pulumi(cli, ["config", "set", "--secret", "svc:apiKey", emu.apiKey, ...onStack], env);
    await pulumi(cli, ["up", "--yes", ...onStack], env);
    const outputs = await pulumi(cli, ["stack", "output", "--json", ...onStack], env, { capture: true });
    process.stdout.write(`\nStack outputs:\n${outputs.trim()}\n`);
  } finally {
    await emu?.close();
    rmSync(work, { recursive: true, force: true });
    if (existsSync(stackFile)) rmSync(stackFile);
  }
}

if (require.main === module) {
  run().then(
    () => {
      process.stdout.write("Done: the emulator is stopped and the throwaway stack removed.\n");
    },
    (err: unknown) => {
      const message = err instanceof ExampleError ? err.message : `unexpected error: ${String(err)}`;
      process.stderr.write(`${message}\n`);
      process.exitCode = 1;
    },
  );
}
