import type { SvcClient } from "../../sdk/client";
import type { RequestOptions } from "../../sdk/options";
import type { Subscriber } from "../../sdk/schemas";

/** Pages scanned when the service's subscriberId filter is not exact (bounded). */
const MAX_SEARCH_PAGES = 10;

/**
 * The live subscriber whose `subscriberId` is exactly `subscriberId`, or undefined: a search with the
 * subscriberId filter, then an exact match (the filter is not documented as exact; at most 10 pages of 100
 * are scanned).
 */
export async function findSubscriber(
  client: SvcClient,
  subscriberId: string,
  options?: RequestOptions,
): Promise<Subscriber | undefined> {
  let after: string | undefined;
  for (let pages = 0; pages < MAX_SEARCH_PAGES; pages++) {
    const page = await client.subscribers.search(
      {
        subscriberId,
        limit: 100,
        ...(after === undefined ? {} : { after }),
      },
      options,
    );
    const found = page.data.find((s) => s.subscriberId === subscriberId && s.deleted !== true);
    if (found) return found;
    if (!page.next || page.data.length === 0) return undefined;
    after = page.next;
  }
  return undefined;
}
