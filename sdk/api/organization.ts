import type { RequestOptions } from "../options";
import {
  type OrganizationSettings,
  organizationSettingsSchema,
  type UpdateOrganizationSettingsBody,
  updateOrganizationSettingsBodySchema,
} from "../schemas";
import { type Transport, validateInput } from "../transport";

/**
 * The organization's settings (`/v1/organizations/settings`): one record for the whole organization, whichever
 * environment's key reads or writes it. Served by Novu's enterprise edition and Novu Cloud only: a community
 * server answers 404 (`Cannot GET /v1/organizations/settings`), a `NotFoundError`.
 */
export class OrganizationSettingsApi {
  readonly #t: Transport;

  /** @internal Built by `Organization`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** The settings (`GET /v1/organizations/settings`): `{ removeNovuBranding, defaultLocale, targetLocales? }`. */
  async get(options?: RequestOptions): Promise<OrganizationSettings> {
    return this.#t.request(
      {
        operation: "organization.settings.get",
        method: "GET",
        path: "/v1/organizations/settings",
        response: organizationSettingsSchema,
      },
      options,
    );
  }

  /**
   * Changes the fields given (`PATCH /v1/organizations/settings`) and answers the settings. Any
   * `removeNovuBranding`, false too, is refused with 402 on the free plan, and then nothing is written.
   */
  async update(
    body: UpdateOrganizationSettingsBody,
    options?: RequestOptions,
  ): Promise<OrganizationSettings> {
    const operation = "organization.settings.update";
    const checked = validateInput(operation, updateOrganizationSettingsBodySchema, body, "body");
    return this.#t.request(
      {
        operation,
        method: "PATCH",
        path: "/v1/organizations/settings",
        body: checked,
        response: organizationSettingsSchema,
      },
      options,
    );
  }
}

/** The API key's organization. */
export class Organization {
  /** The organization's settings: get, update. */
  readonly settings: OrganizationSettingsApi;

  /** @internal Built by `SvcClient`. */
  constructor(transport: Transport) {
    this.settings = new OrganizationSettingsApi(transport);
  }
}
