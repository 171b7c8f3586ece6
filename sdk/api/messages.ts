import type { RequestOptions } from "../options";
import { paginatePages } from "../pagination";
import {
  type ListMessagesQuery,
  listMessagesQuerySchema,
  type Message,
  type MessagePage,
  messagePageSchema,
} from "../schemas";
import { type QueryValue, type Transport, validateInput } from "../transport";

/** Message operations. */
export class Messages {
  readonly #t: Transport;

  /** @internal Built by `SvcClient`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** One page of messages of the API key's environment (`GET /v1/messages`). */
  async list(query: ListMessagesQuery = {}, options?: RequestOptions): Promise<MessagePage> {
    const operation = "messages.list";
    const parsed = validateInput(operation, listMessagesQuerySchema, query, "query");
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: "/v1/messages",
        query: parsed as Record<string, QueryValue>,
        response: messagePageSchema,
      },
      options,
    );
  }

  /** Every message matching `query`, page after page from `query.page` (default 0), one page in memory. */
  async *listAll(
    query: ListMessagesQuery = {},
    options?: RequestOptions,
  ): AsyncGenerator<Message, void, undefined> {
    const parsed = validateInput("messages.listAll", listMessagesQuerySchema, query, "query");
    yield* paginatePages((page) => this.list({ ...query, page }, options), parsed.page);
  }
}
