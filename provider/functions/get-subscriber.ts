import type * as pulumi from "@pulumi/pulumi";
import type { Subscriber } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { findSubscriber } from "../model/find-subscriber";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Arguments of {@link getSubscriber}. */
export interface GetSubscriberArgs {
  /** The subscriber (your identifier of it); matched exactly. */
  subscriberId: string;
}

/**
 * The subscriber with exactly this `subscriberId` in the API key's environment (search, then exact match).
 * Fails when there is none. The Promise variant returns plain values, channel credentials (device tokens,
 * webhook URLs) included: use {@link getSubscriberOutput} to keep them secret.
 */
export function getSubscriber(args: GetSubscriberArgs, opts?: DataSourceOptions): Promise<Subscriber> {
  return invoke("getSubscriber", opts, async (client) => {
    const found = await findSubscriber(client, args.subscriberId, requestOptions(opts));
    if (!found) {
      throw new Error(
        `svc: getSubscriber: subscriber "${args.subscriberId}" not found in the API key's environment`,
      );
    }
    return found;
  });
}

/** {@link getSubscriber} with Input arguments; secret when the subscriber has channel credentials. */
export function getSubscriberOutput(
  args: InputArgs<GetSubscriberArgs>,
  opts?: DataSourceOutputOptions,
): pulumi.Output<Subscriber> {
  return outputOf<GetSubscriberArgs, Subscriber>(args, opts, getSubscriber);
}
