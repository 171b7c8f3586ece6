/**
 * `pulumi-svc/internal/provider-runtime`: the implementations behind the serialized dynamic providers.
 * Not a public API: loaded by the `require()` inside each resource's `__provider` (see
 * ../serialized-provider.ts), in the dynamic-provider host, from the project's node_modules.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { IntegrationProvider } from "./integration-provider";
import { SubscriberCredentialsProvider } from "./subscriber-credentials-provider";
import { SubscriberCredentialsSetProvider } from "./subscriber-credentials-set-provider";

/** Implementations by kind; a resource's serialized provider names its kind. Add new resources here. */
const FACTORIES: Record<string, () => dynamic.ResourceProvider> = {
  integration: () => new IntegrationProvider(),
  "subscriber-credentials": () => new SubscriberCredentialsProvider(),
  "subscriber-credentials-set": () => new SubscriberCredentialsSetProvider(),
};

/** A fresh, unconfigured implementation of the given kind. */
export function createProvider(kind: string): dynamic.ResourceProvider {
  const factory = FACTORIES[kind];
  if (!factory) throw new Error(`svc: unknown provider kind "${kind}" (pulumi-svc version mismatch?)`);
  return factory();
}

export { IntegrationProvider, type IntegrationProviderOptions } from "./integration-provider";
export {
  SubscriberCredentialsProvider,
  type SubscriberCredentialsProviderOptions,
} from "./subscriber-credentials-provider";
export {
  SubscriberCredentialsSetProvider,
  type SubscriberCredentialsSetProviderOptions,
} from "./subscriber-credentials-set-provider";
