import type * as pulumi from "@pulumi/pulumi";
import type { SearchSubscribersQuery, SubscriberPage } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Filters of {@link searchSubscribers}: email, phone, subscriberId, name, plus cursor and page size. */
export type SearchSubscribersArgs = SearchSubscribersQuery;

/**
 * One page of subscribers of the API key's environment matching the filters (`GET /v2/subscribers`; case
 * sensitive; `limit` 1 to 100, default 10; pass `next` as `after` for the following page). The Promise
 * variant returns plain values, channel credentials included: use {@link searchSubscribersOutput} to keep
 * them secret.
 */
export function searchSubscribers(
  args: SearchSubscribersArgs = {},
  opts?: DataSourceOptions,
): Promise<SubscriberPage> {
  return invoke("searchSubscribers", opts, (client) => client.subscribers.search(args, requestOptions(opts)));
}

/** {@link searchSubscribers} with Input arguments; secret when a subscriber has channel credentials. */
export function searchSubscribersOutput(
  args: InputArgs<SearchSubscribersArgs> = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<SubscriberPage> {
  return outputOf<SearchSubscribersArgs, SubscriberPage>(args, opts, searchSubscribers);
}
