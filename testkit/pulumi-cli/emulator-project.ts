import { ScratchProject } from "./scratch-project";
import { PulumiStack } from "./stack";

/** The first lines of every scratch program: `pulumi` and `svc` in scope. */
export const PROGRAM_HEADER = `const pulumi = require("@pulumi/pulumi");\nconst svc = require("pulumi-svc");\n`;

/** Options of {@link emulatorProject}. */
export interface EmulatorProjectOptions {
  /** Project name (its config namespace). */
  name: string;
  /** The program, after {@link PROGRAM_HEADER}. */
  program: string;
  /** The CLI's bin directory (`ensurePulumiCli()`). */
  binDir: string;
  /** The emulator's URL and the API key the stack uses. */
  baseUrl: string;
  apiKey: string;
  /** Where the stack's and the project's removal is pushed (run them after the test). */
  cleanups: (() => Promise<void> | void)[];
}

/** A scratch project running `program`, with a new stack configured for the emulator (`svc:baseUrl`, secret `svc:apiKey`). */
export async function emulatorProject(
  opts: EmulatorProjectOptions,
): Promise<{ p: ScratchProject; stack: PulumiStack }> {
  const p = ScratchProject.create(opts.name);
  p.writeProgram(PROGRAM_HEADER + opts.program);
  const stack = await PulumiStack.init({ projectDir: p.dir, binDir: opts.binDir });
  opts.cleanups.push(
    () => stack.remove(),
    () => p.remove(),
  );
  await stack.setConfig("svc:baseUrl", opts.baseUrl);
  await stack.setConfig("svc:apiKey", opts.apiKey, { secret: true });
  return { p, stack };
}
