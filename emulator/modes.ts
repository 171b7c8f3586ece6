/**
 * Deliberate departures from the service, all off by default. They exist so a test can run a scenario
 * against a server that breaks a promise and watch the scenario's figure go bad: a figure that cannot go
 * bad proves nothing.
 */
export interface EmulatorModes {
  /**
   * Accept an integration `identifier` that already exists in the organization (the service answers 409).
   * Duplicates then show up where a client's retry creates twice, instead of being refused by the server.
   */
  allowDuplicateIdentifiers?: boolean;
  /**
   * Ignore the `Idempotency-Key` header (no replay, no 409 in flight, no 422): a server that breaks the
   * retry-safety contract the client relies on.
   */
  ignoreIdempotencyKeys?: boolean;
  /**
   * Store a created workflow under the slug of its name, ignoring the body's workflowId, as self-hosted
   * servers of 2024 and early 2025 did (the v2 create did not preserve the workflowId then).
   */
  workflowIdFromName?: boolean;
  /**
   * Answer GET of a missing workflow with 400 "Workflow cannot be found" (and `workflowId`) instead of 404,
   * as servers of October 2024 did (workflow-not-found-exception.ts extended BadRequestException then).
   */
  missingWorkflowAs400?: boolean;
}

/** The names of the modes, as `--mode` on the command line takes them. */
export const MODE_NAMES = [
  "allowDuplicateIdentifiers",
  "ignoreIdempotencyKeys",
  "workflowIdFromName",
  "missingWorkflowAs400",
] as const satisfies readonly (keyof EmulatorModes)[];

/** Modes from their names (`--mode`), refusing an unknown name with the allowed ones. */
export function modesFromNames(names: readonly string[]): EmulatorModes {
  const modes: EmulatorModes = {};
  for (const name of names) {
    const known = MODE_NAMES.find((m) => m === name);
    if (!known)
      throw new Error(`--mode must be one of ${MODE_NAMES.join(", ")} (got ${JSON.stringify(name)})`);
    modes[known] = true;
  }
  return modes;
}
