import { listMessagesQuerySchema } from "../../sdk/schemas";
import type { EventQuery } from "../event-table";
import type { RequestContext, Route, RouteResult } from "../router";
import type { StoredMessage } from "../store";
import { validate } from "../validate";
import { keyEnvironment } from "./scope";

function listMessages(ctx: RequestContext): RouteResult {
  const q = validate(listMessagesQuerySchema, ctx.query);
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
