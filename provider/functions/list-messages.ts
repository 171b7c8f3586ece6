import type * as pulumi from "@pulumi/pulumi";
import type { ListMessagesQuery, MessagePage } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Filters of {@link listMessages}: channel, subscriberId, transactionId, contextKeys, page, limit. */
export type ListMessagesArgs = ListMessagesQuery;

/**
 * One page of the messages of the API key's environment (`GET /v1/messages`, pages from 0, default limit
 * 10). The Promise variant returns plain values (a message can carry device tokens, a webhook URL and
 * overrides): use {@link listMessagesOutput} to keep them secret.
 */
export function listMessages(args: ListMessagesArgs = {}, opts?: DataSourceOptions): Promise<MessagePage> {
  return invoke("listMessages", opts, (client) => client.messages.list(args, requestOptions(opts)));
}

/** {@link listMessages} with Input arguments; secret when a message holds a credential. */
export function listMessagesOutput(
  args: InputArgs<ListMessagesArgs> = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<MessagePage> {
  return outputOf<ListMessagesArgs, MessagePage>(args, opts, listMessages);
}
