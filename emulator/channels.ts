/**
 * The channels of the service (`ChannelTypeEnum` of @novu/shared, in its order; the spec's five channels).
 */
export const CHANNEL_TYPES = ["in_app", "email", "sms", "chat", "push"] as const;

/** A channel. */
export type ChannelType = (typeof CHANNEL_TYPES)[number];
