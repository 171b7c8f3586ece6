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
 * What removing leaves: a resource's entries are removed with `DELETE .../credentials/{providerId}`, scoped
 * with `?integrationIdentifier=` when the subscriber has other entries of the provider (other integrations),
 * so that those stay (see `removalsOf` in ../model/channel-entry.ts). A scoped DELETE also reaches
 * entries whose integration was deleted or renamed since they were written, which no PUT can address.
 */
import type { SvcClient } from "../../sdk/client";
import { ApiError, BadRequestError, NotFoundError } from "../../sdk/errors";
import { errorMessageOf } from "../../sdk/http-utils";
import type { Subscriber, UpsertCredentialsBody } from "../../sdk/schemas";

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
function isGone(err: unknown): boolean {
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
   * Removes entries with one DELETE: every entry of the provider (the service takes no query, so the
   * identifier cannot narrow it). A subscriber gone meanwhile is not an error.
   */
  async remove(subscriberId: string, providerId: string, _integrationIdentifier?: string): Promise<void> {
    try {
      await this.client().subscribers.deleteCredentials(subscriberId, providerId);
    } catch (e) {
      if (!isGone(e)) throw e;
    }
  }
}
