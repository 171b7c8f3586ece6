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
  /** Answer GET of a missing workflow with 400 instead of 404, as one older server version did. */
  missingWorkflowAs400?: boolean;
}
