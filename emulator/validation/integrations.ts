import type { Integration } from "../../sdk/schemas";
import { CHANNEL_TYPES } from "../channels";
import type { ServiceVersion } from "../service-version";
import {
  type Dto,
  isArray,
  isBoolean,
  isDefined,
  isIn,
  isObject,
  isString,
  type PropertyRules,
} from "./class-validator";
import { credentialsDto } from "./integration-credentials";

/**
 * The integration bodies, from Novu's DTOs:
 * apps/api/src/app/integrations/dtos/create-integration-request.dto.ts,
 * apps/api/src/app/integrations/dtos/update-integration.dto.ts; the credentials in
 * ./integration-credentials.ts. `conditions` items are StepFilterDto
 * (apps/api/src/app/shared/dtos/step-filter-dto.ts), whose fields carry no validator: any object passes.
 */

const optionalString: PropertyRules = { optional: true, checks: [isString()] };
const optionalBoolean: PropertyRules = { optional: true, checks: [isBoolean()] };

/** A StepFilterDto: no validator on its fields (step-filter-dto.ts). */
const stepFilterDto: Dto = {};

/** Fields shared by create and update, in the update DTO's order. */
const conditions: PropertyRules = { optional: true, checks: [isArray()], nested: stepFilterDto };
const credentials = (version: ServiceVersion): PropertyRules => ({
  optional: true,
  nested: credentialsDto(version),
});

/**
 * `_environmentId`: the DTO says `@IsMongoId()`, the spec "format uuid" (operation 3), and the emulator's
 * environments have uuid ids as the spec describes them; the spec wins, so any string passes.
 */
const environmentId: PropertyRules = optionalString;

/** create-integration-request.dto.ts: `providerId` and `channel` required, the rest optional. */
export const createIntegrationDto = (version: ServiceVersion): Dto => ({
  name: optionalString,
  identifier: optionalString,
  _environmentId: environmentId,
  providerId: { checks: [isString(), isDefined()] },
  channel: { checks: [isIn(CHANNEL_TYPES), isDefined()] },
  credentials: credentials(version),
  active: optionalBoolean,
  check: optionalBoolean,
  conditions,
  configurations: { optional: true, checks: [isObject()] },
});

/** update-integration.dto.ts: every field optional. */
export const updateIntegrationDto = (version: ServiceVersion): Dto => ({
  name: optionalString,
  identifier: optionalString,
  _environmentId: environmentId,
  active: optionalBoolean,
  credentials: credentials(version),
  check: optionalBoolean,
  conditions,
});

/** The create body once validated. */
export interface CreateIntegrationBody {
  name?: string;
  identifier?: string;
  _environmentId?: string;
  providerId: string;
  channel: string;
  credentials?: Record<string, unknown>;
  active?: boolean;
  check?: boolean;
  /** Stored as sent: StepFilterDto validates none of its fields. */
  conditions?: Integration["conditions"];
}

/** The update body once validated. */
export type UpdateIntegrationBody = Partial<CreateIntegrationBody>;
