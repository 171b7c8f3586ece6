import type { Integration, Subscriber } from "../sdk/schemas";

/**
 * A subscriber as the service returns it, for tests of code that reads subscribers without a server (the
 * channel-entry core, the set's plan): fixed organization, environment and dates, the given channels.
 */
export function subscriberRecord(subscriberId: string, channels: Subscriber["channels"]): Subscriber {
  return {
    subscriberId,
    _organizationId: "o",
    _environmentId: "e",
    deleted: false,
    createdAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-01T00:00:00Z",
    channels,
  };
}

/**
 * An active fcm integration as the service lists it, for the same tests: fixed organization and environment
 * "e", the given `_id`, identifier and creation time (which decides the newest), and any other fields.
 */
export function integrationRecord(
  _id: string,
  identifier: string,
  createdAt: string,
  more: Partial<Integration> = {},
): Integration {
  return {
    _id,
    _environmentId: "e",
    _organizationId: "o",
    name: identifier,
    identifier,
    providerId: "fcm",
    channel: "push",
    active: true,
    createdAt,
    ...more,
  };
}
