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
import { ApiError, BadRequestError, NotFoundError } from "../../sdk/errors";
import { errorMessageOf } from "../../sdk/http-utils";
import type { Subscriber, UpsertCredentialsBody } from "../../sdk/schemas";
import { chatPushProviderId, type ProviderId } from "./provider-id";
import { clearedCredentials } from "./subscriber-credentials-model";

const SUBSCRIBER_MISSING = /subscriber.*not\s*found|subscriber.*does not exist/i;
const NO_INTEGRATION = /integration/i;

/** The service's own message of an error answer (`message` is an array for validation failures). */
function serviceMessage(err: ApiError): string {
  return errorMessageOf(err.body) ?? err.message;
}

/** The service's answer for a subscriber that does not exist (400 "SubscriberId: X not found", or a 404). */
export function isSubscriberMissing(err: unknown): boolean {
  return (
    (err instanceof BadRequestError || err instanceof NotFoundError) &&
    SUBSCRIBER_MISSING.test(serviceMessage(err))
  );
}

/** The service's 400 for a provider without an active integration. */
export function isNoIntegration(err: unknown): boolean {
  return err instanceof BadRequestError && NO_INTEGRATION.test(serviceMessage(err));
}

/** True when the error says the subscriber (or its entry) is gone: nothing left to clear. */
export function isGone(err: unknown): boolean {
  return err instanceof NotFoundError || isSubscriberMissing(err);
}

/** A server without the PUT credentials route (404 or 405 that is not about the subscriber). */
function isMissingPutRoute(err: unknown): boolean {
  const routeMissing = err instanceof NotFoundError || (err instanceof ApiError && err.status === 405);
  return routeMissing && !isSubscriberMissing(err);
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
        if (!isMissingPutRoute(e)) throw e;
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
    providerId: ProviderId,
    how: "delete" | "empty",
    integrationIdentifier?: string,
  ): Promise<void> {
    try {
      if (how === "delete") {
        await this.client().subscribers.deleteCredentials(subscriberId, providerId);
        return;
      }
      const body: UpsertCredentialsBody = {
        providerId: chatPushProviderId(providerId),
        credentials: clearedCredentials(providerId),
      };
      if (integrationIdentifier) body.integrationIdentifier = integrationIdentifier;
      await this.write(subscriberId, body);
    } catch (e) {
      if (!isGone(e)) throw e;
    }
  }
}
