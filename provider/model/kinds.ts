/**
 * The provider kinds: which implementation a serialized provider asks `createProvider` for. Each kind string
 * is stored in the `__provider` of every resource of that kind, in every stack's state, so it is a permanent
 * contract (see ./index.ts): add kinds, never rename or remove one.
 */
export const PROVIDER_KINDS = [
  "integration",
  "layout",
  "subscriber-credentials",
  "subscriber-credentials-set",
  "workflow",
  "topic",
  "topic-subscriptions",
  "organization-settings",
  "translation",
  "environment-variable",
] as const;

/** One of {@link PROVIDER_KINDS}. */
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
