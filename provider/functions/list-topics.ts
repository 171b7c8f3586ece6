import type * as pulumi from "@pulumi/pulumi";
import type { Topic } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Filters of {@link listTopics}. */
export interface ListTopicsArgs {
  /** Only the topics whose key matches. */
  key?: string;
  /** Only the topics whose name matches. */
  name?: string;
}

/** Page size the topics are read with. */
const PAGE_SIZE = 100;

/** Every topic of the API key's environment matching the filters (`GET /v2/topics`, page after page). */
export function listTopics(args: ListTopicsArgs = {}, opts?: DataSourceOptions): Promise<Topic[]> {
  return invoke("listTopics", opts, async (client) => {
    const all: Topic[] = [];
    for await (const t of client.topics.listAll({ ...args, limit: PAGE_SIZE }, requestOptions(opts)))
      all.push(t);
    return all;
  });
}

/** {@link listTopics} with Input arguments. */
export function listTopicsOutput(
  args: InputArgs<ListTopicsArgs> = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<Topic[]> {
  return outputOf<ListTopicsArgs, Topic[]>(args, opts, listTopics);
}
