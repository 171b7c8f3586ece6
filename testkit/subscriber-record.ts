import type { Subscriber } from "../sdk/schemas";

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
