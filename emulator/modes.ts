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
}
