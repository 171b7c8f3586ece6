import type * as pulumi from "@pulumi/pulumi";
import type { Notification } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Arguments of {@link getNotification}. */
export interface GetNotificationArgs {
  /** The event's database id (`_id`). */
  notificationId: string;
}

/**
 * One notification event with its jobs and execution details (`GET /v1/notifications/{id}`). The Promise
 * variant returns plain values (jobs can carry provider overrides): use {@link getNotificationOutput} to
 * keep them secret.
 */
export function getNotification(args: GetNotificationArgs, opts?: DataSourceOptions): Promise<Notification> {
  return invoke("getNotification", opts, (client) =>
    client.notifications.get(args.notificationId, requestOptions(opts)),
  );
}

/** {@link getNotification} with Input arguments; secret when the event holds a credential. */
export function getNotificationOutput(
  args: InputArgs<GetNotificationArgs>,
  opts?: DataSourceOutputOptions,
): pulumi.Output<Notification> {
  return outputOf<GetNotificationArgs, Notification>(args, opts, getNotification);
}
