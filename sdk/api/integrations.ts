import type { RequestOptions } from "../options";
import {
  type CreateIntegrationBody,
  createIntegrationBodySchema,
  type Integration,
  integrationListSchema,
  integrationSchema,
  type UpdateIntegrationBody,
  updateIntegrationBodySchema,
} from "../schemas";
import { type Transport, validateInput } from "../transport";
import { idParam } from "./ids";

/** The body with `check: false` unless the caller set `check` (the service's default is true). */
function withCheck<B extends { check?: boolean | undefined }>(body: B): B {
  return body.check === undefined ? { ...body, check: false } : body;
}

/**
 * Integration operations. The list operations return every environment of the organization; filter by
 * `_environmentId` where one environment is meant. Responses never include credentials.
 */
export class Integrations {
  readonly #t: Transport;

  /** @internal Built by `SvcClient`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Creates an integration in the API key's environment (`POST /v1/integrations`). Sends `check: false`
   * unless `body.check` is set: the service defaults `check` to true and then tests an email integration
   * live with a send through the delivery provider, failing the create with a 500 on made-up credentials.
   * Sent with an `Idempotency-Key` reused by retries after a lost answer, so a retried create makes one
   * integration. A duplicate `identifier` fails with `ConflictError` (not retried).
   */
  async create(body: CreateIntegrationBody, options?: RequestOptions): Promise<Integration> {
    const operation = "integrations.create";
    return this.#t.request(
      {
        operation,
        method: "POST",
        path: "/v1/integrations",
        body: withCheck(validateInput(operation, createIntegrationBodySchema, body, "body")),
        response: integrationSchema,
      },
      options,
    );
  }

  /** The active integrations of the organization (`GET /v1/integrations/active`). */
  async listActive(options?: RequestOptions): Promise<Integration[]> {
    return this.#t.request(
      {
        operation: "integrations.listActive",
        method: "GET",
        path: "/v1/integrations/active",
        response: integrationListSchema,
      },
      options,
    );
  }

  /** Every integration of the organization, active or not (`GET /v1/integrations`). */
  async list(options?: RequestOptions): Promise<Integration[]> {
    return this.#t.request(
      {
        operation: "integrations.list",
        method: "GET",
        path: "/v1/integrations",
        response: integrationListSchema,
      },
      options,
    );
  }

  /**
   * Updates an integration (`PUT /v1/integrations/{id}`, `id` is its `_id`). `credentials`, when given,
   * replace the stored credentials whole. Sends `check: false` unless `body.check` is set (see
   * {@link Integrations.create}).
   */
  async update(
    integrationId: string,
    body: UpdateIntegrationBody,
    options?: RequestOptions,
  ): Promise<Integration> {
    const operation = "integrations.update";
    const id = idParam(operation, "integrationId", integrationId);
    return this.#t.request(
      {
        operation,
        method: "PUT",
        path: `/v1/integrations/${id}`,
        body: withCheck(validateInput(operation, updateIntegrationBodySchema, body, "body")),
        response: integrationSchema,
      },
      options,
    );
  }

  /** Deletes an integration (`DELETE /v1/integrations/{id}`); resolves to the remaining integrations. */
  async delete(integrationId: string, options?: RequestOptions): Promise<Integration[]> {
    const operation = "integrations.delete";
    const id = idParam(operation, "integrationId", integrationId);
    return this.#t.request(
      { operation, method: "DELETE", path: `/v1/integrations/${id}`, response: integrationListSchema },
      options,
    );
  }
}
