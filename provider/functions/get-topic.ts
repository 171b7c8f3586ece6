import type * as pulumi from "@pulumi/pulumi";
import type { Topic } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Arguments of {@link getTopic}. */
export interface GetTopicArgs {
  /** The topic's key. */
  key: string;
}

/** One topic of the API key's environment (`GET /v2/topics/{key}`): `{ _id, key, name, createdAt, updatedAt }`. */
export function getTopic(args: GetTopicArgs, opts?: DataSourceOptions): Promise<Topic> {
  return invoke("getTopic", opts, (client) => client.topics.get(args.key, requestOptions(opts)));
}

/** {@link getTopic} with Input arguments. */
export function getTopicOutput(
  args: InputArgs<GetTopicArgs>,
  opts?: DataSourceOutputOptions,
): pulumi.Output<Topic> {
  return outputOf<GetTopicArgs, Topic>(args, opts, getTopic);
}
