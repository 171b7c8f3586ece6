import { InternalError } from "../errors";
import type { EventQuery } from "../event-table";
import type { RequestContext, Route, RouteResult } from "../router";
import type { StoredMessage } from "../store";
import { listMessagesQueryDto, queryList, queryNumber, queryText } from "../validation/events";
import { validated } from "../validation/pipe";
import { keyEnvironment } from "./scope";

/** The query as get-messages-requests.dto.ts hands it on: `page` and `limit` numbers (defaults 0 and 10). */
function messagesQuery(ctx: RequestContext) {
  const numbers = { page: queryNumber(ctx.query["page"]), limit: queryNumber(ctx.query["limit"]) };
  const checked = validated<{ page?: number; limit?: number }>(numbers, listMessagesQueryDto);
  const page = checked.page ?? 0;
  const limit = checked.limit ?? 10;
  // The DTO lets any number through; the usecase hands `page * limit` to MongoDB's skip and `limit` to its
  // limit, which refuse a negative or fractional skip with an error the service answers as a 500.
  if (!Number.isInteger(page) || page < 0 || !Number.isInteger(limit) || limit < 1)
    throw new InternalError(`messages page ${page} of ${limit}: not a valid skip/limit`);
  return {
    page,
    limit,
    channel: queryText(ctx.query["channel"]),
    subscriberId: queryText(ctx.query["subscriberId"]),
    transactionId: queryList(ctx.query["transactionId"]),
    contextKeys: queryList(ctx.query["contextKeys"]),
  };
}

function listMessages(ctx: RequestContext): RouteResult {
  const q = messagesQuery(ctx);
  const env = keyEnvironment(ctx);
  const indexed: EventQuery<StoredMessage>["indexed"] = [];
  if (q.channel) indexed.push({ index: "channel", values: [q.channel] });
  if (q.subscriberId !== undefined) {
    // The filter is the caller's subscriberId; messages point at the subscriber's _id.
    const subscriber = env.subscribers.get(q.subscriberId);
    indexed.push({ index: "subscriber", values: subscriber ? [subscriber._id] : [] });
  }
  if (q.transactionId) indexed.push({ index: "transaction", values: q.transactionId });
  if (q.contextKeys) indexed.push({ index: "context", values: q.contextKeys });
  const key = JSON.stringify(indexed);
  const page = env.messages.page({ key, indexed }, q.page, q.limit);
  return { status: 200, body: page };
}

/** `GET /v1/messages`: the key's environment, newest first, page-numbered. */
export const messageRoutes: Route[] = [
  { method: "GET", pattern: "/v1/messages", category: "global", handler: listMessages },
];
