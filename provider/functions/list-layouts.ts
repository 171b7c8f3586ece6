import type * as pulumi from "@pulumi/pulumi";
import type { Layout, ListLayoutsQuery } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/**
 * Filters of {@link listLayouts}: `query` (a search of names), the order (`orderBy` `createdAt`, `updatedAt`
 * or `name`; `orderDirection` `ASC` or `DESC`, newest first by default) and `limit`, the page size (1 to 100)
 * the pages are read with.
 */
export type ListLayoutsArgs = Omit<ListLayoutsQuery, "offset">;

/**
 * Every email layout of the API key's environment matching the filters (`GET /v2/layouts`, page after page),
 * each with its `layoutId`, `name`, `isDefault` and content (`controls.values.email`). Values are plain (a
 * layout holds no credential).
 */
export function listLayouts(args: ListLayoutsArgs = {}, opts?: DataSourceOptions): Promise<Layout[]> {
  return invoke("listLayouts", opts, async (client) => {
    const all: Layout[] = [];
    for await (const item of client.layouts.listAll(args, requestOptions(opts))) all.push(item);
    return all;
  });
}

/** {@link listLayouts} with Input arguments. */
export function listLayoutsOutput(
  args: InputArgs<ListLayoutsArgs> = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<Layout[]> {
  return outputOf<ListLayoutsArgs, Layout[]>(args, opts, listLayouts);
}
