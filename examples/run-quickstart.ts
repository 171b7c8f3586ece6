/**
 * `npm run example`: runs the quickstart for real, with the Pulumi CLI and engine, against a local emulator.
 *
 * Ensures the CLI with scripts/install-pulumi.sh (a `pulumi` on PATH, the cached build, or a build from the
 * Go module proxy on first use), starts the emulator with its demo data, then in the repository root (where
 * Pulumi.yaml points at examples/quickstart) runs, with a throwaway file backend, PULUMI_HOME and passphrase
 * in a temp directory: `stack init`, `config set svc:baseUrl`, `config set --secret svc:apiKey`, `up`,
 * `stack output --json`. Prints the outputs, stops the emulator, removes the temp directory and the stack's
 * settings file. With neither pulumi nor go it exits with status 1 and one line saying what to install.
 */
import { type Emulator, startEmulator } from "pulumi-svc/emulator";
import { repoRoot } from "../testkit/harness/repo-root";
import {
  ensurePulumiCli,
  PulumiCliUnavailable,
  PulumiCommandError,
  PulumiStack,
} from "../testkit/pulumi-cli";

/** A failure already explained to the user: printed as one line, no stack trace. */
class ExampleError extends Error {}

/** The CLI's bin directory, or an ExampleError saying what to install. */
async function cliOrExplain(): Promise<string> {
  try {
    return await ensurePulumiCli();
  } catch (err) {
    // install-pulumi.sh has printed the one line that says what to install.
    if (err instanceof PulumiCliUnavailable) throw new ExampleError("");
    throw err;
  }
}

/** Stack init, config, up (its progress shown), outputs. */
async function deploy(stack: PulumiStack, emu: Emulator): Promise<void> {
  await stack.setConfig("svc:baseUrl", emu.url);
  await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
  await stack.up({ onOutput: (chunk) => process.stdout.write(chunk) });
  const outputs = await stack.outputs();
  process.stdout.write(`\nStack outputs:\n${JSON.stringify(outputs, null, 2)}\n`);
}

async function run(): Promise<void> {
  const binDir = await cliOrExplain();
  let emu: Emulator | undefined;
  let stack: PulumiStack | undefined;
  try {
    emu = await startEmulator({ port: 0, fixtures: "default" });
    process.stdout.write(`svc emulator (default fixtures) listening on ${emu.url}\n`);
    // A fresh stack name, so that its settings file (written next to Pulumi.yaml) never clobbers a user's own.
    stack = await PulumiStack.init({
      projectDir: repoRoot(),
      binDir,
      stack: `example-${Date.now().toString(36)}`,
    });
    await deploy(stack, emu);
  } catch (err) {
    // The API key is never part of the message: failed commands are named by their first two words.
    if (err instanceof PulumiCommandError) {
      const [verb, sub] = err.result.args;
      throw new ExampleError(
        `\`pulumi ${verb} ${sub ?? ""}\` failed (${err.result.signal ?? `exit code ${err.result.code}`}):\n${lastLines(err.result.stdout + err.result.stderr)}`,
      );
    }
    throw err;
  } finally {
    await stack?.remove();
    await emu?.close();
  }
}

/** The last lines of a command's output, where Pulumi puts its error. */
function lastLines(text: string): string {
  return text.trim().split("\n").slice(-15).join("\n");
}

if (require.main === module) {
  run().then(
    () => {
      process.stdout.write("Done: the emulator is stopped and the throwaway stack removed.\n");
    },
    (err: unknown) => {
      const message = err instanceof ExampleError ? err.message : `unexpected error: ${String(err)}`;
      if (message !== "") process.stderr.write(`${message}\n`);
      process.exitCode = 1;
    },
  );
}
