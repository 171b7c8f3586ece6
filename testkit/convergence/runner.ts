/**
 * Runs a convergence script under the real Pulumi CLI against a fresh emulator, and holds every step to
 * the oracle (./oracle.ts): after every step, the application's (foreign) entries holding credentials are
 * exactly as written (rule b); after each `up` that should converge, the service holds what the program
 * declares, every other entry of the stack is inert (rule a), and a second `up` is a no-op; after
 * `destroy`, rule (c); no plaintext secret in any output or state export. Workflows are held to the same
 * steps (rules w-a to w-c of ./workflow-oracle.ts) and, across clean `up`s, to keeping the `_id`s of the
 * steps the program kept (./step-id-watch.ts). Faults and out-of-band changes
 * relax the step they affect: a faulted `up` may fail, the next clean `up` must converge; after an
 * out-of-band change, `up` is checked again once a `refresh` ran.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Emulator, startEmulator } from "../../emulator";
import { keyedAdoptRemedy } from "./adopt-remedy";
import { AliasWatch } from "./alias-watch";
import { restoreCutCheckpoints } from "./checkpoint-restore";
import { removeCutSidecars } from "./cut-sidecars";
import { FOREIGN_VARIABLES } from "./environment-variable-model";
import { createForeignVariables } from "./environment-variable-oob";
import {
  driftStillApplying,
  environmentKeys,
  type ForeignVariableValue,
  readVariables,
  type SecretDrift,
  unsaidSecrets,
} from "./environment-variable-oracle";
import { convergenceFixtures, createForeignWorkflows } from "./fixtures";
import { SUBSCRIBERS } from "./generator";
import { Lane, type LaneResult, type LaneRuntime, secretsOf, tail } from "./lane";
import { type ForeignSubscription, type LayoutTopicSnapshot, readLayoutsTopics } from "./layout-topic-oracle";
import { applyEdit, type ProgramModel } from "./model";
import { runOob } from "./oob";
import {
  checkForeign,
  checkService,
  type ForeignEntry,
  foreignEntriesOf,
  identifierOf,
  identifiersOf,
  type OracleContext,
  type OracleResult,
  readService,
  type ServiceSnapshot,
  type StackView,
} from "./oracle";
import { describeStep, type Fault, type Script, type Step } from "./script";
import { StepIdWatch } from "./step-id-watch";
import { type ForeignWorkflow, liveOf } from "./workflow-oracle";

/** Options of {@link runScript}. */
export interface RunOptions {
  /** The bin directory of the Pulumi CLI (ensurePulumiCli). */
  binDir: string;
  /** Progress lines (one per step). */
  log?: (line: string) => void;
  /** Stop at the first step with a divergence (default true). */
  stopAtFirst?: boolean;
  /**
   * The program's runtime: `nodejs` (default; the JavaScript program of the dynamic resources) or `yaml` (the
   * same model as a Pulumi YAML program through the plugin, ./program-yaml.ts).
   */
  runtime?: LaneRuntime;
}

/** A step whose outcome broke the oracle's expectation. */
export interface Divergence {
  step: number;
  what: string;
  kind: string;
  detail: string;
}

/** What a run did and found. */
export interface RunReport {
  seed: number;
  stepsRun: number;
  stepsSkipped: number;
  ups: number;
  objectsChecked: number;
  divergences: Divergence[];
  /** Allowed failures and documented limits met on the way. */
  notes: string[];
  durationMs: number;
}

const EMPTY: ProgramModel = { integrations: [], credentials: [], sets: [] };

/** Why a step's checks are relaxed. */
interface Flags {
  /** Out-of-band change since the last refresh. */
  drifted: boolean;
  /** A failed (faulted or killed) `up` may have left integrations with explicit identifiers that need `adopt`. */
  orphanRisk: boolean;
}

/** One run of one script: its emulator, its stack, and what it found so far. */
export class ConvergenceRun {
  readonly flags: Flags = { drifted: false, orphanRisk: false };
  /** `_id`s of integrations made out of band that no stack took over. */
  readonly foreign = new Set<string>();
  /** The application's entries (fixtures, out-of-band writes), as last written. */
  readonly foreignEntries: ForeignEntry[];
  step = 0;
  /** Whether the current step ran the whole oracle already (else the runner checks rule b after it). */
  checked = false;
  /** Integrations renamed with an alias since the last `up`: the next clean `up` must keep their objects. */
  readonly aliases = new AliasWatch();
  /** The `_id`s of workflows and steps after the last clean `up`: the next one must keep the kept ones. */
  readonly stepIds = new StepIdWatch();
  /** Subscriptions the application made to the stack's topics (dropped once their topic is gone). */
  readonly foreignSubscriptions: ForeignSubscription[] = [];
  /** layoutIds of default layouts a command warned it leaves in the environment. */
  readonly warnedDefaults = new Set<string>();
  /** Integration identifiers a delete kept (a replacement took the object over) and said so. */
  readonly warnedKept = new Set<string>();
  /** The application's environment-variable values (fixtures, out-of-band writes), each as last written. */
  readonly foreignVariables: ForeignVariableValue[] = [];
  /** Declared secret values the dashboard edited, which the service keeps until the program writes over them. */
  secretDrift: SecretDrift[] = [];
  /** Secret drifts already reported as the documented limit they are. */
  private readonly notedDrift = new Set<SecretDrift>();

  constructor(
    readonly script: Script,
    readonly emu: Emulator,
    readonly lane: Lane,
    readonly fixtures: ServiceSnapshot,
    readonly report: RunReport,
    /** The application's workflows, each as it last wrote it. */
    readonly foreignWorkflows: ForeignWorkflow[] = [],
    /** The application's layouts and topics when the run started. */
    readonly layoutFixtures: LayoutTopicSnapshot = { layouts: [], topics: [] },
  ) {
    this.foreignEntries = foreignEntriesOf(fixtures);
  }

  /** What the oracle knows besides the program. */
  context(): OracleContext {
    return {
      fixtures: this.fixtures,
      foreignEntries: this.foreignEntries,
      foreignIntegrations: this.foreign,
      foreignWorkflows: this.foreignWorkflows,
      layoutsTopics: {
        fixtures: this.layoutFixtures,
        foreignSubscriptions: this.foreignSubscriptions,
        warnedDefaults: this.warnedDefaults,
      },
      variables: { foreignValues: this.foreignVariables, secretDrift: this.secretDrift },
    };
  }

  /** Records a variable value the application wrote (replacing its earlier record). */
  recordForeignVariable(value: ForeignVariableValue): void {
    const at = this.foreignVariables.findIndex((f) => f.key === value.key && f.env === value.env);
    if (at >= 0) this.foreignVariables.splice(at, 1);
    this.foreignVariables.push(value);
  }

  /** Records a declared secret value the dashboard edited (replacing an earlier edit of it). */
  recordSecretDrift(drift: SecretDrift): void {
    this.forgetSecretDrift(drift.variable);
    this.secretDrift.push(drift);
  }

  /** Forgets the dashboard's edit of `variable` (its value was deleted, or the resource is replaced). */
  forgetSecretDrift(variable: string): void {
    this.secretDrift = this.secretDrift.filter((d) => d.variable !== variable);
  }

  /** The service now (entries, workflows, layouts and topics); forgets the application's subscriptions whose topic is gone. */
  async snapshot(): Promise<ServiceSnapshot> {
    const layoutsTopics = await readLayoutsTopics(this.emu);
    const gone = this.foreignSubscriptions.filter(
      (f) => !layoutsTopics.topics.some((t) => t.key === f.topicKey),
    );
    for (const f of gone) this.foreignSubscriptions.splice(this.foreignSubscriptions.indexOf(f), 1);
    const variables = await readVariables(this.emu);
    return { ...readService(this.emu, SUBSCRIBERS), layoutsTopics, variables };
  }

  /** Records a subscription the application made (once). */
  recordForeignSubscription(sub: ForeignSubscription): void {
    const known = this.foreignSubscriptions.some(
      (f) => f.topicKey === sub.topicKey && f.subscriberId === sub.subscriberId,
    );
    if (!known) this.foreignSubscriptions.push(sub);
  }

  /** Remembers the default layouts a command's output warned it leaves in the environment. */
  scanWarnings(r: LaneResult): void {
    const text = `${r.stdout}\n${r.stderr}`.replace(/\s+/g, " ");
    const left = /layout "([^"]+)" \(_id [0-9a-f]+\) is its environment's default layout/g;
    for (const m of text.matchAll(left)) this.warnedDefaults.add(m[1]!);
    const kept = /integration "([^"]+)" \(_id [0-9a-f]+\) is kept, not deleted/g;
    for (const m of text.matchAll(kept)) this.warnedKept.add(m[1]!);
  }

  /** Records a workflow the application wrote (replacing its earlier record). */
  recordForeignWorkflow(workflow: ForeignWorkflow): void {
    const at = this.foreignWorkflows.findIndex((f) => f._id === workflow._id);
    if (at >= 0) this.foreignWorkflows.splice(at, 1);
    this.foreignWorkflows.push(workflow);
  }

  /** After a clean `up`: the kept steps' `_id`s against the last clean `up`'s, then records the new ones. */
  checkStepIds(): void {
    const live = readService(this.emu, []).workflows ?? [];
    for (const f of this.stepIds.check(this.lane.model, live)) this.diverge("step-id-changed", f);
    this.stepIds.record(this.lane.model, live);
  }

  /** Records an entry the application wrote (replacing its earlier record). */
  recordForeign(entry: ForeignEntry): void {
    const at = this.foreignEntries.findIndex(
      (f) =>
        f.subscriberId === entry.subscriberId &&
        f.providerId === entry.providerId &&
        f._integrationId === entry._integrationId,
    );
    if (at >= 0) this.foreignEntries.splice(at, 1);
    this.foreignEntries.push(entry);
  }

  /** Reports the oracle's findings as divergences of this step. */
  record(result: OracleResult): void {
    this.report.objectsChecked += result.objectsChecked;
    for (const f of result.findings) this.diverge(f.kind, f.detail);
  }

  /** Rule (b) on the service now, unless this step ran the whole oracle. */
  async checkForeign(): Promise<void> {
    if (!this.checked) this.record(checkForeign(await this.snapshot(), this.context()));
  }

  view(model: ProgramModel = this.lane.model): StackView {
    return { project: this.lane.projectName, stack: this.lane.stack.name, model };
  }

  diverge(kind: string, detail: string): void {
    const what = describeStep(this.script.steps[this.step]!);
    this.report.divergences.push({ step: this.step, what, kind, detail });
  }

  note(text: string): void {
    this.report.notes.push(`step ${this.step}: ${text}`);
  }

  /** The oracle (with `destroyed`: after a destroy of that program), then the state export and the second-`up` check. */
  async converged(
    model: ProgramModel = this.lane.model,
    noop = true,
    destroyed?: ProgramModel,
  ): Promise<void> {
    const result = checkService(
      [this.view(model)],
      await this.snapshot(),
      this.context(),
      destroyed ? { destroyed: [this.view(destroyed)] } : {},
    );
    this.checked = true;
    // An integration recreated out of band and then taken over by the stack is the stack's: destroy must
    // delete it, so it is no longer excused as foreign.
    for (const id of result.declaredIds) this.foreign.delete(id);
    this.record(result);
    this.settleSecretDrift(model);
    await this.lane.exportState(true);
    if (noop) await this.lane.expectNoChanges();
  }

  /**
   * After a converged check: forgets the dashboard's secret edits the program has written over since, and
   * notes each one still kept as the documented limit it is (docs/known-limits.md).
   */
  settleSecretDrift(model: ProgramModel): void {
    this.secretDrift = driftStillApplying([this.view(model)], this.secretDrift);
    for (const d of this.secretDrift) {
      if (this.notedDrift.has(d)) continue;
      this.notedDrift.add(d);
      this.note(
        `documented limit: the secret value of ${d.variable} (${d.key}) edited in the dashboard stays (masked: no refresh sees it)`,
      );
    }
  }

  /**
   * The documented remedy for objects a failed run made but did not record: `adopt: true` on each one a
   * refusal names (integrations by identifier; ./adopt-remedy.ts for the others).
   */
  adoptRemedy(output: string): boolean {
    if (!this.flags.orphanRisk) return false;
    const keyed = keyedAdoptRemedy(this.lane.model, output);
    if (keyed) {
      this.note(`documented limit: ${keyed.adopted.join(", ")} left by a failed run; set adopt: true`);
      this.lane.setModel(keyed.model);
    }
    const m = /integration "([^"]+)" already exists \(id [^)]+\) and this resource did not create it/.exec(
      output,
    );
    const decl = m && this.lane.model.integrations.find((i) => i.identifier === m[1]);
    const next =
      decl && applyEdit(this.lane.model, { edit: "set-adopt", integration: decl.name, adopt: true });
    if (next) {
      this.note(`documented limit: ${m?.[1]} was left by a failed run; set adopt: true`);
      this.lane.setModel(next);
    }
    return keyed !== undefined || next !== undefined;
  }

  /**
   * The stack's live integrations this `up` deletes (the program no longer declares them) whose provider a
   * credentials resource without identifier follows. The engine deletes them at the end of the `up`, after
   * that resource's step, so its entry stays on the deleted one until the next `up` moves it (README, Known
   * limits: "Without `integrationIdentifier`..."): the documented remedy, a second `up`, runs before the
   * oracle when this is not empty.
   */
  deletedUnderFollowers(): string[] {
    const model = this.lane.model;
    const followed = new Set<string | undefined>(
      model.credentials
        .filter((c) => c.newest === true)
        .map((c) => model.integrations.find((i) => i.name === c.integration)?.providerId),
    );
    const declared = new Set(model.integrations.flatMap((i) => identifiersOf(this.view(), i)));
    return this.emu
      .integrations()
      .filter(
        (x) =>
          followed.has(x.providerId) &&
          !declared.has(x.identifier ?? "") &&
          !this.foreign.has(x._id ?? "") &&
          !this.fixtures.integrations.some((f) => f._id === x._id),
      )
      .map((x) => x.identifier ?? String(x._id));
  }

  /** The documented remedy of {@link deletedUnderFollowers}: one more `up`; false when it failed. */
  async settleFollowers(deleted: readonly string[]): Promise<boolean> {
    if (deleted.length === 0) return true;
    this.note(
      `documented limit: ${deleted.join(", ")} deleted at the end of the up, after a credentials resource without identifier that follows its provider; a second up moves the entry`,
    );
    const r = await this.lane.up();
    this.report.ups++;
    this.scanWarnings(r);
    if (r.code !== 0) this.diverge("up-failed", tail(r));
    return r.code === 0;
  }

  /** A full `up` (with `extra` flags) that must succeed unless an out-of-band change is not refreshed yet. */
  async up(extra: string[] = []): Promise<boolean> {
    const deleted = this.deletedUnderFollowers();
    let r = await this.lane.up(extra);
    this.report.ups++;
    this.scanWarnings(r);
    // Each remedy may reveal the next (the engine stops at its first failed resource): a few rounds.
    for (let round = 0; round < 6 && r.code !== 0 && this.adoptRemedy(`${r.stdout}\n${r.stderr}`); round++) {
      r = await this.lane.up(extra);
      this.report.ups++;
      this.scanWarnings(r);
    }
    if (r.code !== 0) {
      if (this.flags.drifted) this.note(`up failed after an unrefreshed out-of-band change: ${tail(r, 2)}`);
      else this.diverge("up-failed", tail(r));
      return false;
    }
    this.flags.orphanRisk = false;
    if (!(await this.settleFollowers(deleted))) return false;
    if (this.flags.drifted) this.aliases.forget();
    for (const f of this.aliases.check(this.lane.model, this.emu)) this.diverge("alias-replaced", f);
    if (!this.flags.drifted) this.checkStepIds();
    if (this.flags.drifted) {
      await this.lane.exportState(true);
      await this.lane.expectNoChanges();
    } else await this.converged();
    return true;
  }
}

/** The URN of the resource named `name` in the stack's state, if it is there. */
async function urnOf(run: ConvergenceRun, name: string): Promise<string | undefined> {
  return (await run.lane.exportState(false)).get(name);
}

async function replaceStep(run: ConvergenceRun, resource: string): Promise<boolean> {
  const urn = await urnOf(run, resource);
  if (!urn) return false;
  run.aliases.forget();
  run.stepIds.forgetWorkflow(resource);
  run.forgetSecretDrift(resource);
  if (run.lane.model.workflows?.some((w) => w.name === resource)) return replaceWorkflow(run, resource, urn);
  const decl = run.lane.model.integrations.find((i) => i.name === resource);
  const identifier = decl && identifierOf(run.view(), decl, run.emu.integrations());
  const before = identifier && run.emu.integrations().find((i) => i.identifier === identifier)?._id;
  run.warnedKept.clear();
  const ok = await run.up(["--replace", urn]);
  const after = identifier && run.emu.integrations().find((i) => i.identifier === identifier)?._id;
  if (ok && before && after === before) {
    // Without deleteBeforeReplace (a plugin language's default), the replacement takes the object over: allowed
    // only when the engine's output says so (provider/runtime/shared/replacement-guard.ts).
    if (run.warnedKept.has(identifier))
      run.note(`${resource} (${identifier}) kept by its replacement, as warned`);
    else run.diverge("replace-kept-object", `${resource} (${identifier}) still has _id ${before}`);
  }
  return true;
}

/** `up --replace` of a workflow: afterwards it is a new object (a new `_id`) under the declared workflowId. */
async function replaceWorkflow(run: ConvergenceRun, resource: string, urn: string): Promise<boolean> {
  const idOf = () => {
    const decl = run.lane.model.workflows?.find((w) => w.name === resource);
    const found = decl ? liveOf(decl, readService(run.emu, []).workflows ?? []) : [];
    return found.length === 1 ? found[0]!._id : undefined;
  };
  const before = idOf();
  const ok = await run.up(["--replace", urn]);
  const after = idOf();
  if (ok && before && after === before)
    run.diverge("replace-kept-object", `workflow ${resource} still has _id ${before}`);
  return true;
}

async function targetStep(run: ConvergenceRun, resource: string): Promise<boolean> {
  const urn = await urnOf(run, resource);
  if (!urn) return false;
  const r = await run.lane.up(["--target", urn]);
  run.report.ups++;
  run.scanWarnings(r);
  if (r.code !== 0) run.note(`up --target ${resource} failed: ${tail(r, 2)}`);
  return true;
}

function setFault(emu: Emulator, fault: Fault | undefined, seed: number): void {
  emu.setFaults(
    fault === "fail" ? { failRate: 0.3, seed } : fault === "drop" ? { dropRate: 0.25, seed } : {},
  );
  emu.setRateLimit(fault === "rate-limit" ? { perSecond: 2 } : undefined);
}

async function faultedUp(run: ConvergenceRun, fault: Fault): Promise<void> {
  run.aliases.forget();
  run.stepIds.forget();
  const deleted = run.deletedUnderFollowers();
  setFault(run.emu, fault, run.script.seed + run.step);
  let r: Awaited<ReturnType<Lane["up"]>>;
  try {
    r = await run.lane.up();
  } finally {
    setFault(run.emu, undefined, 0);
  }
  run.report.ups++;
  run.scanWarnings(r);
  if (r.code !== 0) {
    run.note(`up under ${fault} faults failed (allowed): ${tail(r, 1)}`);
    run.flags.orphanRisk = true;
  } else if ((await run.settleFollowers(deleted)) && !run.flags.drifted) await run.converged();
}

/** `up` SIGKILLed after its first write, then `pulumi cancel` and `up` again, which must converge. */
async function killedUp(run: ConvergenceRun): Promise<void> {
  run.aliases.forget();
  run.stepIds.forget();
  run.emu.setFaults({ latencyMs: 700 });
  run.emu.resetRequests();
  const running = await run.lane.stack.start(["up", "--yes", "--skip-preview"], { client: true });
  const until = Date.now() + 60_000;
  let done = false;
  void running.result.then(() => {
    done = true;
  });
  while (!done && Date.now() < until && !run.emu.requests.some((q) => q.method !== "GET")) await sleep(50);
  running.kill("SIGKILL");
  await running.result;
  await sleep(1500); // requests already sent land; nobody reads their answers
  run.emu.setFaults({});
  run.report.ups++;
  run.flags.orphanRisk = true;
  // A user's order: put back a whole checkpoint, `pulumi cancel` (the killed run's lock), then an import if
  // nothing was left to put back (an import takes the lock).
  const lost = restoreKeptCheckpoint(run);
  const cancel = await run.lane.cli(["cancel", "--yes"]);
  if (cancel.code !== 0) run.note(`pulumi cancel: ${tail(cancel, 1)}`);
  for (const stack of lost) await importLastExport(run, stack);
  run.lane.pendingCreatesExpected = true;
  try {
    await run.up();
  } finally {
    run.lane.pendingCreatesExpected = false;
  }
  if (run.lane.pendingCreates > 0) {
    // The engine's own remedy for the killed run's pending creates (the `up` above already took over what
    // they made): a refresh that clears them, writes nothing and leaves no pending operation.
    run.note(`${run.lane.pendingCreates} pending creates of the killed up: refresh --clear-pending-creates`);
    await refreshStep(run, ["--clear-pending-creates"]);
    await run.lane.exportState(true);
  }
}

/**
 * A kill that left the backend unreadable gets a user's remedy (docs/known-limits.md): a metadata sidecar the
 * kill cut is deleted (./cut-sidecars.ts: the `failed to load checkpoint: EOF` case), a cut checkpoint takes
 * the newest whole copy the file backend kept (./checkpoint-restore.ts). Returns the checkpoints with no such
 * copy.
 */
function restoreKeptCheckpoint(run: ConvergenceRun): string[] {
  const stateDir = join(run.lane.stack.workDir, "state");
  for (const sidecar of removeCutSidecars(stateDir))
    run.note(`the kill cut the metadata sidecar ${sidecar} (failed to load checkpoint: EOF); deleted it`);
  const lost: string[] = [];
  for (const r of restoreCutCheckpoints(stateDir)) {
    if (r.from === undefined) lost.push(r.stack);
    else run.note(`the kill cut the checkpoint ${r.stack}; restored the backend's own copy ${r.from}`);
  }
  return lost;
}

/** The last remedy for a cut checkpoint the backend kept no copy of: `pulumi stack import` of the last export. */
async function importLastExport(run: ConvergenceRun, stack: string): Promise<void> {
  const last = run.lane.lastExport;
  if (last === undefined) {
    run.diverge("checkpoint-lost", `${stack} is cut, and neither the backend nor the run kept a copy`);
    return;
  }
  const file = join(run.lane.stack.workDir, "last-export.json");
  writeFileSync(file, last);
  const imported = await run.lane.cli(["stack", "import", "--file", file]);
  if (imported.code !== 0) run.diverge("checkpoint-import-failed", tail(imported));
  else
    run.note(
      `the kill cut the checkpoint ${stack} and every copy the backend keeps; imported the last export`,
    );
}

async function refreshStep(run: ConvergenceRun, extra: string[] = []): Promise<void> {
  run.emu.resetRequests();
  const r = await run.lane.cli(["refresh", "--yes", "--skip-preview", ...extra], { client: true });
  const writes = run.emu.requests.filter((q) => q.method !== "GET");
  if (writes.length > 0) run.diverge("refresh-wrote", writes.map((q) => `${q.method} ${q.path}`).join(", "));
  if (r.code !== 0) run.diverge("refresh-failed", tail(r));
  else run.flags.drifted = false;
  const state = await run.lane.exportState(false);
  const unsaid =
    r.code === 0 ? unsaidSecrets(run.lane.model, (name) => state.has(name), r.stdout + r.stderr) : [];
  if (unsaid.length > 0)
    run.diverge("secret-limit-silent", `the refresh did not say it cannot read ${unsaid.join(", ")}`);
}

async function destroyStep(run: ConvergenceRun): Promise<void> {
  run.aliases.forget();
  run.stepIds.forget();
  const r = await run.lane.cli(["destroy", "--yes", "--skip-preview"], { client: true });
  run.scanWarnings(r);
  if (r.code !== 0) {
    run.diverge("destroy-failed", tail(r));
    return;
  }
  run.flags.drifted = false;
  run.flags.orphanRisk = false;
  await run.converged(EMPTY, false, run.lane.model);
}

/** Runs one step; false when it did not apply (skipped). */
async function runStep(run: ConvergenceRun, step: Step): Promise<boolean> {
  switch (step.op) {
    case "edit": {
      const next = applyEdit(run.lane.model, step.edit);
      if (next) {
        run.aliases.before(step.edit, run.view(), run.emu);
        run.stepIds.before(step.edit);
        run.lane.setModel(next);
      }
      return next !== undefined;
    }
    case "up":
      await run.up();
      return true;
    case "up-replace":
      return replaceStep(run, step.resource);
    case "up-target":
      return targetStep(run, step.resource);
    case "up-faults":
      await faultedUp(run, step.fault);
      return true;
    case "kill-up":
      await killedUp(run);
      return true;
    case "refresh":
      await refreshStep(run);
      return true;
    case "destroy":
      await destroyStep(run);
      return true;
    case "oob":
      run.aliases.forget();
      if (step.action.oob === "delete-workflow") run.stepIds.forgetWorkflow(step.action.workflow);
      return runOob(run, step.action);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `script` against a fresh emulator and stack; never throws for a divergence (see the report). */
export async function runScript(script: Script, opts: RunOptions): Promise<RunReport> {
  const t0 = performance.now();
  const report: RunReport = {
    seed: script.seed,
    stepsRun: 0,
    stepsSkipped: 0,
    ups: 0,
    objectsChecked: 0,
    divergences: [],
    notes: [],
    durationMs: 0,
  };
  const emu = await startEmulator({ fixtures: convergenceFixtures() });
  let lane: Lane | undefined;
  try {
    const foreignWorkflows = await createForeignWorkflows(emu);
    const withVariables = script.initial.variables !== undefined;
    const foreignVariables = withVariables ? await createForeignVariables(emu) : [];
    const fixtures = readService(emu, SUBSCRIBERS);
    const layoutFixtures = await readLayoutsTopics(emu);
    lane = await Lane.create({
      emu,
      binDir: opts.binDir,
      projectName: `conv-${script.tag}`,
      stackName: "conv",
      model: script.initial,
      secrets: [
        ...secretsOf(script, script.tag),
        ...FOREIGN_VARIABLES.flatMap((f) => (f.isSecret ? Object.values(f.values) : [])),
      ],
      ...(opts.runtime ? { runtime: opts.runtime } : {}),
      ...(withVariables ? { prodApiKey: environmentKeys(emu).prod.apiKey } : {}),
    });
    const run = new ConvergenceRun(script, emu, lane, fixtures, report, foreignWorkflows, layoutFixtures);
    for (const f of foreignVariables) run.recordForeignVariable(f);
    await runSteps(run, opts);
  } finally {
    await lane?.remove();
    await emu.close();
    report.durationMs = performance.now() - t0;
  }
  return report;
}

async function runSteps(run: ConvergenceRun, opts: RunOptions): Promise<void> {
  const { script, report, lane } = run;
  for (let i = 0; i < script.steps.length; i++) {
    run.step = i;
    run.checked = false;
    const step = script.steps[i]!;
    const t = performance.now();
    const applied = await runStep(run, step);
    if (applied) await run.checkForeign();
    for (const f of lane.findings.splice(0)) run.diverge(f.kind, f.detail);
    if (applied) report.stepsRun++;
    else report.stepsSkipped++;
    const found = report.divergences.filter((d) => d.step === i).length;
    const secs = ((performance.now() - t) / 1000).toFixed(1);
    opts.log?.(
      `[${script.tag}] ${i} ${describeStep(step)}: ${applied ? "" : "skipped "}${found > 0 ? `${found} DIVERGENCES` : "ok"} (${secs} s)`,
    );
    if (found > 0 && (opts.stopAtFirst ?? true)) break;
  }
}
