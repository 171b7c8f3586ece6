/**
 * A stack of a Python or Go program run through its Automation-API driver (testkit/example-drivers/:
 * python_example.py runs a folder's `__main__.py`; go_example.go, built beside a `main.go`, runs its `program`),
 * for tests of programs this repository cannot run through the CLI (it builds no Python or Go language host).
 * The stack "dev" lives in `stateDir` (file backend, PULUMI_HOME, workspace); its config is the service's address
 * and key, given to the driver in the environment, with a passphrase of the test's. Each step is one run of the
 * driver, which prints one marked line: the step's change summary.
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Emulator } from "../emulator";
import { runTimed } from "./go-toolchain";

/** How to run a driver: the command and its leading arguments, its flag for the state folder, its line's prefix. */
export interface Driver {
  /** `[python, python_example.py, "--example", DIR]`, or `[built Go program]`. */
  argv: string[];
  /** `--state` (Python) or `-state` (Go). */
  stateFlag: string;
  /** `svc-python-example: ` or `svc-go-example: `. */
  marker: string;
  /** The environment of the driver (PATH with the CLI and the plugin; PYTHONPATH), without SVC_* or PULUMI_*. */
  env: NodeJS.ProcessEnv;
}

/** The Python driver's settings for the project in `projectDir`. */
export function pythonDriver(python: string, projectDir: string, env: NodeJS.ProcessEnv): Driver {
  const script = join(__dirname, "example-drivers", "python_example.py");
  return {
    argv: [python, script, "--example", projectDir],
    stateFlag: "--state",
    marker: "svc-python-example: ",
    env,
  };
}

/** The Go driver's settings for `program`, a build of a project's main.go with go_example.go beside it. */
export function goDriver(program: string, env: NodeJS.ProcessEnv): Driver {
  return { argv: [program], stateFlag: "-state", marker: "svc-go-example: ", env };
}

/** The environment variables a driver must not inherit: the stack's config and backend come from the test. */
const NOT_INHERITED = [
  "SVC_API_KEY",
  "SVC_BASE_URL",
  "SVC_FCM_SERVICE_ACCOUNT",
  "SVC_DEVICE_TOKEN",
  "SVC_SECRET_CONFIG",
  "SVC_CONFIG",
  "PULUMI_ACCESS_TOKEN",
  "PULUMI_BACKEND_URL",
  "PULUMI_HOME",
  "PULUMI_CONFIG_PASSPHRASE",
  "PULUMI_CONFIG_PASSPHRASE_FILE",
  "PYTHONHOME",
];

/** This process's environment without {@link NOT_INHERITED}, with `extra`, the CLI's update check and plugin downloads off. */
export function driverEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of NOT_INHERITED) delete env[k];
  return {
    ...env,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    ...extra,
  };
}

/** What one step printed: its marked line, parsed, and everything (for secret scans). */
export interface DriverStep {
  changeSummary: Record<string, number> | null;
  printed: string;
  seconds: number;
}

/** A stack run by a {@link Driver} against one service. */
export class DriverStack {
  constructor(
    private readonly driver: Driver,
    /** The stack's folder (backend, PULUMI_HOME, workspace). */
    readonly stateDir: string,
    private readonly emu: Emulator,
    private readonly passphrase: string,
    /** More of the project's secret config (key -> value), given to the driver in its environment, never argv. */
    private readonly secretConfig: Readonly<Record<string, string>> = {},
  ) {
    mkdirSync(stateDir, { recursive: true });
  }

  /** Runs `command` (`up`, `preview`, `refresh`, `destroy`); a preview fails unless nothing changes. */
  async step(command: string): Promise<DriverStep> {
    const [cmd, ...args] = this.driver.argv;
    const env = {
      ...this.driver.env,
      SVC_BASE_URL: this.emu.url,
      SVC_API_KEY: this.emu.apiKey,
      PULUMI_CONFIG_PASSPHRASE: this.passphrase,
      ...(Object.keys(this.secretConfig).length > 0
        ? { SVC_SECRET_CONFIG: JSON.stringify(this.secretConfig) }
        : {}),
    };
    const run = await runTimed(cmd as string, [...args, this.driver.stateFlag, this.stateDir, command], {
      cwd: this.stateDir,
      env,
    }).catch((err: Error) => {
      throw new Error(`${this.driver.marker.trim()} ${command}: ${err.message}`);
    });
    const printed = run.stdout + run.stderr;
    const line = run.stdout.split("\n").find((l) => l.startsWith(this.driver.marker));
    if (!line) throw new Error(`the driver printed no ${this.driver.marker.trim()} line:\n${printed}`);
    const parsed = JSON.parse(line.slice(this.driver.marker.length)) as DriverStep;
    return { changeSummary: parsed.changeSummary, printed, seconds: run.seconds };
  }

  /** The text of every file of the stack (state, workspace, PULUMI_HOME), for secret scans. */
  filesText(): string {
    return readdirSync(this.stateDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(join(e.parentPath, e.name), "utf8"))
      .join("\n");
  }
}
