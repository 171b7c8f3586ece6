import type { RequestOptions } from "../options";
import { paginateOffset } from "../pagination";
import {
  type CreateLayoutBody,
  createLayoutBodySchema,
  type Layout,
  type LayoutList,
  type LayoutUsage,
  type ListLayoutsQuery,
  layoutListSchema,
  layoutSchema,
  layoutUsageSchema,
  listLayoutsQuerySchema,
  type UpdateLayoutBody,
  updateLayoutBodySchema,
} from "../schemas";
import { type QueryValue, type Transport, validateInput } from "../transport";
import { idParam } from "./ids";

/**
 * Email layout operations (v2, apps/api/src/app/layouts-v2/layouts.controller.ts). `layoutId` in a path is
 * the layout's identifier (its `layoutId`) or its `_id`. Writes act on the API key's environment.
 */
export class Layouts {
  readonly #t: Transport;

  /** @internal Built by `SvcClient`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** One layout (`GET /v2/layouts/{layoutId}`). */
  async get(layoutId: string, options?: RequestOptions): Promise<Layout> {
    const operation = "layouts.get";
    const id = idParam(operation, "layoutId", layoutId);
    return this.#t.request(
      { operation, method: "GET", path: `/v2/layouts/${id}`, response: layoutSchema },
      options,
    );
  }

  /**
   * Creates a layout (`POST /v2/layouts`, 201). The service stores an empty block-editor template whatever
   * the body holds: write the content with {@link update}. The environment's first layout becomes its
   * default (`isDefault`), which v2 never changes nor deletes. A `layoutId` already taken: `ConflictError`.
   */
  async create(body: CreateLayoutBody, options?: RequestOptions): Promise<Layout> {
    const operation = "layouts.create";
    return this.#t.request(
      {
        operation,
        method: "POST",
        path: "/v2/layouts",
        body: validateInput(operation, createLayoutBodySchema, body, "body"),
        response: layoutSchema,
      },
      options,
    );
  }

  /**
   * Writes a layout's name and content (`PUT /v2/layouts/{layoutId}`); a missing layout is `NotFoundError`
   * (never created). A body the service would refuse (not of its `editorType`, or without `{{content}}`)
   * fails with `ValidationError` naming `controlValues.email.body`, before any request.
   */
  async update(layoutId: string, body: UpdateLayoutBody, options?: RequestOptions): Promise<Layout> {
    const operation = "layouts.update";
    const id = idParam(operation, "layoutId", layoutId);
    return this.#t.request(
      {
        operation,
        method: "PUT",
        path: `/v2/layouts/${id}`,
        body: validateInput(operation, updateLayoutBodySchema, body, "body"),
        response: layoutSchema,
      },
      options,
    );
  }

  /**
   * Deletes a layout (`DELETE /v2/layouts/{layoutId}`, 204); the workflows' email steps that named it then
   * use the default layout. The default layout cannot be deleted (`ConflictError`); a missing one is
   * `NotFoundError`.
   */
  async delete(layoutId: string, options?: RequestOptions): Promise<void> {
    const operation = "layouts.delete";
    const id = idParam(operation, "layoutId", layoutId);
    await this.#t.request(
      { operation, method: "DELETE", path: `/v2/layouts/${id}`, response: null },
      options,
    );
  }

  /** One page of the environment's layouts (`GET /v2/layouts`), newest first by default. */
  async list(query: ListLayoutsQuery = {}, options?: RequestOptions): Promise<LayoutList> {
    const operation = "layouts.list";
    const parsed = validateInput(operation, listLayoutsQuerySchema, query, "query");
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: "/v2/layouts",
        query: parsed as Record<string, QueryValue>,
        response: layoutListSchema,
      },
      options,
    );
  }

  /** Every layout matching `query`, page by page (`offset` advances; `limit` is the page size). */
  listAll(
    query: Omit<ListLayoutsQuery, "offset"> = {},
    options?: RequestOptions,
  ): AsyncGenerator<Layout, void, undefined> {
    return paginateOffset(async (offset) => {
      const page = await this.list({ ...query, offset }, options);
      return { data: page.layouts, totalCount: page.totalCount };
    });
  }

  /** The workflows whose email steps name the layout (`GET /v2/layouts/{layoutId}/usage`). */
  async usage(layoutId: string, options?: RequestOptions): Promise<LayoutUsage> {
    const operation = "layouts.usage";
    const id = idParam(operation, "layoutId", layoutId);
    return this.#t.request(
      { operation, method: "GET", path: `/v2/layouts/${id}/usage`, response: layoutUsageSchema },
      options,
    );
  }
}
