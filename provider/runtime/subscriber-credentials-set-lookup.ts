/**
 * The read of a SubscriberCredentialsSet lookup (`SubscriberCredentialsSet.get(name, "fcm/fcm-main")`): the
 * program names only the provider and identifier, so every subscriber's entry for them is found with a
 * paged scan of the environment (`GET /v2/subscribers`, 100 a page).
 */
import type { SvcClient } from "../../sdk/client";
import type { ChannelCredentials, Subscriber } from "../../sdk/schemas";
import { entriesOf } from "../model/channel-entry";
import type { SubscriberCredentialsSetOutputs } from "../model/subscriber-credentials-set-schema";
import { type CredentialsSetKey, credentialsSetKeyOf } from "./lookup-ids";
import { type CurrentIntegration, storedCredentials } from "./subscriber-credentials-set-diff";
import { SCAN_PAGE_SIZE } from "./subscriber-credentials-set-reader";

/** The `_id` the key's identifier names now, in the environment of the given subscribers. */
export type CurrentIntegrationOf = (
  key: CredentialsSetKey,
  found: ReadonlyMap<string, Subscriber>,
) => Promise<CurrentIntegration>;

/** Whether a read has the set's state to refresh; without it (no credentials map) it is a lookup. */
export function hasSetState(
  props: Partial<SubscriberCredentialsSetOutputs> | undefined,
): props is SubscriberCredentialsSetOutputs {
  return props?.credentials !== undefined && props.providerId !== undefined;
}

/**
 * The set the id names, as stored now: each subscriber with an entry for the provider and identifier, with
 * its credentials on the current integration. An empty set when there is none (the read still finds it:
 * a lookup of a set with no entry yet is not an error).
 */
export async function lookUpSet(
  client: SvcClient,
  id: string,
  props: Partial<SubscriberCredentialsSetOutputs> | undefined,
  currentIntegration: CurrentIntegrationOf,
): Promise<SubscriberCredentialsSetOutputs> {
  const key = credentialsSetKeyOf(id, props);
  const found = new Map<string, Subscriber>();
  for await (const s of client.subscribers.searchAll({ limit: SCAN_PAGE_SIZE })) {
    if (s.deleted !== true && entriesOf(s, key).length > 0) found.set(s.subscriberId, s);
  }
  const currentId = await currentIntegration(key, found);
  const credentials: Record<string, ChannelCredentials> = {};
  for (const [subscriberId, s] of found) {
    const stored = storedCredentials(s, key, currentId);
    if (stored !== undefined) credentials[subscriberId] = stored;
  }
  return { ...key, credentials };
}
