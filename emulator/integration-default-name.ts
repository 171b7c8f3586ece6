/**
 * The name the service gives an integration created without one: apps/api/src/app/integrations/usecases/
 * create-integration/create-integration.usecase.ts (the April 2026 tree and the newest file alike) takes the
 * `displayName` of the provider in `@novu/shared`'s `providers` list, and for a provider id that list lacks (the
 * service checks none: any string is stored) the id with its first letter upper-cased (`telegram` →
 * `Telegram`, `webex-messaging` → `Webex-messaging`). The lists differ by release (./provider-names.ts):
 * the newest one has `telegram` ("Telegram").
 */
import { PROVIDER_NAMES_2026_04, PROVIDER_NAMES_NEWEST_CHANGES } from "./provider-names";
import type { ServiceVersion } from "./service-version";

/** The default name of an integration of `providerId` in the release played. */
export function defaultIntegrationName(providerId: string, version: ServiceVersion): string {
  if (version === "newest" && Object.hasOwn(PROVIDER_NAMES_NEWEST_CHANGES, providerId))
    return PROVIDER_NAMES_NEWEST_CHANGES[providerId] ?? providerId;
  if (Object.hasOwn(PROVIDER_NAMES_2026_04, providerId))
    return PROVIDER_NAMES_2026_04[providerId] ?? providerId;
  return `${providerId.charAt(0).toUpperCase()}${providerId.slice(1)}`;
}
