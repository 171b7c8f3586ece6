/**
 * One stack of a convergence run: its scratch project and program model, its Pulumi stack, and every CLI
 * command it runs, each bounded in time and scanned for plaintext secrets (output, then the state export).
 * A lane runs the model as a JavaScript program of the dynamic resources (`runtime: "nodejs"`, the default)
 * or as a Pulumi YAML program through the provider plugin of this repository's build (`runtime: "yaml"`).
 */
import { delimiter, dirname, join } from "node:path";
import type { Emulator } from "../../emulator";
import { repoRoot } from "../harness/repo-root";
import {
  type CommandResult,
  PulumiStack,
  plaintextHits,
  ScratchProject,
  type StackExport,
  stateByName,
} from "../pulumi-cli";
import { BASE_URL_CONFIG, PROD_KEY_CONFIG } from "./environment-variable-program";
import { cloneModel, type ProgramModel } from "./model";
import { label } from "./oracle";
import { renderProgram } from "./program";
import { renderYamlProgram, type YamlTarget } from "./program-yaml";

/** How a lane's program is written and run: JavaScript (dynamic resources) or Pulumi YAML (the plugin). */
export type LaneRuntime = "nodejs" | "yaml";

/** The directory of `pulumi-resource-svc` of this repository's build (testkit/plugin/bin), put on PATH for YAML lanes. */
export function pluginBinDir(): string {
  return join(repoRoot(), "testkit", "plugin", "bin");
}

/** Longest a single CLI command may run before it is killed (and reported). */
export const COMMAND_TIMEOUT_MS = 150_000;

/** A divergence or a problem seen by a lane (the runner adds the step). */
export interface LaneFinding {
  kind: string;
  detail: string;
}

/** A CLI command's result, or `timedOut` when it was killed for taking too long. */
export interface LaneResult extends CommandResult {
  timedOut: boolean;
}

/** The last lines of a command's output, for a report (secrets already scanned and reported separately). */
export function tail(r: CommandResult, lines = 12): string {
  return `${r.stdout}\n${r.stderr}`
    .split("\n")
    .filter((l) => l.trim() !== "")
    .slice(-lines)
    .join("\n");
}

/** The program of `m` in `runtime`, for the project and stack `at`. */
function renderFor(runtime: LaneRuntime, m: ProgramModel, at: YamlTarget): string {
  return runtime === "nodejs" ? renderProgram(m) : renderYamlProgram(m, at);
}

/** One stack of a run. */
export class Lane {
  /** What the program declares now. */
  model: ProgramModel;
  /** Findings not yet collected by the runner. */
  readonly findings: LaneFinding[] = [];
  /** CLI commands run. */
  commands = 0;
  /**
   * While set, pending CREATE operations in the state are not a finding: after a killed `up`, `cancel` and
   * a successful `up`, the engine keeps the killed run's pending creates (by design: only a refresh clears
   * them, `--clear-pending-creates` when not interactive), though the service has converged.
   */
  pendingCreatesExpected = false;
  /** Pending CREATE operations the last state export held. */
  pendingCreates = 0;
  /**
   * The last successful `pulumi stack export` (secrets encrypted, as a user keeps it): what a user imports
   * when a killed `up` cut the checkpoint and every copy the backend keeps.
   */
  lastExport: string | undefined;

  private constructor(
    readonly project: ScratchProject,
    readonly projectName: string,
    readonly stack: PulumiStack,
    model: ProgramModel,
    /** Every secret value the lane may ever write (generated tokens, webhook URLs, credentials, the API key). */
    readonly secrets: readonly string[],
  ) {
    this.model = cloneModel(model);
    project.writeProgram(this.render(this.model));
  }

  /** The program's runtime. */
  get runtime(): LaneRuntime {
    return this.project.runtime;
  }

  private render(m: ProgramModel): string {
    return renderFor(this.project.runtime, m, { project: this.projectName, stack: this.stack.name });
  }

  /** Creates the project (named `projectName`) and the stack `stackName`, configured for `emu`. */
  static async create(opts: {
    emu: Emulator;
    binDir: string;
    projectName: string;
    stackName: string;
    model: ProgramModel;
    secrets: readonly string[];
    /** Default `nodejs`. */
    runtime?: LaneRuntime;
    /**
     * The production environment's API key, for a program that declares environment variables there
     * (./environment-variable-program.ts): set as the secret stack config the program reads it from.
     */
    prodApiKey?: string;
  }): Promise<Lane> {
    const runtime = opts.runtime ?? "nodejs";
    const project = ScratchProject.create(opts.projectName, runtime);
    const at = { project: opts.projectName, stack: opts.stackName };
    project.writeProgram(renderFor(runtime, opts.model, at));
    // The plugin, then the CLI, then the node running us (the plugin needs Node 22).
    const path = [pluginBinDir(), opts.binDir, dirname(process.execPath), process.env.PATH ?? ""];
    const stack = await PulumiStack.init({
      projectDir: project.dir,
      binDir: opts.binDir,
      stack: opts.stackName,
      ...(runtime === "yaml" ? { env: { PATH: path.join(delimiter) } } : {}),
    });
    const secret = ["svc:apiKey", ...(opts.prodApiKey !== undefined ? [PROD_KEY_CONFIG] : [])];
    await stack.setAllConfig(
      {
        "svc:baseUrl": opts.emu.url,
        "svc:apiKey": opts.emu.apiKey,
        ...(opts.prodApiKey !== undefined
          ? { [PROD_KEY_CONFIG]: opts.prodApiKey, [BASE_URL_CONFIG]: opts.emu.url }
          : {}),
      },
      secret,
    );
    const keys = [opts.emu.apiKey, ...(opts.prodApiKey !== undefined ? [opts.prodApiKey] : [])];
    return new Lane(project, opts.projectName, stack, opts.model, [...opts.secrets, ...keys]);
  }

  /** Replaces the program. */
  setModel(m: ProgramModel): void {
    this.model = cloneModel(m);
    this.project.writeProgram(this.render(this.model));
  }

  /** Runs `pulumi <args>` (with a language host when `client`), killed after {@link COMMAND_TIMEOUT_MS}. */
  async cli(args: string[], opts: { client?: boolean; timeoutMs?: number } = {}): Promise<LaneResult> {
    this.commands++;
    const running = await this.stack.start(args, { client: opts.client ?? false });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      running.kill("SIGKILL");
    }, opts.timeoutMs ?? COMMAND_TIMEOUT_MS);
    const result = await running.result.finally(() => clearTimeout(timer));
    this.scan(`${result.stdout}\n${result.stderr}`, `output of pulumi ${args.slice(0, 2).join(" ")}`);
    if (timedOut)
      this.findings.push({
        kind: "timeout",
        detail: `pulumi ${args.join(" ")} took over ${opts.timeoutMs ?? COMMAND_TIMEOUT_MS} ms`,
      });
    return { ...result, timedOut };
  }

  /** `pulumi up --yes --skip-preview` with `extra` arguments. */
  up(extra: string[] = []): Promise<LaneResult> {
    return this.cli(["up", "--yes", "--skip-preview", ...extra], { client: true });
  }

  /** Records a finding for each secret that occurs in `text`. */
  scan(text: string, where: string): void {
    const hits = plaintextHits(text, this.secrets);
    const found = Object.keys(hits);
    if (found.length > 0)
      this.findings.push({ kind: "plaintext-secret", detail: `${where}: ${found.map(label).join(", ")}` });
  }

  /** `pulumi stack export` (no --show-secrets), scanned for secrets; reports pending operations when `settled`. */
  async exportState(settled: boolean): Promise<Map<string, string>> {
    const r = await this.cli(["stack", "export"]);
    this.scan(r.stdout, "state (pulumi stack export)");
    const urns = new Map<string, string>();
    if (r.code !== 0) return urns;
    this.lastExport = r.stdout;
    const state = JSON.parse(r.stdout) as StackExport;
    const all = state.deployment.pending_operations ?? [];
    this.pendingCreates = all.filter((p) => p.type === "creating").length;
    const pending = all.filter((p) => !(this.pendingCreatesExpected && p.type === "creating"));
    if (settled && pending.length > 0)
      this.findings.push({
        kind: "pending-operations",
        detail: pending.map((p) => `${p.type} ${p.resource.urn}`).join(", "),
      });
    for (const [name, r2] of stateByName(state)) urns.set(name, r2.urn);
    return urns;
  }

  /** The second-`up` check: `pulumi preview --diff --expect-no-changes` (its text is scanned too). */
  async expectNoChanges(): Promise<boolean> {
    const r = await this.cli(["preview", "--diff", "--expect-no-changes"], { client: true });
    if (r.code === 0) return true;
    const changed = r.stdout
      .split("\n")
      .filter((l) => /^\s*[-+~]{1,3}\s*\S|\[urn=.*svc:|error:/.test(l))
      .slice(0, 24)
      .map((l) => l.trim());
    this.findings.push({ kind: "second-up-not-noop", detail: changed.join(" | ") || tail(r) });
    return false;
  }

  /** Removes the stack's temp files and the project directory (the service is left as it is). */
  async remove(): Promise<void> {
    await this.stack.remove();
    this.project.remove();
  }
}

/**
 * Every generated secret value in `source` (tokens, webhook ids, chat channels, integration secrets, secret
 * environment-variable values) of the script tag.
 */
export function secretsOf(source: unknown, tag: string): string[] {
  const escaped = tag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`(?:tok|wh|ch|isec|evs)-${escaped}-\\d+-[0-9a-f]{8}`, "g");
  return [...new Set(JSON.stringify(source).match(re) ?? [])];
}
