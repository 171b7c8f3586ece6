/**
 * Writing and clearing one subscriber's channel entry, shared by SubscriberCredentials and
 * SubscriberCredentialsSet.
 *
 * Which call writes: `PUT /v1/subscribers/{id}/credentials` (`subscribers.replaceCredentials`). The spec's
 * PATCH replaces `deviceTokens`, but the real service's PATCH merges them (stale tokens would stay) while
 * its PUT replaces them; PUT gives the declared list exactly on both. A server without the PUT route (404 or
 * 405 that is not about the subscriber) is written with the PATCH upsert instead, which replaces tokens per
 * the spec.
 *
 * What clearing leaves: when the entry is the subscriber's only entry for the provider, it is removed
 * (`DELETE .../credentials/{providerId}`). When other entries of the same provider exist (other
 * integrations), DELETE would remove them too, so the entry is overwritten instead with `{ deviceTokens: [] }`
 * (push) or `{}` (chat): tokens are emptied; on the real service, whose PUT sets only the fields it is given,
 * string fields such as `webhookUrl` may remain (the interface cannot unset one).
 */
import type { SvcClient } from "../../sdk/client";
import type { Subscriber, UpsertCredentialsBody } from "../../sdk/schemas";
import { statusOf } from "./errors";
import { clearedCredentials } from "./subscriber-credentials-model";

/** The service's answer for a subscriber that does not exist. */
export const SUBSCRIBER_MISSING = /subscriber.*not\s*found|subscriber.*does not exist/i;

/** The service's message of an ApiError (its `message` field, joined when it is a list). */
export function messageOf(err: unknown): string {
  const body = (err as { body?: unknown } | null)?.body;
  const m = (body as { message?: unknown } | null)?.message;
  if (typeof m === "string") return m;
  if (Array.isArray(m)) return m.join("; ");
  return err instanceof Error ? err.message : String(err);
}

/** True when the error says the subscriber (or its entry) is gone: nothing left to clear. */
export function isGone(err: unknown): boolean {
  return statusOf(err) === 404 || (statusOf(err) === 400 && SUBSCRIBER_MISSING.test(messageOf(err)));
}

/** Writes (PUT, PATCH as fallback) and clears channel entries through one client. */
export class CredentialsWriter {
  /** False once the service answered that it has no PUT credentials route. */
  private putSupported = true;

  constructor(private readonly client: () => SvcClient) {}

  /** Replaces the entry's credentials: PUT, or the PATCH upsert on a server without the PUT route. */
  async write(subscriberId: string, body: UpsertCredentialsBody): Promise<Subscriber> {
    const api = this.client().subscribers;
    if (this.putSupported) {
      try {
        return await api.replaceCredentials(subscriberId, body);
      } catch (e) {
        const s = statusOf(e);
        if (!((s === 404 || s === 405) && !SUBSCRIBER_MISSING.test(messageOf(e)))) throw e;
        this.putSupported = false;
      }
    }
    return api.upsertCredentials(subscriberId, body);
  }

  /**
   * Clears an entry: removed when it is the subscriber's only one for the provider (`how: "delete"`),
   * else emptied. A subscriber or entry gone meanwhile is not an error.
   */
  async clear(
    subscriberId: string,
    providerId: string,
    how: "delete" | "empty",
    integrationIdentifier?: string,
  ): Promise<void> {
    try {
      if (how === "delete") {
        await this.client().subscribers.deleteCredentials(subscriberId, providerId);
        return;
      }
      const body: UpsertCredentialsBody = {
        providerId: providerId as UpsertCredentialsBody["providerId"],
        credentials: clearedCredentials(providerId),
      };
      if (integrationIdentifier) body.integrationIdentifier = integrationIdentifier;
      await this.write(subscriberId, body);
    } catch (e) {
      if (!isGone(e)) throw e;
    }
  }
}
