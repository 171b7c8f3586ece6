/**
 * A small stand-in for the engine's deployment logic over the harness: keeps state (inputs, outputs, which
 * keys are secret) and turns preview / up / refresh / destroy into the same provider calls, in the same
 * order, as the Pulumi engine. Example and reliability tests reuse it.
 */
import type { CheckResult, DiffResult, Harness } from "./harness";
import { isSecret, type Json, type PropertyMap, secretKeys, UNKNOWN, unwrapSecrets } from "./protocol";

/** A resource the program declares: its URN and inputs (with `__provider`; secrets wire-marked). */
export interface DesiredResource {
  urn: string;
  inputs: PropertyMap;
  /** The `additionalSecretOutputs` resource option. */
  additionalSecretOutputs?: string[];
}

/** One resource in state. */
export interface StateEntry {
  urn: string;
  id: string;
  /** Checked inputs, plain (secrets unwrapped). */
  inputs: PropertyMap;
  /** Outputs, plain. */
  outputs: PropertyMap;
  /** Top-level output keys the engine stores encrypted. */
  secretOutputs: string[];
  /** Top-level input keys the engine stores encrypted. */
  secretInputs: string[];
  additionalSecretOutputs: string[];
}

/** What happened to one resource in one operation. */
export interface StepResult {
  urn: string;
  op: "create" | "same" | "update" | "replace" | "delete" | "read" | "gone";
  check?: CheckResult;
  diff?: DiffResult;
  /** The error the host answered, when the step failed (the operation stops there). */
  error?: Error;
}

/**
 * Engine-like driver. Like the engine, every operation starts a fresh provider host (Configure, then the
 * resource calls) and stops it at the end.
 */
export class LifecycleRunner {
  /** Current state, in creation order. */
  readonly state = new Map<string, StateEntry>();
  /** Everything the hosts printed, across operations (to scan for secrets). */
  hostOutput = "";
  /** Log messages the hosts sent to the engine, across operations. */
  readonly hostLogs: string[] = [];
  private h!: Harness;

  /** @param startHost starts a configured host, e.g. `() => startHarness({ config })` */
  constructor(private readonly startHost: () => Promise<Harness>) {}

  /** `pulumi preview`: Check and Diff only; nothing is changed. */
  preview(resources: DesiredResource[]): Promise<StepResult[]> {
    return this.withHost(() => this.deploy(resources, true));
  }

  /** `pulumi up`. Stops at the first failed step, like the engine. */
  up(resources: DesiredResource[]): Promise<StepResult[]> {
    return this.withHost(() => this.deploy(resources, false));
  }

  /** `pulumi refresh`: reads every resource concurrently, as the engine does. */
  refresh(): Promise<StepResult[]> {
    return this.withHost(() => this.refreshAll());
  }

  /** `pulumi destroy`: deletes in reverse creation order. */
  destroy(): Promise<StepResult[]> {
    return this.withHost(() => this.destroyAll());
  }

  private async withHost<T>(fn: () => Promise<T>): Promise<T> {
    this.h = await this.startHost();
    try {
      return await fn();
    } finally {
      this.hostOutput += this.h.output();
      this.hostLogs.push(...this.h.logs.map((l) => l.message));
      await this.h.close();
    }
  }

  private async refreshAll(): Promise<StepResult[]> {
    const entries = [...this.state.values()];
    return Promise.all(
      entries.map(async (e): Promise<StepResult> => {
        try {
          const r = await this.h.read(
            e.urn,
            e.id,
            this.withProvider(e.outputs, e),
            this.withProvider(e.inputs, e),
          );
          if (!r.id) {
            this.state.delete(e.urn);
            return { urn: e.urn, op: "gone" };
          }
          e.id = r.id;
          e.outputs = r.props;
          if (r.inputs) e.inputs = r.inputs;
          e.secretOutputs = this.secretOutputKeys(e.outputs, e.secretInputs, e.additionalSecretOutputs);
          return { urn: e.urn, op: "read" };
        } catch (error) {
          return { urn: e.urn, op: "read", error: error as Error };
        }
      }),
    );
  }

  private async destroyAll(): Promise<StepResult[]> {
    const results: StepResult[] = [];
    for (const e of [...this.state.values()].reverse()) {
      try {
        await this.h.delete(e.urn, e.id, e.outputs, e.inputs);
        this.state.delete(e.urn);
        results.push({ urn: e.urn, op: "delete" });
      } catch (error) {
        results.push({ urn: e.urn, op: "delete", error: error as Error });
        break;
      }
    }
    return results;
  }

  /**
   * The state as the engine would persist it, with secret values replaced by a ciphertext stand-in: whatever
   * plaintext remains here would be readable by anyone with the state file.
   */
  persistedState(): PropertyMap[] {
    return [...this.state.values()].map((e) => ({
      urn: e.urn,
      id: e.id,
      inputs: redact(e.inputs, e.secretInputs),
      outputs: redact(e.outputs, e.secretOutputs),
    }));
  }

  private async deploy(resources: DesiredResource[], preview: boolean): Promise<StepResult[]> {
    const results: StepResult[] = [];
    const wanted = new Set(resources.map((r) => r.urn));
    for (const r of resources) {
      const step = await this.step(r, preview).catch(
        (error: Error): StepResult => ({
          urn: r.urn,
          op: this.state.has(r.urn) ? "update" : "create",
          error,
        }),
      );
      results.push(step);
      if (step.error || (step.check && step.check.failures.length > 0)) return results;
    }
    for (const e of [...this.state.values()].reverse()) {
      if (wanted.has(e.urn)) continue;
      if (!preview) {
        try {
          await this.h.delete(e.urn, e.id, e.outputs, e.inputs);
        } catch (error) {
          results.push({ urn: e.urn, op: "delete", error: error as Error });
          return results;
        }
        this.state.delete(e.urn);
      }
      results.push({ urn: e.urn, op: "delete" });
    }
    return results;
  }

  private async step(r: DesiredResource, preview: boolean): Promise<StepResult> {
    const secretInputs = secretKeys(r.inputs);
    // The dynamic provider answers Configure with acceptSecrets=false, so the engine strips secret markers.
    const news = unwrapSecrets(r.inputs) as PropertyMap;
    const old = this.state.get(r.urn);
    const check = await this.h.check(r.urn, old?.inputs ?? {}, news);
    if (check.failures.length > 0) return { urn: r.urn, op: old ? "update" : "create", check };
    const aso = r.additionalSecretOutputs ?? [];
    if (!old) {
      if (!preview) await this.createInto(r.urn, check.inputs, secretInputs, aso);
      return { urn: r.urn, op: "create", check };
    }
    const diff = await this.h.diff(r.urn, old.id, old.outputs, check.inputs, old.inputs);
    if (diff.changes === "none") {
      if (!preview) {
        // A same step still records the new inputs.
        old.inputs = check.inputs;
      }
      return { urn: r.urn, op: "same", check, diff };
    }
    if (diff.replaces.length > 0) {
      if (!preview) {
        if (diff.deleteBeforeReplace) {
          await this.h.delete(old.urn, old.id, old.outputs, old.inputs);
          this.state.delete(r.urn);
          await this.createInto(r.urn, check.inputs, secretInputs, aso);
        } else {
          const before = { ...old };
          this.state.delete(r.urn);
          await this.createInto(r.urn, check.inputs, secretInputs, aso);
          await this.h.delete(before.urn, before.id, before.outputs, before.inputs);
        }
      }
      return { urn: r.urn, op: "replace", check, diff };
    }
    if (!preview) {
      const { outs } = await this.h.update(r.urn, old.id, old.outputs, check.inputs, old.inputs);
      old.inputs = check.inputs;
      old.outputs = outs;
      old.secretInputs = secretInputs;
      old.additionalSecretOutputs = aso;
      old.secretOutputs = this.secretOutputKeys(outs, secretInputs, aso);
    }
    return { urn: r.urn, op: "update", check, diff };
  }

  private async createInto(urn: string, inputs: PropertyMap, secretInputs: string[], aso: string[]) {
    const { id, outs } = await this.h.create(urn, inputs);
    this.state.set(urn, {
      urn,
      id,
      inputs,
      outputs: outs,
      secretInputs,
      additionalSecretOutputs: aso,
      secretOutputs: this.secretOutputKeys(outs, secretInputs, aso),
    });
  }

  /** Outputs the engine marks secret: those whose input was secret, plus additionalSecretOutputs. */
  private secretOutputKeys(outs: PropertyMap, secretInputs: string[], aso: string[]): string[] {
    return Object.keys(outs).filter((k) => secretInputs.includes(k) || aso.includes(k) || isSecret(outs[k]));
  }

  private withProvider(map: PropertyMap, e: StateEntry): PropertyMap {
    return { ...map, __provider: map.__provider ?? e.inputs.__provider ?? null };
  }
}

function redact(map: PropertyMap, keys: string[]): PropertyMap {
  const out: PropertyMap = {};
  for (const [k, v] of Object.entries(map)) out[k] = keys.includes(k) ? "[secret]" : (v as Json);
  return out;
}

/** Replaces the listed top-level inputs with the engine's unknown marker (a preview whose inputs are not known yet). */
export function withUnknowns(inputs: PropertyMap, keys: string[]): PropertyMap {
  const out = { ...inputs };
  for (const k of keys) out[k] = UNKNOWN;
  return out;
}
