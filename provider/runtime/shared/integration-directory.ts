/**
 * The integrations of the API key's organization, read once and shared briefly: a refresh reads many
 * entries at once, and each judges its entries against the same list (provider/runtime/channel-entries/channel-entry-rules.ts: which
 * integration a write targets, which entries are inert).
 *
 * The list is dropped after any integration write made in this host process, by any provider instance: an
 * `up` that replaces an integration and then diffs the credentials bound to it sees the new `_id`.
 */
import type { SvcClient } from "../../../sdk/client";
import { IntegrationIndex } from "../channel-entries/channel-entry-rules";
import { ListCache } from "./list-cache";

/** Integration writes made in this process so far (every directory drops lists older than the last one). */
let writes = 0;

/** Records an integration create, update or delete of this process (call before and after the request). */
export function integrationsChanged(): void {
  writes++;
}

/** The organization's live integrations, as an {@link IntegrationIndex}. */
export class IntegrationDirectory {
  private readonly lists: ListCache<IntegrationIndex>;
  private seen = writes;

  /**
   * @param client the provider's client
   * @param ttlMs how long a list answer is reused (default 2 s)
   */
  constructor(client: () => SvcClient, ttlMs?: number) {
    this.lists = new ListCache(async () => new IntegrationIndex(await client().integrations.list()), ttlMs);
  }

  /** The integrations now; `fresh` (before a write) skips a list read earlier. */
  async index(fresh = false): Promise<IntegrationIndex> {
    if (fresh || this.seen !== writes) {
      this.seen = writes;
      this.lists.invalidate();
    }
    return this.lists.get();
  }
}
