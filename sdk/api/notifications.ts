import type { RequestOptions } from "../options";
import { paginatePages } from "../pagination";
import {
  type ListNotificationsQuery,
  listNotificationsQuerySchema,
  type Notification,
  type NotificationPage,
  notificationPageSchema,
  notificationSchema,
} from "../schemas";
import { type QueryValue, type Transport, validateInput } from "../transport";
import { idParam } from "./ids";

/** Notification event operations. */
export class Notifications {
  readonly #t: Transport;

  /** @internal Built by `SvcClient`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** One notification event with its jobs and execution details (`GET /v1/notifications/{id}`). */
  async get(notificationId: string, options?: RequestOptions): Promise<Notification> {
    const operation = "notifications.get";
    const id = idParam(operation, "notificationId", notificationId);
    return this.#t.request(
      { operation, method: "GET", path: `/v1/notifications/${id}`, response: notificationSchema },
      options,
    );
  }

  /** One page of notification events of the API key's environment (`GET /v1/notifications`). */
  async list(query: ListNotificationsQuery = {}, options?: RequestOptions): Promise<NotificationPage> {
    const operation = "notifications.list";
    const parsed = validateInput(operation, listNotificationsQuerySchema, query, "query");
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: "/v1/notifications",
        query: parsed as Record<string, QueryValue>,
        response: notificationPageSchema,
      },
      options,
    );
  }

  /** Every event matching `query`, page after page from `query.page` (default 0), one page in memory. */
  async *listAll(
    query: ListNotificationsQuery = {},
    options?: RequestOptions,
  ): AsyncGenerator<Notification, void, undefined> {
    const parsed = validateInput("notifications.listAll", listNotificationsQuerySchema, query, "query");
    yield* paginatePages((page) => this.list({ ...query, page }, options), parsed.page);
  }
}
