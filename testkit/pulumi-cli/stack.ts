import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import type { Json, PreviewDigest, StackExport } from "./cli-json";
import { type CommandResult, PulumiCommandError, type RunningCommand, startCommand } from "./command";
import { ensurePulumiCli } from "./install";
import { type LanguageHost, startLanguageHost } from "./language-host";
import { nodeEntryPoint } from "./node-entry-point";

/** Where a stack's project lives and how its processes run. */
export interface StackOptions {
  /** The directory holding Pulumi.yaml. */
  projectDir: string;
  /**
   * The program module of a `runtime: nodejs` project; default: the module the official CLI runs for
   * Pulumi.yaml's `main` (./node-entry-point.ts). Not used for other runtimes (see {@link PulumiStack.runtime}).
   */
  program?: string;
  /** Stack name; default `t-<6 hex>`. Its settings file `Pulumi.<stack>.yaml` is written in `projectDir`. */
  stack?: string;
  /** A stack settings file (e.g. the project's Pulumi.dev.yaml) copied as the new stack's starting config. */
  configFrom?: string;
  /** Extra environment of the CLI, the program and the provider plugin. SVC_API_KEY/SVC_BASE_URL are unset unless given here. */
  env?: Record<string, string>;
  /** The bin directory of {@link ensurePulumiCli}; default: `await ensurePulumiCli()`. */
  binDir?: string;
}

/** Options of preview, up, refresh and destroy. */
export interface OperationOptions {
  /** `--target <urn>` for each (with `--target-dependents` when `targetDependents`). */
  targets?: string[];
  targetDependents?: boolean;
  /** `--expect-no-changes`: the CLI fails when there are changes. */
  expectNoChanges?: boolean;
  /** `--parallel <n>` (the engine's default when left out). */
  parallel?: number;
  /** Return a failed command's result instead of throwing {@link PulumiCommandError}. */
  allowFailure?: boolean;
  /** More CLI arguments. */
  args?: string[];
  /** Sees the CLI's stdout as it arrives (e.g. to show progress). */
  onOutput?: (chunk: string) => void;
}

/** `pulumi preview --json`: the parsed digest (undefined when stdout was not JSON) and the command's result. */
export interface PreviewResult extends CommandResult {
  digest: PreviewDigest | undefined;
}

/** How {@link PulumiStack.run} runs a command. */
export interface RunOptions {
  /**
   * Commands that run the program: for a nodejs project, start a language server for it and pass `--client`;
   * for another runtime (yaml), nothing: the CLI starts `pulumi-language-<runtime>` from PATH itself.
   */
  client?: boolean;
  /** Return a failed command's result instead of throwing {@link PulumiCommandError}. */
  allowFailure?: boolean;
  /** Sees the CLI's stdout as it arrives. */
  onOutput?: (chunk: string) => void;
}

/** Pulumi.yaml's `main:` (a flat top-level key), if any. */
export function projectMain(projectDir: string): string | undefined {
  const text = readFileSync(join(projectDir, "Pulumi.yaml"), "utf8");
  return /^main:\s*["']?([^"'\n#]+?)["']?\s*(#.*)?$/m.exec(text)?.[1];
}

/** Pulumi.yaml's runtime name: `runtime: yaml` or `runtime:` with a nested `name: yaml`; default `nodejs`. */
export function projectRuntime(projectDir: string): string {
  const text = readFileSync(join(projectDir, "Pulumi.yaml"), "utf8");
  const flat = /^runtime:[ \t]*["']?([A-Za-z0-9_-]+)["']?[ \t]*(#.*)?$/m.exec(text)?.[1];
  if (flat !== undefined) return flat;
  return (
    /^runtime:[ \t]*(#.*)?\n(?:[ \t]+.*\n)*?[ \t]+name:[ \t]*["']?([A-Za-z0-9_-]+)/m.exec(text)?.[2] ??
    "nodejs"
  );
}

/** The flags of an operation, shared by preview/up/refresh/destroy. */
function operationArgs(opts: OperationOptions): string[] {
  const args: string[] = [];
  for (const t of opts.targets ?? []) args.push("--target", t);
  if (opts.targetDependents) args.push("--target-dependents");
  if (opts.expectNoChanges) args.push("--expect-no-changes");
  if (opts.parallel !== undefined) args.push("--parallel", String(opts.parallel));
  return [...args, ...(opts.args ?? [])];
}

/**
 * One stack of a Pulumi project, driven through the real Pulumi CLI with a throwaway file backend,
 * PULUMI_HOME and passphrase in a temp directory, and no plugin downloads. Operations that run a nodejs
 * program (preview, up, refresh, destroy) start @pulumi/pulumi's language server for it and pass the CLI
 * `--client` (see language-server.js for why); a `runtime: yaml` program runs in the `pulumi-language-yaml`
 * that the CLI starts from the bin directory (first on PATH).
 *
 * ```ts
 * const stack = await PulumiStack.init({ projectDir: repoRoot() });      // stack init
 * await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
 * const { digest } = await stack.preview();                              // digest.steps[i].op, ...
 * await stack.up(); await stack.preview({ expectNoChanges: true });
 * const state = await stack.exportStack(); const outs = await stack.outputs();
 * await stack.destroy(); await stack.remove();
 * ```
 */
export class PulumiStack {
  private constructor(
    /** The stack name. */
    readonly name: string,
    /** The directory holding Pulumi.yaml (the CLI's and the program's working directory). */
    readonly projectDir: string,
    /** Pulumi.yaml's runtime (`nodejs`, `yaml`). */
    readonly runtime: string,
    /** The program module our language server loads (nodejs); undefined for other runtimes. */
    readonly program: string | undefined,
    /** The temp directory holding the backend (`state/`) and PULUMI_HOME (`home/`). */
    readonly workDir: string,
    /** The bin directory of `pulumi`. */
    readonly binDir: string,
    /** The environment of every process of this stack. */
    readonly env: NodeJS.ProcessEnv,
    /** The Node.js executable that runs the program (our language server). */
    readonly node: string = process.execPath,
  ) {}

  /**
   * This stack (the same state, config and passphrase) with its program and the dynamic-provider plugin run by
   * the Node.js executable `node` (its folder first on PATH after the CLI's) instead of the one running us.
   */
  withNode(node: string): PulumiStack {
    const PATH = [this.binDir, dirname(node), this.env.PATH ?? ""].join(delimiter);
    const env = { ...this.env, PATH };
    return new PulumiStack(
      this.name,
      this.projectDir,
      this.runtime,
      this.program,
      this.workDir,
      this.binDir,
      env,
      node,
    );
  }

  /** Creates the temp directory and runs `pulumi stack init`. */
  static async init(opts: StackOptions): Promise<PulumiStack> {
    const binDir = opts.binDir ?? (await ensurePulumiCli());
    const projectDir = resolve(opts.projectDir);
    const runtime = projectRuntime(projectDir);
    const program =
      runtime === "nodejs"
        ? opts.program !== undefined
          ? require.resolve(resolve(projectDir, opts.program))
          : nodeEntryPoint(projectDir, projectMain(projectDir))
        : undefined;
    const name = opts.stack ?? `t-${randomBytes(3).toString("hex")}`;
    const workDir = mkdtempSync(join(tmpdir(), "pulumi-svc-stack-"));
    mkdirSync(join(workDir, "state"));
    mkdirSync(join(workDir, "home"));
    const env = PulumiStack.environment(binDir, workDir, opts.env ?? {});
    const stack = new PulumiStack(name, projectDir, runtime, program, workDir, binDir, env);
    if (opts.configFrom !== undefined) copyFileSync(opts.configFrom, stack.settingsFile);
    await stack.run(["stack", "init"]);
    return stack;
  }

  private static environment(
    binDir: string,
    workDir: string,
    extra: Record<string, string>,
  ): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.SVC_API_KEY;
    delete env.SVC_BASE_URL;
    delete env.PULUMI_ACCESS_TOKEN;
    return {
      ...env,
      PULUMI_BACKEND_URL: `file://${join(workDir, "state")}`,
      PULUMI_HOME: join(workDir, "home"),
      PULUMI_CONFIG_PASSPHRASE: randomBytes(16).toString("hex"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      // The CLI and our plugin first, then the node running us (the program and the plugin need Node 22).
      PATH: [binDir, dirname(process.execPath), process.env.PATH ?? ""].join(delimiter),
      ...extra,
    };
  }

  /** The stack's settings file (`Pulumi.<stack>.yaml` next to Pulumi.yaml), removed by {@link remove}. */
  get settingsFile(): string {
    return join(this.projectDir, `Pulumi.${this.name}.yaml`);
  }

  /** `pulumi config set [--secret] <key> <value>` (the value is an argument, never printed; it must not start with `-`). */
  async setConfig(
    key: string,
    value: string,
    opts: { secret?: boolean; path?: boolean } = {},
  ): Promise<void> {
    const path = opts.path === true ? ["--path"] : [];
    await this.run(["config", "set", ...path, opts.secret ? "--secret" : "--plaintext", key, value]);
  }

  /** Sets each `values` entry; keys in `secretKeys` with `--secret`. */
  async setAllConfig(values: Record<string, string>, secretKeys: readonly string[] = []): Promise<void> {
    const args = ["config", "set-all"];
    for (const [k, v] of Object.entries(values))
      args.push(secretKeys.includes(k) ? "--secret" : "--plaintext", `${k}=${v}`);
    await this.run(args);
  }

  /** `pulumi config rm <key>`. */
  async removeConfig(key: string): Promise<void> {
    await this.run(["config", "rm", key]);
  }

  /** `pulumi preview --json --diff`: the engine's planned steps; nothing is written to the service. */
  async preview(opts: OperationOptions = {}): Promise<PreviewResult> {
    const result = await this.run(["preview", "--json", ...operationArgs(opts)], {
      client: true,
      allowFailure: true,
    });
    let digest: PreviewDigest | undefined;
    try {
      digest = JSON.parse(result.stdout) as PreviewDigest;
    } catch {
      digest = undefined;
    }
    if (result.code !== 0 && !opts.allowFailure) throw new PulumiCommandError(result);
    return { ...result, digest };
  }

  /** `pulumi up --yes --skip-preview` (run {@link preview} for the plan). */
  up(opts: OperationOptions = {}): Promise<CommandResult> {
    return this.run(["up", "--yes", "--skip-preview", ...operationArgs(opts)], this.operation(opts));
  }

  /** `pulumi refresh --yes --skip-preview`: reads every resource back through the provider's `read`. */
  refresh(opts: OperationOptions = {}): Promise<CommandResult> {
    return this.run(["refresh", "--yes", "--skip-preview", ...operationArgs(opts)], this.operation(opts));
  }

  /** `pulumi destroy --yes --skip-preview`. */
  destroy(opts: OperationOptions = {}): Promise<CommandResult> {
    return this.run(["destroy", "--yes", "--skip-preview", ...operationArgs(opts)], this.operation(opts));
  }

  private operation(opts: OperationOptions): RunOptions {
    return {
      client: true,
      allowFailure: opts.allowFailure ?? false,
      ...(opts.onOutput ? { onOutput: opts.onOutput } : {}),
    };
  }

  /** `pulumi stack export` (secrets stay ciphertext). */
  async exportStack(): Promise<StackExport> {
    return JSON.parse((await this.run(["stack", "export"])).stdout) as StackExport;
  }

  /** `pulumi stack import` of `state` (e.g. an edited export). */
  async importStack(state: StackExport): Promise<void> {
    const file = join(this.workDir, `import-${randomBytes(3).toString("hex")}.json`);
    writeFileSync(file, JSON.stringify(state));
    await this.run(["stack", "import", "--file", file]);
  }

  /** `pulumi stack output --json` (secrets as "[secret]" unless `showSecrets`). */
  async outputs(opts: { showSecrets?: boolean } = {}): Promise<Record<string, Json>> {
    const args = ["stack", "output", "--json", ...(opts.showSecrets ? ["--show-secrets"] : [])];
    return JSON.parse((await this.run(args)).stdout) as Record<string, Json>;
  }

  /**
   * Runs `pulumi <args> --stack <name> --non-interactive --color never` in the project directory; with
   * `client`, a language host for the program serves it (`--client`). Throws {@link PulumiCommandError} on a
   * non-zero status unless `allowFailure`.
   */
  async run(args: string[], opts: RunOptions = {}): Promise<CommandResult> {
    const running = await this.start(args, opts);
    const result = await running.result;
    if (result.code !== 0 && !opts.allowFailure) throw new PulumiCommandError(result);
    return result;
  }

  /**
   * Starts a CLI command without waiting (to kill it mid-way, or watch its output). The language host (with
   * `client`) stops when the command ends.
   */
  async start(args: string[], opts: Omit<RunOptions, "allowFailure"> = {}): Promise<RunningCommand> {
    let host: LanguageHost | undefined;
    const flags = ["--stack", this.name, "--non-interactive", "--color", "never"];
    if (opts.client && this.program !== undefined) {
      host = await startLanguageHost(this.program, this.projectDir, this.env, this.node);
      flags.push("--client", host.address);
    }
    const running = startCommand(join(this.binDir, "pulumi"), [...args, ...flags], {
      cwd: this.projectDir,
      env: this.env,
      ...(opts.onOutput ? { onStdout: opts.onOutput } : {}),
    });
    const result = running.result.then(async (r) => {
      if (!host) return r;
      await host.close();
      return { ...r, stderr: `${r.stderr}${host.stderr()}` };
    });
    return { ...running, result };
  }

  /** Removes the temp directory (backend, PULUMI_HOME) and the stack's settings file. Resources are left as they are. */
  async remove(): Promise<void> {
    rmSync(this.workDir, { recursive: true, force: true });
    if (existsSync(this.settingsFile)) rmSync(this.settingsFile);
  }
}
