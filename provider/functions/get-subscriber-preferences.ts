import type * as pulumi from "@pulumi/pulumi";
import type { SubscriberPreferences } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Arguments of {@link getSubscriberPreferences}. */
export interface GetSubscriberPreferencesArgs {
  /** The subscriber (your identifier of it). */
  subscriberId: string;
}

/**
 * A subscriber's preferences, globally and per workflow (`GET /v2/subscribers/{id}/preferences`). Values
 * are plain (preferences hold no credential).
 */
export function getSubscriberPreferences(
  args: GetSubscriberPreferencesArgs,
  opts?: DataSourceOptions,
): Promise<SubscriberPreferences> {
  return invoke("getSubscriberPreferences", opts, (client) =>
    client.subscribers.getPreferences(args.subscriberId, requestOptions(opts)),
  );
}

/** {@link getSubscriberPreferences} with Input arguments. */
export function getSubscriberPreferencesOutput(
  args: InputArgs<GetSubscriberPreferencesArgs>,
  opts?: DataSourceOutputOptions,
): pulumi.Output<SubscriberPreferences> {
  return outputOf<GetSubscriberPreferencesArgs, SubscriberPreferences>(args, opts, getSubscriberPreferences);
}
