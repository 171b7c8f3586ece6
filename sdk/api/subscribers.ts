import type { RequestOptions } from "../options";
import { paginateCursor } from "../pagination";
import {
  type SearchSubscribersQuery,
  type Subscriber,
  type SubscriberPage,
  type SubscriberPreferences,
  searchSubscribersQuerySchema,
  subscriberPageSchema,
  subscriberPreferencesSchema,
  subscriberSchema,
  type UpsertCredentialsBody,
  upsertCredentialsBodySchema,
} from "../schemas";
import { type QueryValue, type Transport, validateInput } from "../transport";
import { idParam } from "./ids";

/** Subscriber operations: channel credentials, search, preferences. */
export class Subscribers {
  readonly #t: Transport;

  /** @internal Built by `SvcClient`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Upserts the channel credentials of one provider for a subscriber
   * (`PATCH /v1/subscribers/{subscriberId}/credentials`). Given `deviceTokens` replace the stored ones
   * (the spec; the open-source service unions them), other fields merge. Sent with an `Idempotency-Key`.
   */
  async upsertCredentials(
    subscriberId: string,
    body: UpsertCredentialsBody,
    options?: RequestOptions,
  ): Promise<Subscriber> {
    const operation = "subscribers.upsertCredentials";
    const id = idParam(operation, "subscriberId", subscriberId);
    return this.#t.request(
      {
        operation,
        method: "PATCH",
        path: `/v1/subscribers/${id}/credentials`,
        body: validateInput(operation, upsertCredentialsBodySchema, body, "body"),
        response: subscriberSchema,
      },
      options,
    );
  }

  /**
   * Replaces the channel credentials of one provider for a subscriber
   * (`PUT /v1/subscribers/{subscriberId}/credentials`): `deviceTokens` are replaced, `[]` clears them.
   */
  async replaceCredentials(
    subscriberId: string,
    body: UpsertCredentialsBody,
    options?: RequestOptions,
  ): Promise<Subscriber> {
    const operation = "subscribers.replaceCredentials";
    const id = idParam(operation, "subscriberId", subscriberId);
    return this.#t.request(
      {
        operation,
        method: "PUT",
        path: `/v1/subscribers/${id}/credentials`,
        body: validateInput(operation, upsertCredentialsBodySchema, body, "body"),
        response: subscriberSchema,
      },
      options,
    );
  }

  /**
   * Deletes the channel credentials of one provider for a subscriber
   * (`DELETE /v1/subscribers/{subscriberId}/credentials/{providerId}`, 204): every entry of the provider,
   * whatever integration it was written for. The service takes no query, so there is no way to delete one
   * integration's entry alone.
   */
  async deleteCredentials(subscriberId: string, providerId: string, options?: RequestOptions): Promise<void> {
    const operation = "subscribers.deleteCredentials";
    const id = idParam(operation, "subscriberId", subscriberId);
    const provider = idParam(operation, "providerId", providerId);
    await this.#t.request(
      {
        operation,
        method: "DELETE",
        path: `/v1/subscribers/${id}/credentials/${provider}`,
        response: null,
      },
      options,
    );
  }

  /**
   * One page of subscribers matching `query` (`GET /v2/subscribers`): `{ data, next, previous, totalCount,
   * totalCountCapped }`. Pass `next` as `after` for the following page, or use {@link Subscribers.searchAll}.
   */
  async search(query: SearchSubscribersQuery = {}, options?: RequestOptions): Promise<SubscriberPage> {
    const operation = "subscribers.search";
    const parsed = validateInput(operation, searchSubscribersQuerySchema, query, "query");
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: "/v2/subscribers",
        query: parsed as Record<string, QueryValue>,
        response: subscriberPageSchema,
      },
      options,
    );
  }

  /**
   * Every subscriber matching `query`, following `next` cursors one page at a time (memory stays at one
   * page). `query.limit` is the page size.
   */
  async *searchAll(
    query: SearchSubscribersQuery = {},
    options?: RequestOptions,
  ): AsyncGenerator<Subscriber, void, undefined> {
    const operation = "subscribers.searchAll";
    validateInput(operation, searchSubscribersQuerySchema, query, "query");
    yield* paginateCursor(
      operation,
      (after) => this.search(after === undefined ? query : { ...query, after }, options),
      query.after,
    );
  }

  /** The preferences of a subscriber, globally and per workflow (`GET /v2/subscribers/{id}/preferences`). */
  async getPreferences(subscriberId: string, options?: RequestOptions): Promise<SubscriberPreferences> {
    const operation = "subscribers.getPreferences";
    const id = idParam(operation, "subscriberId", subscriberId);
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: `/v2/subscribers/${id}/preferences`,
        response: subscriberPreferencesSchema,
      },
      options,
    );
  }
}
