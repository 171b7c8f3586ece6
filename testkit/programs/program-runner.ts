/**
 * Runs a compiled Pulumi program under `pulumi.runtime.setMocks` the way `pulumi preview` / `pulumi up` would
 * (test layer 5): the program runs in its own Node process (a program module runs once per process, as under
 * the CLI), and its mocks' `newResource` forwards every registration — inputs with the real serialized
 * `__provider`, secrets wire-marked — over IPC to this process, which drives the real dynamic-provider host
 * (engine-protocol harness) engine-style and answers with the real outputs. State lives in a
 * {@link LifecycleRunner}, which also does refresh, destroy and the persisted-state view.
 *
 * ```ts
 * const p = new ProgramRunner(() => startHarness({ config }), { program, project: "svc-quickstart" });
 * const run = await p.up({ config: { "svc:apiKey": key, "svc:baseUrl": url }, secretKeys: ["svc:apiKey"] });
 * run.steps; run.outputs; await p.engine.refresh(); await p.engine.destroy();
 * ```
 */
import { spawn } from "node:child_process";
import type { Harness } from "../harness/harness";
import { LifecycleRunner, type StateEntry, type StepResult } from "../harness/lifecycle";
import type { PropertyMap } from "../harness/protocol";
import { repoRoot } from "../harness/repo-root";

/** Where and how the program runs. */
export interface ProgramOptions {
  /** Absolute path of the compiled program (e.g. dist/examples/quickstart/program.js). */
  program: string;
  /** Project name (the first part of config keys without a namespace). */
  project: string;
  /**
   * Output keys the engine stores secret per resource type (the `additionalSecretOutputs` option, which the
   * mocks do not see). Secret inputs make their outputs secret anyway.
   */
  secretOutputs?: Record<string, string[]>;
}

/** One program run's settings. */
export interface RunOptions {
  /** Stack name; default "dev". */
  stack?: string;
  /** Stack config, keyed `namespace:key` (as PULUMI_CONFIG). */
  config?: Record<string, string>;
  /** Config keys that are secret. */
  secretKeys?: string[];
  /** Working directory of the program (Pulumi runs it in the project directory); default: the repo root. */
  cwd?: string;
  /** The project directory, as `pulumi.getRootDirectory()` returns it (the engine's PULUMI_NODEJS_ROOT_DIRECTORY); default: `cwd`. */
  rootDirectory?: string;
  /** Extra environment of the program. */
  env?: Record<string, string>;
}

/** What a run did. */
export interface ProgramRun {
  steps: StepResult[];
  /** The stack outputs, plain (secrets unwrapped; unknowns left out). */
  outputs: Record<string, unknown>;
  /** The program's error, when it failed. */
  error?: string;
  /** Everything the program wrote to stderr. */
  stderr: string;
}

interface RegisterMessage {
  kind: "register";
  seq: number;
  type: string;
  name: string;
  custom: boolean;
  inputs: PropertyMap;
  /** URNs the SDK sent as the registration's dependencies. */
  dependencies: string[];
  /** The registration's `deleteBeforeReplace` option, when set. */
  deleteBeforeReplace?: boolean;
}
type ChildMessage =
  | RegisterMessage
  | { kind: "done"; outputs: Record<string, unknown> }
  | { kind: "error"; message: string };

const CHILD = `
const pulumi = require("@pulumi/pulumi");
const { isUnknown } = require("@pulumi/pulumi/output");
const { program, project, stack, preview, unknown } = JSON.parse(process.env.PROGRAM_RUNNER_ARGS);
const pending = new Map();
let seq = 0;
process.on("message", (m) => { const p = pending.get(m.seq); pending.delete(m.seq); if (m.error) p.reject(new Error(m.error)); else p.resolve(m.result); });
const plain = (v) => isUnknown(v) ? unknown : Array.isArray(v) ? v.map(plain)
  : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, plain(x)])) : v;
pulumi.runtime.setMocks({
  newResource(args) {
    const s = ++seq;
    return new Promise((resolve, reject) => {
      pending.set(s, { resolve, reject });
      process.send({ kind: "register", seq: s, type: args.type, name: args.name, custom: args.custom, inputs: plain(args.inputs),
        dependencies: deps.get(args.type + "::" + args.name) || [], deleteBeforeReplace: dbr.get(args.type + "::" + args.name) });
    });
  },
  call(args) { throw new Error("unexpected invoke " + args.token); },
}, project, stack, preview);
// The mocks see neither a registration's dependencies nor its deleteBeforeReplace: read them off the request.
const deps = new Map();
const dbr = new Map();
const monitor = require("@pulumi/pulumi/runtime/settings").getMonitor();
const register = monitor.registerResource.bind(monitor);
monitor.registerResource = (req, cb) => {
  const key = req.getType() + "::" + req.getName();
  deps.set(key, req.getDependenciesList());
  dbr.set(key, req.getDeletebeforereplacedefined() ? req.getDeletebeforereplace() : undefined);
  return register(req, cb);
};
const fail = (e) => process.send({ kind: "error", message: (e && e.stack) || String(e) }, () => process.exit(1));
process.on("unhandledRejection", fail);
process.on("uncaughtException", fail);
// Like the real runtime, wait for every registration still in flight before reporting (a resource whose
// outputs nothing awaits is still registered).
pulumi.runtime.runInPulumiStack(async () => require(program))
  .then(async (outputs) => { await pulumi.runtime.waitForRPCs(); return outputs; })
  .then((outputs) => process.send({ kind: "done", outputs: JSON.parse(JSON.stringify(outputs ?? {})) }, () => process.exit(0)))
  .catch(fail);
`;

/** The engine's marker for a value not known yet (what preview returns for outputs it cannot know). */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Engine-like driver of a whole program. */
export class ProgramRunner {
  /** The state keeper (state, refresh, destroy, persistedState, host output and logs). */
  readonly engine: LifecycleRunner;

  constructor(
    private readonly startHost: () => Promise<Harness>,
    private readonly opts: ProgramOptions,
  ) {
    this.engine = new LifecycleRunner(startHost);
  }

  /** `pulumi preview`: runs the program; Check and Diff only. */
  preview(run: RunOptions = {}): Promise<ProgramRun> {
    return this.execute(run, true);
  }

  /** `pulumi up`: runs the program, creating/updating/replacing what it declares, deleting what it dropped. */
  up(run: RunOptions = {}): Promise<ProgramRun> {
    return this.execute(run, false);
  }

  private async execute(run: RunOptions, preview: boolean): Promise<ProgramRun> {
    const stack = run.stack ?? "dev";
    const h = await this.startHost();
    const steps: StepResult[] = [];
    const wanted = new Set<string>();
    try {
      const result = await this.runChild(run, stack, preview, async (m) => {
        if (!m.custom) return { id: undefined, state: {} };
        const urn = `urn:pulumi:${stack}::${this.opts.project}::${m.type}::${m.name}`;
        wanted.add(urn);
        const step = await this.step(h, urn, m, preview).catch(
          (error: Error): StepResult => ({
            urn,
            op: this.engine.state.has(urn) ? "update" : "create",
            error,
          }),
        );
        steps.push(step);
        const failure = stepFailure(step);
        if (failure !== undefined) throw new Error(failure);
        return this.answer(urn, step, preview);
      });
      // As the engine: a failed step fails the run (even when the program did not wait for that resource),
      // and deletions (of replaced objects and of resources the program dropped) only happen after every step
      // succeeded.
      const failure = result.error ?? steps.map(stepFailure).find((m) => m !== undefined);
      if (failure !== undefined) return { ...result, steps, error: failure };
      const deletes = await this.engine.finish(h, wanted, preview);
      steps.push(...deletes);
      const deleteFailure = deletes.map(stepFailure).find((m) => m !== undefined);
      if (deleteFailure !== undefined) return { ...result, steps, error: deleteFailure };
      return { ...result, steps };
    } finally {
      this.engine.hostOutput += h.output();
      this.engine.hostLogs.push(...h.logs.map((l) => l.message));
      await h.close();
    }
  }

  /** The engine's step for one resource (LifecycleRunner's), recording into the shared state. */
  private step(h: Harness, urn: string, m: RegisterMessage, preview: boolean): Promise<StepResult> {
    const aso = this.opts.secretOutputs?.[m.type] ?? [];
    const dependencies = m.dependencies.map((d) => this.urnOf(urn, d));
    return this.engine.step(
      h,
      {
        urn,
        inputs: m.inputs,
        additionalSecretOutputs: aso,
        dependencies,
        deleteBeforeReplace: m.deleteBeforeReplace,
      },
      preview,
    );
  }

  /** A dependency's URN as this runner names resources (`<stack>::<project>::<type>::<name>`, no parent types). */
  private urnOf(like: string, dependency: string): string {
    const [, , qualifiedType = "", name = ""] = dependency.split("::");
    const [prefix = "", project = ""] = like.split("::");
    return `${prefix}::${project}::${qualifiedType.split("$").pop() ?? ""}::${name}`;
  }

  /** What the engine answers the program: outputs (secret ones wire-marked), or the planned inputs in preview. */
  private answer(
    urn: string,
    step: StepResult,
    preview: boolean,
  ): { id: string | undefined; state: PropertyMap } {
    const entry: StateEntry | undefined = this.engine.state.get(urn);
    if (preview && step.op !== "same") {
      const { __provider: _, ...planned } = step.check?.inputs ?? {};
      // The engine answers "" (unknown) for the id of a planned create or replace, the old id for an update.
      return { id: step.id ?? "", state: planned };
    }
    if (!entry) throw new Error(`no state for ${urn}`);
    const { __provider: _, ...out } = entry.wireOutputs;
    return { id: entry.id, state: out };
  }

  private runChild(
    run: RunOptions,
    stack: string,
    preview: boolean,
    onRegister: (m: RegisterMessage) => Promise<{ id: string | undefined; state: PropertyMap }>,
  ): Promise<Omit<ProgramRun, "steps">> {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) {
      if (v !== undefined && !k.startsWith("SVC_") && !k.startsWith("PULUMI_")) env[k] = v;
    }
    Object.assign(env, run.env ?? {}, {
      PROGRAM_RUNNER_ARGS: JSON.stringify({
        program: this.opts.program,
        project: this.opts.project,
        stack,
        preview,
        unknown: UNKNOWN,
      }),
      PULUMI_CONFIG: JSON.stringify(run.config ?? {}),
      PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(run.secretKeys ?? []),
      PULUMI_NODEJS_ROOT_DIRECTORY: run.rootDirectory ?? run.cwd ?? repoRoot(),
    });
    const child = spawn(process.execPath, ["-e", CHILD], {
      cwd: run.cwd ?? repoRoot(),
      env,
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout?.resume();
    // Registrations are handled one at a time, in arrival order (the engine's steps, serialized).
    let queue = Promise.resolve();
    return new Promise((resolve) => {
      let settled: Omit<ProgramRun, "steps"> | undefined;
      child.on("message", (m: ChildMessage) => {
        if (m.kind === "register") {
          queue = queue.then(async () => {
            try {
              const result = await onRegister(m);
              if (child.connected) child.send({ seq: m.seq, result });
            } catch (error) {
              if (child.connected) child.send({ seq: m.seq, error: (error as Error).message });
            }
          });
        } else if (m.kind === "done") {
          settled = { outputs: m.outputs, stderr: "" };
        } else {
          settled = { outputs: {}, error: m.message, stderr: "" };
        }
      });
      child.on("exit", (code) => {
        void queue.then(() => {
          const r = settled ?? { outputs: {}, error: `program exited with code ${code}`, stderr: "" };
          resolve({ ...r, stderr });
        });
      });
    });
  }
}

/** Why a step failed (its error, or its check failures), or undefined. */
function stepFailure(step: StepResult): string | undefined {
  if (step.error) return step.error.message;
  const failures = step.check?.failures ?? [];
  if (failures.length === 0) return undefined;
  return `check failed: ${failures.map((f) => `${f.property}: ${f.reason}`).join("; ")}`;
}
