/**
 * Changes made to the emulator behind Pulumi's back, over raw HTTP (no sdk client): what an operator does in
 * the service's dashboard between two `pulumi up`s.
 */
import type { Emulator } from "../emulator";
import { SvcClient } from "../sdk";
import { call } from "./emulator-http";

/**
 * Deletes the live integration with this identifier (of the emulator's first key) and, when `recreate` is
 * given, creates one again under the same identifier with those credentials: a new `_id`. Returns the new
 * `_id` (undefined when not recreated).
 */
export async function replaceIntegrationOutOfBand(
  emu: Emulator,
  identifier: string,
  recreate?: { credentials: Record<string, unknown> },
): Promise<string | undefined> {
  const old = emu.integrations().find((i) => i.identifier === identifier && i.deleted !== true);
  if (!old) throw new Error(`no live integration "${identifier}" to replace`);
  const gone = await call(emu, "DELETE", `/v1/integrations/${old._id}`);
  if (gone.status !== 200) throw new Error(`DELETE of "${identifier}" answered ${gone.status}`);
  if (!recreate) return undefined;
  const body = {
    providerId: old.providerId,
    channel: old.channel,
    identifier,
    active: old.active,
    ...recreate,
  };
  const made = await call(emu, "POST", "/v1/integrations", { body });
  if (made.status !== 201) throw new Error(`POST of "${identifier}" answered ${made.status}`);
  return made.body.data._id as string;
}

/**
 * Someone else empties the environment's `configuration` bucket (the credential routes' category): deletes
 * of a provider the subscriber has no entry of, in waves, until the service refuses one (the bucket refills
 * while a wave is served, so a fixed count may leave tokens on a busy machine).
 */
export async function exhaustConfigurationBucket(e: Emulator, subscriberId: string): Promise<void> {
  const other = new SvcClient({ apiKey: e.apiKey, baseUrl: e.url, maxRetries: 0 });
  try {
    for (let wave = 0; wave < 20; wave++) {
      const answers = await Promise.allSettled(
        Array.from({ length: 25 }, () => other.subscribers.deleteCredentials(subscriberId, "apns")),
      );
      if (answers.some((a) => a.status === "rejected")) return;
    }
    throw new Error("the configuration bucket never ran out");
  } finally {
    await other.close();
  }
}
