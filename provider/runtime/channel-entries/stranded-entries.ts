/**
 * The warning for an entry that holds the stack's credentials and that no request can remove (issue 33):
 * its integration was deleted (or is inactive), so no write reaches it, and the service's only DELETE
 * (`/credentials/{providerId}`, api/subscribers/usecases/delete-subscriber-credentials/ in novuhq/novu)
 * removes every entry of the provider on the subscriber, others' too. Deleting them all and writing the
 * others back is not safe: a process killed in between loses someone else's entry. So such an entry is
 * left, and the engine's output says so, naming the subscriber, the provider and the integration, never
 * the token (a device token is personal data), with the docs section on removing it by hand.
 */
import type { ChannelSettings } from "../../../sdk/schemas";
import { type EngineLog, engineLog } from "../shared/engine-log";
import { heldCredentials, type IntegrationIndex } from "./channel-entry-rules";

/** The docs section that says how to remove such an entry by hand. */
export const LEFT_ENTRY_README = 'docs/subscriber-credentials.md: "An entry left on a deleted integration"';

/** Entries warned about in this process (one warning per entry, however many operations leave it). */
const warned = new Set<string>();

/** What the entry holds, by kind, never by value. */
function heldKinds(entry: ChannelSettings): string {
  const held = heldCredentials(entry);
  const kinds: string[] = [];
  const tokens = held.deviceTokens?.length ?? 0;
  if (tokens > 0) kinds.push(tokens === 1 ? "a device token" : `${tokens} device tokens`);
  if (held.webhookUrl !== undefined) kinds.push("a webhook URL");
  if (held.channel !== undefined) kinds.push("a channel");
  return kinds.join(" and ");
}

/** The one-line warning for one entry `resource` leaves on `subscriberId`. */
export function leftEntryWarning(
  resource: string,
  subscriberId: string,
  providerId: string,
  entry: ChannelSettings,
  index: IntegrationIndex,
): string {
  const integration = index.live(entry._integrationId);
  const where =
    integration === undefined
      ? `deleted integration ${entry._integrationId}`
      : `integration "${integration.identifier}" (${entry._integrationId}), which is inactive`;
  return (
    `svc: ${resource}: subscriber "${subscriberId}" keeps an entry of ${providerId} bound to ${where} that still ` +
    `holds this stack's credentials (${heldKinds(entry)}, not shown). The service cannot remove that entry ` +
    `alone (its only DELETE removes every ${providerId} entry of the subscriber, your application's too), so ` +
    `it is left as it is; remove it by hand (${LEFT_ENTRY_README}).`
  );
}

/**
 * Warns in the engine's output about each entry of `left` (a plan's, ./channel-entry-rules.ts) not warned
 * about yet in this process. Best effort, as every engine message (./engine-log.ts).
 */
export async function warnLeftEntries(
  resource: string,
  subscriberId: string,
  providerId: string,
  left: readonly ChannelSettings[],
  index: IntegrationIndex,
  log: EngineLog | undefined = engineLog(),
): Promise<void> {
  for (const entry of left) {
    const key = `${subscriberId}\n${providerId}\n${entry._integrationId}`;
    if (warned.has(key)) continue;
    warned.add(key);
    await log?.warn(leftEntryWarning(resource, subscriberId, providerId, entry, index));
  }
}
