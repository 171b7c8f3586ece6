/**
 * Which integration an identifier names now. A subscriber's channel entry is bound to the `_id` of the
 * integration it was written for (`_integrationId`); the service leaves entries alone when that integration
 * is deleted, or recreated under the same identifier with a new `_id`. The credentials providers compare an
 * entry's binding with the integration its identifier names now, and treat a difference as drift.
 *
 * The list is shared briefly (a refresh reads many entries at once) and dropped after any integration write
 * made in this host process, by any provider instance: an `up` that replaces an integration and then diffs
 * the credentials bound to it sees the new `_id`.
 */
import type { SvcClient } from "../../sdk/client";
import type { Integration } from "../../sdk/schemas";
import { ListCache } from "./list-cache";

/** Integration writes made in this process so far (every directory drops lists older than the last one). */
let writes = 0;

/** Records an integration create, update or delete of this process (call before and after the request). */
export function integrationsChanged(): void {
  writes++;
}

/** Where an entry is written: the environment (when known) and the integration identifier. */
export interface BindingTarget {
  environmentId?: string | undefined;
  integrationIdentifier?: string | undefined;
}

/** The live integrations of the API key's organization, looked up by identifier. */
export class IntegrationDirectory {
  private readonly lists: ListCache<Integration[]>;
  private seen = writes;

  /**
   * @param client the provider's client
   * @param ttlMs how long a list answer is reused (default 2 s)
   */
  constructor(client: () => SvcClient, ttlMs?: number) {
    this.lists = new ListCache(() => client().integrations.list(), ttlMs);
  }

  /**
   * The live integration that `target.integrationIdentifier` names now (in `target.environmentId`, when
   * given), or null when there is none (deleted, or renamed). Undefined when no binding can be checked: the
   * target has no identifier (the service picks the provider's integration itself), or no environment while
   * the identifier exists in several.
   */
  async current(target: BindingTarget, fresh = false): Promise<Integration | null | undefined> {
    const identifier = target.integrationIdentifier;
    if (identifier === undefined) return undefined;
    if (fresh || this.seen !== writes) {
      this.seen = writes;
      this.lists.invalidate();
    }
    const named = (await this.lists.get()).filter(
      (i) =>
        i.deleted !== true &&
        i.identifier === identifier &&
        (target.environmentId === undefined || i._environmentId === target.environmentId),
    );
    if (named.length > 1) return undefined;
    return named[0] ?? null;
  }
}
