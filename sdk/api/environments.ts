import type { RequestOptions } from "../options";
import { type Environment, environmentSchema } from "../schemas";
import type { Transport } from "../transport";

/** The API key's environment. */
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
}
