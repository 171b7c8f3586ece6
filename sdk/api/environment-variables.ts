import type { RequestOptions } from "../options";
import {
  type CreateEnvironmentVariableBody,
  createEnvironmentVariableBodySchema,
  type EnvironmentVariable,
  type EnvironmentVariableUsage,
  environmentVariableListSchema,
  environmentVariableSchema,
  environmentVariableUsageSchema,
  type ListEnvironmentVariablesQuery,
  listEnvironmentVariablesQuerySchema,
  type UpdateEnvironmentVariableBody,
  updateEnvironmentVariableBodySchema,
} from "../schemas";
import { type QueryValue, type Transport, validateInput } from "../transport";
import { idParam } from "./ids";

/**
 * The organization's environment variables (`/v1/environment-variables`), addressed by key. A variable is
 * one record of the organization holding a value per environment; an API key sees and writes only its own
 * environment's value, and cannot change `key`, `type` or `isSecret` (403). Secret values read back masked.
 */
export class EnvironmentVariables {
  readonly #t: Transport;

  /** @internal Built by `SvcClient`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** Every variable of the organization, newest first (`GET /v1/environment-variables`; no pages). */
  async list(
    query: ListEnvironmentVariablesQuery = {},
    options?: RequestOptions,
  ): Promise<EnvironmentVariable[]> {
    const operation = "environmentVariables.list";
    const parsed = validateInput(operation, listEnvironmentVariablesQuerySchema, query, "query");
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: "/v1/environment-variables",
        query: parsed as Record<string, QueryValue>,
        response: environmentVariableListSchema,
      },
      options,
    );
  }

  /** One variable (`GET /v1/environment-variables/{key}`); a missing one fails with `NotFoundError`. */
  async get(key: string, options?: RequestOptions): Promise<EnvironmentVariable> {
    const operation = "environmentVariables.get";
    const k = idParam(operation, "key", key);
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: `/v1/environment-variables/${k}`,
        response: environmentVariableSchema,
      },
      options,
    );
  }

  /**
   * Creates a variable (`POST /v1/environment-variables`, 200). A taken key fails with `ConflictError`;
   * the organization's limit (10 by default) with `BadRequestError`, checked before the conflict.
   */
  async create(body: CreateEnvironmentVariableBody, options?: RequestOptions): Promise<EnvironmentVariable> {
    const operation = "environmentVariables.create";
    return this.#t.request(
      {
        operation,
        method: "POST",
        path: "/v1/environment-variables",
        body: validateInput(operation, createEnvironmentVariableBodySchema, body, "body"),
        response: environmentVariableSchema,
      },
      options,
    );
  }

  /**
   * Writes values (`PATCH /v1/environment-variables/{key}`): each is merged by `_environmentId`; the other
   * environments keep theirs.
   */
  async update(
    key: string,
    body: UpdateEnvironmentVariableBody,
    options?: RequestOptions,
  ): Promise<EnvironmentVariable> {
    const operation = "environmentVariables.update";
    const k = idParam(operation, "key", key);
    return this.#t.request(
      {
        operation,
        method: "PATCH",
        path: `/v1/environment-variables/${k}`,
        body: validateInput(operation, updateEnvironmentVariableBodySchema, body, "body"),
        response: environmentVariableSchema,
      },
      options,
    );
  }

  /**
   * Deletes the API key's environment's value (`DELETE /v1/environment-variables/{key}`, 204); the record
   * goes with its last value. No value of this environment: `NotFoundError`.
   */
  async delete(key: string, options?: RequestOptions): Promise<void> {
    const operation = "environmentVariables.delete";
    const k = idParam(operation, "key", key);
    await this.#t.request(
      { operation, method: "DELETE", path: `/v1/environment-variables/${k}`, response: null },
      options,
    );
  }

  /**
   * The workflows, of every environment of the organization, whose step controls read `env.KEY`
   * (`GET /v1/environment-variables/{key}/usage`).
   */
  async usage(key: string, options?: RequestOptions): Promise<EnvironmentVariableUsage> {
    const operation = "environmentVariables.usage";
    const k = idParam(operation, "key", key);
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: `/v1/environment-variables/${k}/usage`,
        response: environmentVariableUsageSchema,
      },
      options,
    );
  }
}
