/**
 * The results of the Pulumi provider methods, typed: `pulumi.dynamic`'s `CheckResult`, `DiffResult`,
 * `CreateResult`, `ReadResult` and `UpdateResult` with the resource's own input and output types and every
 * field the engine relies on set. The three Pulumi providers (../runtime/*-provider.ts) answer with these.
 */

/** A Pulumi check failure: the input it is about (empty for the whole object) and why. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/** What check answers. */
export interface CheckOutcome<Inputs> {
  /** Checked inputs, defaults applied. In a preview, values not known yet are the engine's unknown marker. */
  inputs: Inputs;
  /** Every problem found, each naming its property; empty when the inputs are valid. */
  failures: CheckFailure[];
}

/** What diff answers. */
export interface DiffOutcome {
  /** Whether anything changes. */
  changes: boolean;
  /** The input properties whose change replaces the resource. */
  replaces: string[];
  /** Whether the old resource must go before its replacement is created (they would collide). */
  deleteBeforeReplace: boolean;
  /**
   * The changed property paths against the state's outputs, where the runtime names them (a Workflow's
   * `steps[1].controls.subject`); the dynamic path hands them to the engine
   * (../runtime/shared/dynamic-detailed-diff.ts).
   */
  changed?: { property: string; kind: "add" | "delete" | "update"; replace: boolean }[];
}

/** What create answers: the new object's id and its outputs. */
export interface CreateOutcome<Outputs> {
  /** The resource id. */
  id: string;
  /** The outputs as written. */
  outs: Outputs;
}

/** What update answers: the outputs as written. */
export interface UpdateOutcome<Outputs> {
  /** The outputs as written. */
  outs: Outputs;
}

/** What read answers: `{}` when the object is gone. */
export interface ReadOutcome<Outputs, Inputs> {
  /** The resource id (absent when gone). */
  id?: string;
  /** The outputs as the service holds them now. */
  props?: Outputs;
  /** The inputs that describe those outputs, so that later diffs compare against the refreshed state. */
  inputs?: Inputs;
}
