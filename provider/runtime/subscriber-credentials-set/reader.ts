/**
 * Reads many subscribers with few requests, for the set's read-before-write, refresh and delete.
 *
 * Two ways: scan the environment (`GET /v2/subscribers`, 100 a page, by `_id`) or look each subscriber up
 * (one filtered search each). The first scan page says how many subscribers the environment has
 * (`totalCount`), so the cheaper way is chosen after one request whose answer a scan keeps: 10,000 wanted
 * subscribers of an environment of 10,000 cost 100 pages; 50 wanted of an environment of a million cost 51.
 */
import type { SvcClient } from "../../../sdk/client";
import type { Subscriber } from "../../../sdk/schemas";
import { findSubscriber } from "../../model/find-subscriber";
import { forEachLimited } from "../shared/for-each-limited";

/** Largest page the service serves. */
export const SCAN_PAGE_SIZE = 100;

/** Up to this many wanted subscribers are looked up without the probing first page. */
const LOOKUP_WITHOUT_PROBE = 2;

/** How the subscribers are read. */
export type ReadStrategy = "scan" | "lookup";

/**
 * Scan when the pages left after the first (`totalCount` / 100) are no more than the lookups it replaces.
 * A capped count (more than 50,000 subscribers) is taken at its cap: at least 500 pages.
 */
export function chooseReadStrategy(
  wanted: number,
  totalCount: number,
  pageSize = SCAN_PAGE_SIZE,
): ReadStrategy {
  const pagesLeft = Math.max(0, Math.ceil(totalCount / pageSize) - 1);
  return pagesLeft <= wanted ? "scan" : "lookup";
}

/** What {@link readSubscribers} found. */
export interface SubscriberRead {
  /** The wanted subscribers that exist, by subscriberId. */
  found: Map<string, Subscriber>;
  strategy: ReadStrategy;
}

function keep(into: Map<string, Subscriber>, wanted: ReadonlySet<string>, s: Subscriber): void {
  if (s.deleted !== true && wanted.has(s.subscriberId)) into.set(s.subscriberId, s);
}

/** The subscribers of `wanted` that exist, read with a scan or with lookups, whichever costs fewer requests. */
export async function readSubscribers(
  client: SvcClient,
  wanted: ReadonlySet<string>,
  concurrency: number,
): Promise<SubscriberRead> {
  const found = new Map<string, Subscriber>();
  if (wanted.size === 0) return { found, strategy: "lookup" };
  if (wanted.size <= LOOKUP_WITHOUT_PROBE) {
    await lookUp(client, [...wanted], found, concurrency);
    return { found, strategy: "lookup" };
  }
  const first = await client.subscribers.search({ limit: SCAN_PAGE_SIZE });
  for (const s of first.data) keep(found, wanted, s);
  const strategy = chooseReadStrategy(wanted.size - found.size, first.totalCount);
  if (strategy === "scan") {
    if (first.next) {
      const rest = client.subscribers.searchAll({ limit: SCAN_PAGE_SIZE, after: first.next });
      for await (const s of rest) keep(found, wanted, s);
    }
  } else {
    await lookUp(
      client,
      [...wanted].filter((id) => !found.has(id)),
      found,
      concurrency,
    );
  }
  return { found, strategy };
}

async function lookUp(
  client: SvcClient,
  ids: readonly string[],
  into: Map<string, Subscriber>,
  concurrency: number,
): Promise<void> {
  await forEachLimited(ids, concurrency, async (id) => {
    const s = await findSubscriber(client, id);
    if (s) into.set(id, s);
  });
}
