import { badRequest, notFound } from "../errors";
import type { EventQuery } from "../event-table";
import type { RequestContext, Route, RouteResult } from "../router";
import type { StoredNotification } from "../store";
import { listNotificationsQueryDto, queryList, queryNumber, queryText } from "../validation/events";
import { validated } from "../validation/pipe";
import { keyEnvironment } from "./scope";

type Job = NonNullable<StoredNotification["jobs"]>[number];

/**
 * A job as the list operation returns it: without the fields the spec marks "single retrieval only"
 * (`scheduleExtensionsCount`, and `untilDate` of a timed digest).
 */
function listJob(job: Job): Job {
  const { scheduleExtensionsCount: _count, ...rest } = job;
  const timed = rest.digest?.timed;
  if (!timed || !("untilDate" in timed)) return rest;
  const { untilDate: _until, ...keptTimed } = timed;
  return { ...rest, digest: { ...rest.digest, type: rest.digest?.type ?? "regular", timed: keptTimed } };
}

/**
 * An event as the list operation (9) returns it: without `severity`, `critical` and `contextKeys`, which
 * the spec returns on single retrieval only, and with its jobs stripped the same way.
 */
function listView(n: StoredNotification): Omit<StoredNotification, "severity" | "critical" | "contextKeys"> {
  const { severity: _s, critical: _c, contextKeys: _k, jobs, ...rest } = n;
  return jobs === undefined ? rest : { ...rest, jobs: jobs.map(listJob) };
}

function timestamp(value: string, field: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw badRequest([`${field}: must be an ISO 8601 timestamp`]);
  return ms;
}

/** The query as activities-request.dto.ts hands it on: `page` and `limit` numbers (defaults 0 and 10), lists. */
function notificationsQuery(ctx: RequestContext) {
  const q = ctx.query;
  const numbers = { page: queryNumber(q["page"]), limit: queryNumber(q["limit"]) };
  const checked = validated<{ page?: number; limit?: number }>(numbers, listNotificationsQueryDto);
  return {
    page: checked.page ?? 0,
    limit: checked.limit ?? 10,
    channels: queryList(q["channels"]),
    templates: queryList(q["templates"]),
    emails: queryList(q["emails"]),
    subscriberIds: queryList(q["subscriberIds"]),
    search: queryText(q["search"]),
    transactionId: queryText(q["transactionId"]),
    topicKey: queryText(q["topicKey"]),
    after: queryText(q["after"]),
    before: queryText(q["before"]),
  };
}

function listNotifications(ctx: RequestContext): RouteResult {
  const q = notificationsQuery(ctx);
  const env = keyEnvironment(ctx);
  const indexed: EventQuery<StoredNotification>["indexed"] = [];
  if (q.channels) indexed.push({ index: "channel", values: q.channels });
  if (q.templates) indexed.push({ index: "template", values: q.templates });
  if (q.transactionId !== undefined) indexed.push({ index: "transaction", values: [q.transactionId] });
  if (q.topicKey !== undefined) indexed.push({ index: "topic", values: [q.topicKey] });
  // emails and subscriberIds name subscribers; events point at the subscriber's _id.
  if (q.subscriberIds) {
    const ids = q.subscriberIds.flatMap((id) => env.subscribers.get(id)?._id ?? []);
    indexed.push({ index: "subscriber", values: ids });
  }
  if (q.emails) {
    const ids = q.emails.flatMap((email) => env.subscribers.withEmail(email).map((s) => s._id));
    indexed.push({ index: "subscriber", values: ids });
  }
  const after = q.after === undefined ? undefined : timestamp(q.after, "after");
  // The spec: `before` "defaults to the time of the request".
  const before = q.before === undefined ? ctx.receivedAt : timestamp(q.before, "before");
  const search = q.search;
  const predicate =
    after === undefined && search === undefined && before >= env.notifications.latestCreatedAt()
      ? undefined
      : (n: StoredNotification) => {
          const at = Date.parse(n.createdAt);
          if (after !== undefined && !(at >= after)) return false;
          if (!(at <= before)) return false;
          if (search !== undefined) {
            const hay = [n.transactionId, n.subscriber?.subscriberId, n.subscriber?.email];
            if (!hay.some((h) => typeof h === "string" && h.includes(search))) return false;
          }
          return true;
        };
  const key = JSON.stringify([indexed, after, before, search]);
  const page = env.notifications.page(
    predicate ? { key, indexed, predicate } : { key, indexed },
    q.page,
    q.limit,
  );
  const { totalCount: _count, ...rest } = page;
  return { status: 200, body: { ...rest, data: page.data.map(listView) } };
}

function getNotification(ctx: RequestContext): RouteResult {
  const id = ctx.params["notificationId"] ?? "";
  const notification = keyEnvironment(ctx).notifications.get(id);
  if (!notification) throw notFound(`Notification ${id} not found`);
  return { status: 200, body: { data: notification } };
}

/** `GET /v1/notifications` (list) and `GET /v1/notifications/{notificationId}`. */
export const notificationRoutes: Route[] = [
  { method: "GET", pattern: "/v1/notifications", category: "global", handler: listNotifications },
  {
    method: "GET",
    pattern: "/v1/notifications/:notificationId",
    category: "global",
    handler: getNotification,
  },
];
