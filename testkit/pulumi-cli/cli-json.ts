/**
 * The shapes of what the Pulumi CLI prints with `preview --json` and `stack export`, as far as pulumi-svc's
 * engine tests read them (apitype.PreviewDigest / apitype.UntypedDeployment of pkg v3.259.0 and v3.274.1).
 */

/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One resource as the engine stores it (apitype.ResourceV3). */
export interface StateResource {
  urn: string;
  type: string;
  custom?: boolean;
  id?: string;
  delete?: boolean;
  /** Read into the program (`get`, the `id` option), not managed: destroy leaves it. */
  external?: boolean;
  inputs?: Record<string, Json>;
  outputs?: Record<string, Json>;
  parent?: string;
  provider?: string;
  dependencies?: string[];
  propertyDependencies?: Record<string, string[]>;
  protect?: boolean;
  retainOnDelete?: boolean;
  additionalSecretOutputs?: string[];
  pendingReplacement?: boolean;
}

/** An operation the engine had started but not finished when the update stopped (apitype.OperationV2). */
export interface PendingOperation {
  resource: StateResource;
  type: "creating" | "updating" | "deleting" | "reading" | "importing";
}

/** `pulumi stack export` (apitype.UntypedDeployment with a DeploymentV3 inside). */
export interface StackExport {
  version: number;
  deployment: {
    manifest?: Record<string, Json>;
    secrets_providers?: { type: string; state?: Record<string, Json> };
    resources?: StateResource[];
    pending_operations?: PendingOperation[];
  };
}

/** The operation of a step (display.StepOp). */
export type StepOp =
  | "same"
  | "create"
  | "update"
  | "delete"
  | "replace"
  | "create-replacement"
  | "delete-replaced"
  | "read"
  | "read-replacement"
  | "refresh"
  | "discard"
  | "discard-replaced"
  | "remove-pending-replace"
  | "import"
  | "import-replacement";

/** One step of `pulumi preview --json` (apitype.PreviewStep). */
export interface PreviewStep {
  op: StepOp;
  urn: string;
  provider?: string;
  oldState?: StateResource;
  newState?: StateResource;
  /** Keys whose change the provider reported. */
  diffReasons?: string[];
  /** Keys whose change forces a replacement. */
  replaceReasons?: string[];
  /** Per property path: `{ kind: "add" | "update" | "delete" | "add-replace" | ..., inputDiff }`. */
  detailedDiff?: Record<string, { kind: string; inputDiff?: boolean }> | null;
}

/** One diagnostic of `pulumi preview --json`. */
export interface PreviewDiagnostic {
  urn?: string;
  prefix?: string;
  message: string;
  severity: "debug" | "info" | "infoerr" | "warning" | "error";
}

/** `pulumi preview --json` (apitype.PreviewDigest). */
export interface PreviewDigest {
  /** The stack config used (secrets blinded). */
  config?: Record<string, string>;
  steps?: PreviewStep[];
  diagnostics?: PreviewDiagnostic[];
  changeSummary?: Partial<Record<StepOp, number>>;
  /** Nanoseconds. */
  duration?: number;
  maybeCorrupt?: boolean;
}
