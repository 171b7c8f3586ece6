/**
 * A small stand-in for the engine's deployment logic over the harness: keeps state (inputs, outputs, secret
 * markers where the engine keeps them, dependencies) and turns preview / up / refresh / destroy into the same
 * provider calls, in the same order, as the Pulumi engine (v3.259 and v3.274.1; test/engine/harness-vs-engine.test.ts runs
 * one scenario both ways and compares). Example and reliability tests reuse it.
 *
 * What it still does not do (the real engine does): run steps in parallel (it is sequential, in declaration
 * order); resource options other than `additionalSecretOutputs` and dependencies (`protect`,
 * `retainOnDelete`, `ignoreChanges`, `deleteBeforeReplace`); the eager deletion of dependents a
 * delete-before-replace implies; the plugin handshake calls (Handshake, GetPluginInfo, CheckConfig,
 * DiffConfig) and Cancel, which the dynamic-provider host does not act on.
 */
import type { CheckResult, DiffResult, Harness } from "./harness";
import {
  annotateSecrets,
  type PropertyMap,
  redactSecrets,
  secret,
  secretKeys,
  UNKNOWN,
  unwrapSecrets,
} from "./protocol";

/** A resource the program declares: its URN and inputs (with `__provider`; secrets wire-marked, at any depth). */
export interface DesiredResource {
  urn: string;
  inputs: PropertyMap;
  /** The `additionalSecretOutputs` resource option. */
  additionalSecretOutputs?: string[];
  /** URNs this resource depends on (its inputs' resources and `dependsOn`); orders deletes, dependents first. */
  dependencies?: string[];
  /** The `deleteBeforeReplace` resource option: when set, it decides over the provider's diff, as in the engine. */
  deleteBeforeReplace?: boolean;
}

/** One resource in state. */
export interface StateEntry {
  urn: string;
  id: string;
  /** Checked inputs, plain (secrets unwrapped). */
  inputs: PropertyMap;
  /** Outputs, plain. */
  outputs: PropertyMap;
  /** The inputs as the engine stores them: secret values wire-marked where the engine marks them (nested too). */
  wireInputs: PropertyMap;
  /** The outputs as the engine stores them, secret values wire-marked. */
  wireOutputs: PropertyMap;
  /** Top-level output keys whose value is, or contains, a secret (stored encrypted). */
  secretOutputs: string[];
  /** Top-level input keys whose value is, or contains, a secret. */
  secretInputs: string[];
  additionalSecretOutputs: string[];
  /** URNs this resource depends on. */
  dependencies: string[];
}

/** What happened to one resource in one operation. */
export interface StepResult {
  urn: string;
  op: "create" | "same" | "update" | "replace" | "delete" | "read" | "gone";
  check?: CheckResult;
  diff?: DiffResult;
  /**
   * The id the engine answers the program with: `""` (unknown, `id.isKnown` false) for a create or replace in
   * a preview, else the resource's id. Absent for deletes and failed steps.
   */
  id?: string;
  /** The error the host answered, when the step failed (the operation stops there). */
  error?: Error;
}

/**
 * Engine-like driver. Like the engine, every operation starts a fresh provider host (Configure, then the
 * resource calls) and stops it at the end.
 *
 * A create-before-delete replacement keeps the old object in {@link pendingDeletes} until the end of the `up`
 * (after every other step), as the engine does; only a failed deferred delete gets its own `delete` result.
 */
export class LifecycleRunner {
  /** Current state, in creation order. */
  readonly state = new Map<string, StateEntry>();
  /** Replaced objects waiting for their deferred delete (the engine's `delete: true` state entries). */
  readonly pendingDeletes: StateEntry[] = [];
  /** Everything the hosts printed, across operations (to scan for secrets). */
  hostOutput = "";
  /** Log messages the hosts sent to the engine, across operations. */
  readonly hostLogs: string[] = [];

  /** @param startHost starts a configured host, e.g. `() => startHarness({ config })` */
  constructor(private readonly startHost: () => Promise<Harness>) {}

  /** `pulumi preview`: Check and Diff only; nothing is changed. */
  preview(resources: DesiredResource[]): Promise<StepResult[]> {
    return this.withHost((h) => this.deploy(h, resources, true));
  }

  /** `pulumi up`. Stops at the first failed step, like the engine. */
  up(resources: DesiredResource[]): Promise<StepResult[]> {
    return this.withHost((h) => this.deploy(h, resources, false));
  }

  /** `pulumi refresh`: reads every resource concurrently, as the engine does. */
  refresh(): Promise<StepResult[]> {
    return this.withHost((h) => this.refreshAll(h));
  }

  /** `pulumi destroy`: deletes dependents before what they depend on (else in reverse creation order). */
  destroy(): Promise<StepResult[]> {
    return this.withHost((h) => this.deleteAll(h, [...this.pendingDeletes, ...this.state.values()]));
  }

  private async withHost<T>(fn: (h: Harness) => Promise<T>): Promise<T> {
    const h = await this.startHost();
    try {
      return await fn(h);
    } finally {
      this.hostOutput += h.output();
      this.hostLogs.push(...h.logs.map((l) => l.message));
      await h.close();
    }
  }

  private async refreshAll(h: Harness): Promise<StepResult[]> {
    const entries = [...this.state.values()];
    return Promise.all(
      entries.map(async (e): Promise<StepResult> => {
        try {
          const r = await h.read(
            e.urn,
            e.id,
            this.withProvider(e.outputs, e),
            this.withProvider(e.inputs, e),
          );
          if (!r.id) {
            this.state.delete(e.urn);
            return { urn: e.urn, op: "gone" };
          }
          const oldInputs = e.inputs;
          e.id = r.id;
          // The engine re-marks what was secret in the old state (annotateSecrets with the old inputs/outputs).
          this.setOutputs(e, annotateSecrets(r.props, e.wireOutputs));
          if (r.inputs) this.setInputs(e, annotateSecrets(r.inputs, e.wireInputs));
          // Then it diffs, the other way round (the refreshed state as the old side, the old inputs as the new),
          // to show the drift: the diff a no-change `up` would compute, inverted (step.go, RefreshStep.Apply).
          const diff = await h.diff(e.urn, e.id, e.outputs, this.withProvider(oldInputs, e), e.inputs);
          return { urn: e.urn, op: "read", id: e.id, diff };
        } catch (error) {
          return { urn: e.urn, op: "read", error: error as Error };
        }
      }),
    );
  }

  /**
   * Deletes `entries` one at a time, dependents first; stops at the first failure. Pending (replaced) entries
   * leave {@link pendingDeletes}, the others leave {@link state}.
   */
  private async deleteAll(h: Harness, entries: StateEntry[]): Promise<StepResult[]> {
    const results: StepResult[] = [];
    for (const e of deleteOrder(entries)) {
      try {
        await h.delete(e.urn, e.id, e.outputs, e.inputs);
      } catch (error) {
        results.push({ urn: e.urn, op: "delete", error: error as Error });
        break;
      }
      const pending = this.pendingDeletes.indexOf(e);
      if (pending >= 0) this.pendingDeletes.splice(pending, 1);
      else {
        this.state.delete(e.urn);
        results.push({ urn: e.urn, op: "delete" });
      }
    }
    return results;
  }

  /**
   * The state as the engine would persist it, with secret values (at any depth, where the engine marks them)
   * replaced by a ciphertext stand-in: whatever plaintext remains here would be readable by anyone with the
   * state file. Replaced objects awaiting deletion come last, with `delete: true`.
   */
  persistedState(): PropertyMap[] {
    const persisted = (e: StateEntry): PropertyMap => ({
      urn: e.urn,
      id: e.id,
      inputs: redactSecrets(e.wireInputs),
      outputs: redactSecrets(e.wireOutputs),
    });
    return [
      ...[...this.state.values()].map(persisted),
      ...this.pendingDeletes.map((e) => ({ ...persisted(e), delete: true })),
    ];
  }

  private async deploy(h: Harness, resources: DesiredResource[], preview: boolean): Promise<StepResult[]> {
    const results: StepResult[] = [];
    for (const r of resources) {
      const step = await this.step(h, r, preview).catch(
        (error: Error): StepResult => ({
          urn: r.urn,
          op: this.state.has(r.urn) ? "update" : "create",
          error,
        }),
      );
      results.push(step);
      if (stepFailed(step)) return results;
    }
    return [...results, ...(await this.finish(h, new Set(resources.map((r) => r.urn)), preview))];
  }

  /**
   * The end of an `up` once every step succeeded: the deferred deletes of replaced objects and the deletes of
   * resources the program no longer declares, dependents first. In a preview, only the planned deletes.
   */
  async finish(h: Harness, wanted: ReadonlySet<string>, preview: boolean): Promise<StepResult[]> {
    const dropped = [...this.state.values()].filter((e) => !wanted.has(e.urn));
    if (preview) return deleteOrder(dropped).map((e) => ({ urn: e.urn, op: "delete" }));
    return this.deleteAll(h, [...this.pendingDeletes, ...dropped]);
  }

  /** The engine's step for one registered resource: Check, then Create, or Diff and Same/Update/Replace. */
  async step(h: Harness, r: DesiredResource, preview: boolean): Promise<StepResult> {
    // The dynamic provider answers Configure with acceptSecrets=false, so the engine strips secret markers.
    const news = unwrapSecrets(r.inputs) as PropertyMap;
    const old = this.state.get(r.urn);
    const check = await h.check(r.urn, old?.inputs ?? {}, news);
    if (check.failures.length > 0) return { urn: r.urn, op: old ? "update" : "create", check };
    if (!old) {
      const id = preview ? "" : (await this.createInto(h, r, check.inputs)).id;
      return { urn: r.urn, op: "create", check, id };
    }
    const diff = await h.diff(r.urn, old.id, old.outputs, check.inputs, old.inputs);
    if (diff.changes === "none") {
      // A same step still records the new inputs.
      if (!preview) this.recordInputs(old, r, check.inputs);
      return { urn: r.urn, op: "same", check, diff, id: old.id };
    }
    if (diff.replaces.length > 0) return this.replace(h, r, old, check, diff, preview);
    if (!preview) {
      const { outs } = await h.update(r.urn, old.id, old.outputs, check.inputs, old.inputs);
      this.recordInputs(old, r, check.inputs);
      this.setOutputs(old, annotateSecrets(outs, old.wireInputs));
    }
    return { urn: r.urn, op: "update", check, diff, id: old.id };
  }

  /**
   * A replacement. The engine first checks the program's inputs again with no old inputs (so defaults are
   * computed afresh), then either deletes the old object and creates the new one (deleteBeforeReplace), or
   * creates the new one and defers the old one's delete to the end of the update.
   */
  private async replace(
    h: Harness,
    r: DesiredResource,
    old: StateEntry,
    first: CheckResult,
    diff: DiffResult,
    preview: boolean,
  ): Promise<StepResult> {
    const check = await h.check(r.urn, {}, unwrapSecrets(r.inputs) as PropertyMap);
    if (check.failures.length > 0) return { urn: r.urn, op: "replace", check, diff };
    if (preview) return { urn: r.urn, op: "replace", check: first, diff, id: "" };
    const deleteFirst = r.deleteBeforeReplace ?? diff.deleteBeforeReplace === true;
    if (deleteFirst) {
      await h.delete(old.urn, old.id, old.outputs, old.inputs);
      this.state.delete(r.urn);
    }
    const created = await this.createInto(h, r, check.inputs);
    if (!deleteFirst) this.pendingDeletes.push(old);
    return { urn: r.urn, op: "replace", check: first, diff, id: created.id };
  }

  private async createInto(h: Harness, r: DesiredResource, inputs: PropertyMap): Promise<StateEntry> {
    const { id, outs } = await h.create(r.urn, inputs);
    const entry = newEntry(r.urn, id);
    this.recordInputs(entry, r, inputs);
    this.setOutputs(entry, annotateSecrets(outs, entry.wireInputs));
    this.state.set(r.urn, entry);
    return entry;
  }

  /** Records checked inputs, re-marking secrets from the program's inputs, as the engine does after Check. */
  private recordInputs(e: StateEntry, r: DesiredResource, checked: PropertyMap): void {
    e.additionalSecretOutputs = r.additionalSecretOutputs ?? [];
    e.dependencies = r.dependencies ?? [];
    this.setInputs(e, annotateSecrets(checked, r.inputs));
  }

  private setInputs(e: StateEntry, wire: PropertyMap): void {
    e.wireInputs = wire;
    e.inputs = unwrapSecrets(wire) as PropertyMap;
    e.secretInputs = secretKeys(wire);
  }

  /** Records outputs (secrets wire-marked), with `additionalSecretOutputs` marked secret as a whole. */
  private setOutputs(e: StateEntry, wire: PropertyMap): void {
    const out = { ...wire };
    for (const k of e.additionalSecretOutputs) {
      const v = out[k];
      if (v !== undefined) out[k] = secret(unwrapSecrets(v));
    }
    e.wireOutputs = out;
    e.outputs = unwrapSecrets(out) as PropertyMap;
    e.secretOutputs = secretKeys(out);
  }

  private withProvider(map: PropertyMap, e: StateEntry): PropertyMap {
    return { ...map, __provider: map.__provider ?? e.inputs.__provider ?? null };
  }
}

/** A state entry with nothing recorded yet. */
export function newEntry(urn: string, id: string, dependencies: string[] = []): StateEntry {
  return {
    urn,
    id,
    inputs: {},
    outputs: {},
    wireInputs: {},
    wireOutputs: {},
    secretInputs: [],
    secretOutputs: [],
    additionalSecretOutputs: [],
    dependencies,
  };
}

function stepFailed(step: StepResult): boolean {
  return step.error !== undefined || (step.check !== undefined && step.check.failures.length > 0);
}

/**
 * The order in which to delete `entries` one at a time: an entry goes only after every entry that depends on it
 * (directly or not); otherwise the latest created goes first. The engine deletes independent ones in parallel.
 */
export function deleteOrder(entries: readonly StateEntry[]): StateEntry[] {
  const left = [...entries].reverse();
  const out: StateEntry[] = [];
  while (left.length > 0) {
    const i = left.findIndex((e) => !left.some((d) => d !== e && d.dependencies.includes(e.urn)));
    // A cycle cannot come from the engine; fall back to reverse creation order rather than loop.
    const [next] = left.splice(Math.max(i, 0), 1);
    out.push(next!);
  }
  return out;
}

/** Replaces the listed top-level inputs with the engine's unknown marker (a preview whose inputs are not known yet). */
export function withUnknowns(inputs: PropertyMap, keys: string[]): PropertyMap {
  const out = { ...inputs };
  for (const k of keys) out[k] = UNKNOWN;
  return out;
}
