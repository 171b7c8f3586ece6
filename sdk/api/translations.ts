import type { RequestOptions } from "../options";
import {
  type Translation,
  type TranslationGroup,
  translationGroupSchema,
  translationResourceTypeSchema,
  translationSchema,
  type UpsertTranslationBody,
  upsertTranslationBodySchema,
} from "../schemas";
import { type Transport, validateInput } from "../transport";
import { idParam } from "./ids";

/**
 * Translations of workflows and layouts in the key's environment (`/v2/translations`). Novu's enterprise edition
 * only: a community server has no such route and answers 404 (`Cannot POST /v2/translations`), a
 * `NotFoundError` whose message says so.
 */
export class Translations {
  readonly #t: Transport;

  /** @internal Built by `SvcClient`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** Creates the translation of a resource in a locale, or replaces its content (`POST /v2/translations`). */
  async upsert(body: UpsertTranslationBody, options?: RequestOptions): Promise<Translation> {
    const operation = "translations.upsert";
    const checked = validateInput(operation, upsertTranslationBodySchema, body, "body");
    return this.#t.request(
      { operation, method: "POST", path: "/v2/translations", body: checked, response: translationSchema },
      options,
    );
  }

  /** One translation (`GET /v2/translations/{resourceType}/{resourceId}/{locale}`); 404 when there is none. */
  async get(
    resourceType: string,
    resourceId: string,
    locale: string,
    options?: RequestOptions,
  ): Promise<Translation> {
    const operation = "translations.get";
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: this.#path(operation, resourceType, resourceId, locale),
        response: translationSchema,
      },
      options,
    );
  }

  /** Deletes one translation (`DELETE /v2/translations/{resourceType}/{resourceId}/{locale}`, 204). */
  async delete(
    resourceType: string,
    resourceId: string,
    locale: string,
    options?: RequestOptions,
  ): Promise<void> {
    const operation = "translations.delete";
    await this.#t.request(
      {
        operation,
        method: "DELETE",
        path: this.#path(operation, resourceType, resourceId, locale),
        response: null,
      },
      options,
    );
  }

  /** A resource's translations (`GET /v2/translations/group/{resourceType}/{resourceId}`): its locales. */
  async group(resourceType: string, resourceId: string, options?: RequestOptions): Promise<TranslationGroup> {
    const operation = "translations.group";
    const type = this.#type(operation, resourceType);
    const id = idParam(operation, "resourceId", resourceId);
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: `/v2/translations/group/${type}/${id}`,
        response: translationGroupSchema,
      },
      options,
    );
  }

  /** The checked path of one translation. */
  #path(operation: string, resourceType: string, resourceId: string, locale: string): string {
    const type = this.#type(operation, resourceType);
    const id = idParam(operation, "resourceId", resourceId);
    const loc = idParam(operation, "locale", locale);
    return `/v2/translations/${type}/${id}/${loc}`;
  }

  /** A checked resource type. */
  #type(operation: string, resourceType: string): string {
    return validateInput(operation, translationResourceTypeSchema, resourceType, "resourceType");
  }
}
