import type { RequestOptions } from "../options";
import { type Environment, environmentListSchema, environmentSchema } from "../schemas";
import type { Transport } from "../transport";

/** The API key's environment and the organization's environments. */
export class Environments {
  readonly #t: Transport;

  /** @internal Built by `SvcClient`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * The environment the API key acts on (`GET /v1/environments/me`): `{ _id, name, _organizationId, ... }`.
   * The one way to learn which environment and organization a key belongs to.
   */
  async me(options?: RequestOptions): Promise<Environment> {
    return this.#t.request(
      {
        operation: "environments.me",
        method: "GET",
        path: "/v1/environments/me",
        response: environmentSchema,
      },
      options,
    );
  }

  /**
   * Every environment of the organization (`GET /v1/environments`), in the service's order. The API keys
   * the service answers for the caller's own environment are dropped: they never reach the result.
   */
  async list(options?: RequestOptions): Promise<Environment[]> {
    const all = await this.#t.request(
      {
        operation: "environments.list",
        method: "GET",
        path: "/v1/environments",
        response: environmentListSchema,
      },
      options,
    );
    return all.map(({ apiKeys: _keys, ...env }) => env);
  }
}
