/**
 * `pulumi-svc/internal/provider-runtime`: the implementations behind the serialized dynamic providers.
 * Not a public API: loaded by the `require()` inside each resource's `__provider` (see
 * ../serialized-provider.ts), in the dynamic-provider host, from the project's node_modules.
 *
 * Contract, version 1 (stored in every stack's state: every later version of pulumi-svc keeps it):
 * - the module path `pulumi-svc/internal/provider-runtime` (package.json `exports`);
 * - its export `createProvider(kind)`, which returns an unconfigured provider with `configure`, `check`,
 *   `diff`, `create`, `read`, `update` and `delete` (the shim calls `configure` first when the engine does);
 * - the kind strings of ./kinds.ts.
 * A change to any of these is a new entry point (`createProviderV2`, ...) beside this one, never an edit;
 * test/harness/stored-provider.test.ts runs providers serialized by older versions against this runtime.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { IntegrationProvider } from "./integration-provider";
import { PROVIDER_KINDS, type ProviderKind } from "./kinds";
import { SubscriberCredentialsProvider } from "./subscriber-credentials-provider";
import { SubscriberCredentialsSetProvider } from "./subscriber-credentials-set-provider";
import { withTarget } from "./target";

/** A provider implementation: every method of the dynamic-provider interface is there. */
export type RuntimeProvider = Required<dynamic.ResourceProvider>;

/** Implementations by kind. A new resource adds its kind to ./kinds.ts and its factory here. */
const FACTORIES: Record<ProviderKind, () => RuntimeProvider> = {
  integration: () => new IntegrationProvider(),
  "subscriber-credentials": () => new SubscriberCredentialsProvider(),
  "subscriber-credentials-set": () => new SubscriberCredentialsSetProvider(),
};

function isKind(kind: string): kind is ProviderKind {
  return (PROVIDER_KINDS as readonly string[]).includes(kind);
}

/**
 * Contract v1: a fresh, unconfigured implementation of the given kind, with the `target` input of resources
 * bound to an explicit `svc.Provider` handled for it (./target.ts).
 */
export function createProvider(kind: string): RuntimeProvider {
  if (!isKind(kind)) {
    throw new Error(
      `svc: unknown provider kind "${kind}" (known: ${PROVIDER_KINDS.join(", ")}); ` +
        "the state was written by a newer pulumi-svc than the one installed",
    );
  }
  return withTarget(FACTORIES[kind]());
}

export { IntegrationProvider, type IntegrationProviderOptions } from "./integration-provider";
export { PROVIDER_KINDS, type ProviderKind } from "./kinds";
export {
  SubscriberCredentialsProvider,
  type SubscriberCredentialsProviderOptions,
} from "./subscriber-credentials-provider";
export {
  SubscriberCredentialsSetProvider,
  type SubscriberCredentialsSetProviderOptions,
} from "./subscriber-credentials-set-provider";
