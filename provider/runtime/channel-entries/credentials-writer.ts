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
 * What is sent is planned by provider/runtime/channel-entries/channel-entry-rules.ts: PUTs pinned to the planned integration's identifier,
 * and the DELETE (every entry of the provider) only where the rules allow it.
 */
import type { SvcClient } from "../../../sdk/client";
import { ApiError, BadRequestError, NotFoundError } from "../../../sdk/errors";
import { errorMessageOf } from "../../../sdk/http-utils";
import type { Subscriber, UpsertCredentialsBody } from "../../../sdk/schemas";
import { chatPushProviderId } from "../../model/delivery-provider-id";
import type { EntryPlan } from "./channel-entry-rules";

const SUBSCRIBER_MISSING = /subscriber.*not\s*found|subscriber.*does not exist/i;
/**
 * The service's 400 for a write with no active integration ("Subscribers environment (<env>) do not have
 * active <providerId> integration."); not any 400 that mentions an integration (the list's URL, a body
 * quoted back with its `integrationIdentifier`).
 */
const NO_INTEGRATION = /\bactive\b.*\bintegration\b/i;

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

/** Applies the plans of provider/runtime/channel-entries/channel-entry-rules.ts to one subscriber through one client. */
export class CredentialsWriter {
  /** False once the service answered that it has no PUT credentials route. */
  private putSupported = true;

  constructor(private readonly client: () => SvcClient) {}

  /**
   * Sends the plan's requests in order; the subscriber as the last write answered it (undefined when the
   * plan ends with a DELETE, or has no step, or the subscriber is gone).
   */
  async apply(subscriberId: string, providerId: string, plan: EntryPlan): Promise<Subscriber | undefined> {
    let last: Subscriber | undefined;
    for (const step of plan.steps) {
      if (step.kind === "delete-all") {
        await this.removeAll(subscriberId, providerId);
        last = undefined;
      } else {
        last = await this.write(subscriberId, {
          providerId: chatPushProviderId(providerId),
          integrationIdentifier: step.integrationIdentifier,
          credentials: step.credentials,
        });
      }
    }
    return last;
  }

  /** Replaces the entry's credentials: PUT, or the PATCH upsert on a server without the PUT route. */
  private async write(subscriberId: string, body: UpsertCredentialsBody): Promise<Subscriber> {
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

  /** Removes every entry of the provider (the service's only DELETE). A subscriber gone meanwhile is no error. */
  private async removeAll(subscriberId: string, providerId: string): Promise<void> {
    try {
      await this.client().subscribers.deleteCredentials(subscriberId, providerId);
    } catch (e) {
      if (!isGone(e)) throw e;
    }
  }
}
