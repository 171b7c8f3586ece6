import { BadRequestError } from "../errors";
import type { RequestOptions } from "../options";
import { paginateCursor } from "../pagination";
import {
  type CreateTopicSubscriptionsBody,
  createTopicSubscriptionsBodySchema,
  type DeleteTopicSubscriptionsBody,
  defaultSubscriptionIdentifier,
  deleteTopicResultSchema,
  deleteTopicSubscriptionsBodySchema,
  type ListTopicSubscriptionsQuery,
  type ListTopicsQuery,
  listTopicSubscriptionsQuerySchema,
  listTopicsQuerySchema,
  type Topic,
  type TopicPage,
  type TopicSubscription,
  type TopicSubscriptionDetail,
  type TopicSubscriptionPage,
  type TopicSubscriptionsResult,
  topicPageSchema,
  topicSchema,
  topicSubscriptionDetailSchema,
  topicSubscriptionPageSchema,
  topicSubscriptionSchema,
  topicSubscriptionsResultSchema,
  type UpdateTopicBody,
  type UpdateTopicSubscriptionBody,
  type UpsertTopicBody,
  type UpsertTopicQuery,
  updateTopicBodySchema,
  updateTopicSubscriptionBodySchema,
  upsertTopicBodySchema,
  upsertTopicQuerySchema,
} from "../schemas";
import { type QueryValue, type Transport, validateInput } from "../transport";
import { idParam } from "./ids";

/**
 * A subscriptions request whose every item failed is answered 400 with the same fields as a partial
 * success (`topics.controller.ts` throws the result as an `HttpException`): that answer, read as a result,
 * or undefined for any other failure.
 */
function resultOfRefusal(err: unknown): TopicSubscriptionsResult | undefined {
  if (!(err instanceof BadRequestError)) return undefined;
  const parsed = topicSubscriptionsResultSchema.safeParse(err.body);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The subscriptions of a topic (`/v2/topics/{topicKey}/subscriptions`). A subscription is named by its
 * `identifier` (`tk_<key>:si_<subscriberId>` unless the request gives one); a subscriber may hold several
 * in one topic.
 */
export class TopicSubscriptions {
  readonly #t: Transport;

  /** @internal Built by `Topics`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Subscribes subscribers (`POST /v2/topics/{topicKey}/subscriptions`, 1 to 100 items; the topic is created
   * when missing). Unknown subscribers are never created: each is reported in `errors`
   * (`SUBSCRIBER_NOT_FOUND`); an existing subscription counts as done. Resolves with the result even when
   * every item failed (the service's 400 carries the same fields).
   */
  async create(
    topicKey: string,
    body: CreateTopicSubscriptionsBody,
    options?: RequestOptions,
  ): Promise<TopicSubscriptionsResult> {
    const operation = "topics.subscriptions.create";
    const checked = validateInput(operation, createTopicSubscriptionsBodySchema, body, "body");
    const subscriptions = checked.subscriptions.map((s) =>
      typeof s === "string" ? { identifier: defaultSubscriptionIdentifier(topicKey, s), subscriberId: s } : s,
    );
    return this.#write(operation, "POST", topicKey, { ...checked, subscriptions }, options);
  }

  /**
   * Edits one subscription (`PATCH /v2/topics/{topicKey}/subscriptions/{identifier}`): `name`, and
   * `preferences`, which replace all of its preferences. 404 (`NotFoundError`) without the topic or the
   * subscription.
   */
  async update(
    topicKey: string,
    identifier: string,
    body: UpdateTopicSubscriptionBody,
    options?: RequestOptions,
  ): Promise<TopicSubscription> {
    const operation = "topics.subscriptions.update";
    const key = idParam(operation, "topicKey", topicKey);
    const id = idParam(operation, "identifier", identifier);
    const checked = validateInput(operation, updateTopicSubscriptionBodySchema, body, "body");
    return this.#t.request(
      {
        operation,
        method: "PATCH",
        path: `/v2/topics/${key}/subscriptions/${id}`,
        body: checked,
        response: topicSubscriptionSchema,
      },
      options,
    );
  }

  /**
   * Unsubscribes (`DELETE /v2/topics/{topicKey}/subscriptions`, 1 to 100 items). `{ identifier }` deletes
   * exactly that subscription; a subscriberId (even beside an identifier) deletes every subscription of the
   * subscriber in the topic. Resolves with the result even when every item failed.
   */
  async delete(
    topicKey: string,
    body: DeleteTopicSubscriptionsBody,
    options?: RequestOptions,
  ): Promise<TopicSubscriptionsResult> {
    const operation = "topics.subscriptions.delete";
    const checked = validateInput(operation, deleteTopicSubscriptionsBodySchema, body, "body");
    return this.#write(operation, "DELETE", topicKey, checked, options);
  }

  /** A checked subscriptions write; a refusal of every item is read as its result ({@link resultOfRefusal}). */
  async #write(
    operation: string,
    method: "POST" | "DELETE",
    topicKey: string,
    body: unknown,
    options?: RequestOptions,
  ): Promise<TopicSubscriptionsResult> {
    const key = idParam(operation, "topicKey", topicKey);
    try {
      return await this.#t.request(
        {
          operation,
          method,
          path: `/v2/topics/${key}/subscriptions`,
          body,
          response: topicSubscriptionsResultSchema,
        },
        options,
      );
    } catch (err) {
      const refused = resultOfRefusal(err);
      if (refused) return refused;
      throw err;
    }
  }

  /** One page of a topic's subscriptions (`GET /v2/topics/{topicKey}/subscriptions`); may be shorter than `limit`. */
  async list(
    topicKey: string,
    query: ListTopicSubscriptionsQuery = {},
    options?: RequestOptions,
  ): Promise<TopicSubscriptionPage> {
    const operation = "topics.subscriptions.list";
    const key = idParam(operation, "topicKey", topicKey);
    const parsed = validateInput(operation, listTopicSubscriptionsQuerySchema, query, "query");
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: `/v2/topics/${key}/subscriptions`,
        query: parsed as Record<string, QueryValue>,
        response: topicSubscriptionPageSchema,
      },
      options,
    );
  }

  /** Every subscription of a topic, following `next` cursors one page at a time. `query.limit` is the page size. */
  async *listAll(
    topicKey: string,
    query: ListTopicSubscriptionsQuery = {},
    options?: RequestOptions,
  ): AsyncGenerator<TopicSubscription, void, undefined> {
    const operation = "topics.subscriptions.listAll";
    validateInput(operation, listTopicSubscriptionsQuerySchema, query, "query");
    yield* paginateCursor(
      operation,
      async (after) => {
        const page = await this.list(topicKey, after === undefined ? query : { ...query, after }, options);
        return { data: page.data, next: page.next ?? null };
      },
      query.after,
    );
  }

  /**
   * One subscription by its identifier (`GET /v2/topics/{topicKey}/subscriptions/{identifier}`); undefined
   * when there is none (the service answers 204 with no body).
   */
  async get(
    topicKey: string,
    identifier: string,
    options?: RequestOptions,
  ): Promise<TopicSubscriptionDetail | undefined> {
    const operation = "topics.subscriptions.get";
    const key = idParam(operation, "topicKey", topicKey);
    const id = idParam(operation, "identifier", identifier);
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: `/v2/topics/${key}/subscriptions/${id}`,
        response: topicSubscriptionDetailSchema.optional(),
      },
      options,
    );
  }
}

/**
 * Topic operations (v2). A topic is addressed by its `key`; writes act on the API key's environment.
 */
export class Topics {
  /** The subscriptions of a topic. */
  readonly subscriptions: TopicSubscriptions;
  readonly #t: Transport;

  /** @internal Built by `SvcClient`. */
  constructor(transport: Transport) {
    this.#t = transport;
    this.subscriptions = new TopicSubscriptions(transport);
  }

  /**
   * Creates a topic, or renames the one the key names (`POST /v2/topics`): an upsert, which never fails on
   * a taken key unless `failIfExists` is set (then 409, `ConflictError`).
   */
  async upsert(
    body: UpsertTopicBody,
    query: UpsertTopicQuery = {},
    options?: RequestOptions,
  ): Promise<Topic> {
    const operation = "topics.upsert";
    const parsedQuery = validateInput(operation, upsertTopicQuerySchema, query, "query");
    return this.#t.request(
      {
        operation,
        method: "POST",
        path: "/v2/topics",
        query: parsedQuery as Record<string, QueryValue>,
        body: validateInput(operation, upsertTopicBodySchema, body, "body"),
        response: topicSchema,
      },
      options,
    );
  }

  /** One topic (`GET /v2/topics/{topicKey}`); a missing one fails with `NotFoundError`. */
  async get(topicKey: string, options?: RequestOptions): Promise<Topic> {
    const operation = "topics.get";
    const key = idParam(operation, "topicKey", topicKey);
    return this.#t.request(
      { operation, method: "GET", path: `/v2/topics/${key}`, response: topicSchema },
      options,
    );
  }

  /** Renames a topic (`PATCH /v2/topics/{topicKey}`). */
  async update(topicKey: string, body: UpdateTopicBody, options?: RequestOptions): Promise<Topic> {
    const operation = "topics.update";
    const key = idParam(operation, "topicKey", topicKey);
    return this.#t.request(
      {
        operation,
        method: "PATCH",
        path: `/v2/topics/${key}`,
        body: validateInput(operation, updateTopicBodySchema, body, "body"),
        response: topicSchema,
      },
      options,
    );
  }

  /**
   * Deletes a topic and, first, every subscription in it, whoever made them (`DELETE /v2/topics/{topicKey}`).
   * A missing one fails with `NotFoundError`.
   */
  async delete(topicKey: string, options?: RequestOptions): Promise<void> {
    const operation = "topics.delete";
    const key = idParam(operation, "topicKey", topicKey);
    await this.#t.request(
      { operation, method: "DELETE", path: `/v2/topics/${key}`, response: deleteTopicResultSchema },
      options,
    );
  }

  /** One page of the environment's topics (`GET /v2/topics`). */
  async list(query: ListTopicsQuery = {}, options?: RequestOptions): Promise<TopicPage> {
    const operation = "topics.list";
    const parsed = validateInput(operation, listTopicsQuerySchema, query, "query");
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: "/v2/topics",
        query: parsed as Record<string, QueryValue>,
        response: topicPageSchema,
      },
      options,
    );
  }

  /** Every topic matching `query`, following `next` cursors one page at a time. `query.limit` is the page size. */
  async *listAll(
    query: ListTopicsQuery = {},
    options?: RequestOptions,
  ): AsyncGenerator<Topic, void, undefined> {
    const operation = "topics.listAll";
    validateInput(operation, listTopicsQuerySchema, query, "query");
    yield* paginateCursor(
      operation,
      async (after) => {
        const page = await this.list(after === undefined ? query : { ...query, after }, options);
        return { data: page.data, next: page.next ?? null };
      },
      query.after,
    );
  }
}
