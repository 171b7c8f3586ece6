/**
 * The read of a SubscriberCredentialsSet lookup (`SubscriberCredentialsSet.get(name, "fcm/fcm-main")`): the
 * program names only the provider and identifier, so every subscriber's entry on the integration they name
 * is found with a paged scan of the environment (`GET /v2/subscribers`, 100 a page).
 */
import type { SvcClient } from "../../../sdk/client";
import type { ChannelCredentials } from "../../../sdk/schemas";
import type { SubscriberCredentialsSetOutputs } from "../../model/subscriber-credentials-set-schema";
import { entryOn, type IntegrationIndex, writeTarget } from "../channel-entries/channel-entry-rules";
import { credentialsSetKeyOf } from "../shared/lookup-ids";
import { credentialsOf } from "./diff";
import { SCAN_PAGE_SIZE } from "./reader";

/** Whether a read has the set's state to refresh; without it (no credentials map) it is a lookup. */
export function hasSetState(
  props: Partial<SubscriberCredentialsSetOutputs> | undefined,
): props is SubscriberCredentialsSetOutputs {
  return props?.credentials !== undefined && props.providerId !== undefined;
}

/**
 * The set the id names, as stored now: each subscriber with an entry on the integration a write of the set
 * would target (the identifier's, or the provider's newest active one), with its credentials. An empty set
 * when there is none (the read still finds it: a lookup of a set with no entry yet is not an error).
 */
export async function lookUpSet(
  client: SvcClient,
  id: string,
  props: Partial<SubscriberCredentialsSetOutputs> | undefined,
  index: IntegrationIndex,
): Promise<SubscriberCredentialsSetOutputs> {
  const key = credentialsSetKeyOf(id, props);
  const credentials: Record<string, ChannelCredentials> = {};
  let integrationId: string | undefined;
  for await (const s of client.subscribers.searchAll({ limit: SCAN_PAGE_SIZE })) {
    if (s.deleted === true) continue;
    integrationId ??= writeTarget(index, s._environmentId, key)?._id;
    const stored = credentialsOf(entryOn(s, key.providerId, integrationId));
    if (stored !== undefined) credentials[s.subscriberId] = stored;
  }
  return integrationId === undefined ? { ...key, credentials } : { ...key, credentials, integrationId };
}
