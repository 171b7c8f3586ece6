import type * as pulumi from "@pulumi/pulumi";
import type { ListNotificationsQuery, NotificationPage } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/**
 * Filters of {@link listNotifications}: channels, templates, emails, subscriberIds, transactionId,
 * topicKey, after/before, page, limit (1 to 50).
 */
export type ListNotificationsArgs = ListNotificationsQuery;

/**
 * One page of the notification events of the API key's environment (`GET /v1/notifications`). The Promise
 * variant returns plain values (events can carry provider overrides): use {@link listNotificationsOutput}
 * to keep them secret.
 */
export function listNotifications(
  args: ListNotificationsArgs = {},
  opts?: DataSourceOptions,
): Promise<NotificationPage> {
  return invoke("listNotifications", opts, (client) => client.notifications.list(args, requestOptions(opts)));
}

/** {@link listNotifications} with Input arguments; secret when an event holds a credential. */
export function listNotificationsOutput(
  args: InputArgs<ListNotificationsArgs> = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<NotificationPage> {
  return outputOf<ListNotificationsArgs, NotificationPage>(args, opts, listNotifications);
}
