/** How a failed request of a set sync is told: whether it stops the sync, and its cause for one item. */
import { AuthenticationError, PermissionDeniedError } from "../../../sdk/errors";

/** Answers after which no further item is attempted (401, 403): every one would fail the same way. */
export function isFatal(err: unknown): boolean {
  return err instanceof AuthenticationError || err instanceof PermissionDeniedError;
}

/** A failed item's cause, the same text for every item it hit (the id, plain or URL-encoded, templated out). */
export function causeOf(err: unknown, id: string): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split(encodeURIComponent(id)).join("{subscriberId}").split(id).join("{subscriberId}");
}
