/**
 * `pulumi-svc/internal/provider-runtime`: the implementations behind the serialized dynamic providers.
 * Not a public API: loaded by the `require()` inside each resource's `__provider` (see
 * ../serialized-provider.ts), in the dynamic-provider host, from the project's node_modules.
 *
 * Contract, version 1 (stored in every stack's state: every later version of pulumi-svc keeps it):
 * - the module path `pulumi-svc/internal/provider-runtime` (package.json `exports`);
 * - its export `createProvider(kind)`, which returns an unconfigured provider with `configure`, `check`,
 *   `diff`, `create`, `read`, `update` and `delete` (the shim calls `configure` first when the engine does);
 * - the kind strings of ../model/kinds.ts.
 * A change to any of these is a new entry point (`createProviderV2`, ...) beside this one, never an edit;
 * test/harness/stored-provider.test.ts runs providers serialized by older versions against this runtime.
 *
 * Contract, version 2 (added beside v1, same module path and kinds):
 * - its export `installProvider(shim, req)`, called by the shim's `configure` with the shim itself (an
 *   object with the `kind` string and `configure` only): adds `check`, `diff`, `create`, `read`, `update`
 *   and `delete` to it, configures a fresh implementation with `req` and resolves when that is done.
 */
// First: one line on a Node.js older than package.json's `engines`, before any dependency loads.
import "../supported-node-guard";

import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { IntegrationOutputs } from "../model/integration-schema";
import { PROVIDER_KINDS, type ProviderKind } from "../model/kinds";
import type { LayoutOutputs } from "../model/layout-schema";
import type { OrganizationSettingsOutputs } from "../model/organization-settings-schema";
import type { SubscriberCredentialsOutputs } from "../model/subscriber-credentials-schema";
import type { SubscriberCredentialsSetWire } from "../model/subscriber-credentials-set-schema";
import type { TopicOutputs } from "../model/topic-schema";
import type { TranslationOutputs } from "../model/translation-schema";
import type { WorkflowOutputs } from "../model/workflow-schema";
import { EnvironmentVariableProvider } from "./environment-variable/provider";
import { inputsOf as integrationInputs } from "./integration/model";
import { IntegrationProvider } from "./integration/provider";
import { inputsOf as layoutInputs } from "./layout/model";
import { LayoutProvider } from "./layout/provider";
import { settingsInputsOf } from "./organization-settings/model";
import { OrganizationSettingsProvider } from "./organization-settings/provider";
import { announceChangedPaths } from "./shared/dynamic-detailed-diff";
import { keepingInputs } from "./shared/kept-inputs";
import { type Provider, type TargetedProvider, withTarget } from "./shared/with-target";
import { inputsOf as credentialsInputs } from "./subscriber-credentials/model";
import { SubscriberCredentialsProvider } from "./subscriber-credentials/provider";
import { inputsOfSet, SubscriberCredentialsSetProvider } from "./subscriber-credentials-set/provider";
import { topicInputsOf } from "./topic/model";
import { TopicProvider } from "./topic/provider";
import { TopicSubscriptionsProvider } from "./topic-subscriptions/provider";
import { translationInputsOf } from "./translation/model";
import { TranslationProvider } from "./translation/provider";
import { inputsOf as workflowInputs } from "./workflow/model";
import { WorkflowProvider } from "./workflow/provider";

/** A provider implementation: every method of the dynamic-provider interface is there. */
export type RuntimeProvider = Provider;

/**
 * Implementations by kind, each keeping its declared inputs across a refresh with the inputs its outputs
 * describe (./shared/kept-inputs.ts). A new resource adds its kind to ../model/kinds.ts and its factory here.
 */
const FACTORIES: Record<ProviderKind, () => TargetedProvider> = {
  integration: () =>
    keepingInputs(new IntegrationProvider(), (o) => integrationInputs(o as IntegrationOutputs)),
  "subscriber-credentials": () =>
    keepingInputs(new SubscriberCredentialsProvider(), (o) =>
      credentialsInputs(o as SubscriberCredentialsOutputs),
    ),
  "subscriber-credentials-set": () =>
    keepingInputs(new SubscriberCredentialsSetProvider(), (o) =>
      inputsOfSet(o as SubscriberCredentialsSetWire),
    ),
  layout: () => keepingInputs(new LayoutProvider(), (o) => layoutInputs(o as LayoutOutputs)),
  workflow: () => keepingInputs(new WorkflowProvider(), (o) => workflowInputs(o as WorkflowOutputs)),
  topic: () => keepingInputs(new TopicProvider(), (o) => topicInputsOf(o as TopicOutputs)),
  // Its read describes every input (topicKey, the subscriberIds it manages): nothing to keep.
  "topic-subscriptions": () => new TopicSubscriptionsProvider(),
  "organization-settings": () =>
    keepingInputs(new OrganizationSettingsProvider(), (o) =>
      settingsInputsOf(o as OrganizationSettingsOutputs),
    ),
  translation: () =>
    keepingInputs(new TranslationProvider(), (o) => translationInputsOf(o as TranslationOutputs)),
  // Its read describes every input (a secret value is kept from state, never into keptInputs): nothing to keep.
  "environment-variable": () => new EnvironmentVariableProvider(),
};

function isKind(kind: string): kind is ProviderKind {
  return (PROVIDER_KINDS as readonly string[]).includes(kind);
}

/**
 * Contract v1: a fresh, unconfigured implementation of the given kind, with where each resource lives handled
 * for it (provider/runtime/shared/with-target.ts): the `target` input of resources bound to an explicit `svc.Provider`, and the
 * environment each resource was written in.
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

/** A contract v2 shim as the host deserialized it: its kind; {@link installProvider} adds the methods. */
export type ShimV2 = { readonly kind: string } & Partial<RuntimeProvider>;

/**
 * Contract v2: makes `shim` the provider of its kind, configured with `req`; resolves when it is configured.
 * The methods are added before the first `await`: the host caches the shim before its `configure` resolves
 * and hands it to concurrent requests without waiting, so each method waits for the configuration itself
 * (and fails as it did, when it did).
 */
export function installProvider(shim: ShimV2, req: dynamic.ConfigureRequest): Promise<void> {
  const impl = createProvider(shim.kind);
  const ready = impl.configure(req);
  shim.check = async (olds, news) => {
    await ready;
    return impl.check(olds, news);
  };
  shim.diff = async (id, olds, news) => {
    await ready;
    const outcome = await impl.diff(id, olds, news);
    announceChangedPaths(outcome);
    return outcome;
  };
  shim.create = async (inputs) => {
    await ready;
    return impl.create(inputs);
  };
  shim.read = async (id, props) => {
    await ready;
    return impl.read(id, props);
  };
  shim.update = async (id, olds, news) => {
    await ready;
    return impl.update(id, olds, news);
  };
  shim.delete = async (id, props) => {
    await ready;
    return impl.delete(id, props);
  };
  return ready;
}

export { PROVIDER_KINDS, type ProviderKind } from "../model/kinds";
export {
  EnvironmentVariableProvider,
  type EnvironmentVariableProviderOptions,
} from "./environment-variable/provider";
export { IntegrationProvider, type IntegrationProviderOptions } from "./integration/provider";
export { LayoutProvider, type LayoutProviderOptions } from "./layout/provider";
export {
  OrganizationSettingsProvider,
  type OrganizationSettingsProviderOptions,
} from "./organization-settings/provider";
export {
  SubscriberCredentialsProvider,
  type SubscriberCredentialsProviderOptions,
} from "./subscriber-credentials/provider";
export {
  SubscriberCredentialsSetProvider,
  type SubscriberCredentialsSetProviderOptions,
} from "./subscriber-credentials-set/provider";
export { TopicProvider, type TopicProviderOptions } from "./topic/provider";
export {
  TopicSubscriptionsProvider,
  type TopicSubscriptionsProviderOptions,
} from "./topic-subscriptions/provider";
export { TranslationProvider, type TranslationProviderOptions } from "./translation/provider";
export { WorkflowProvider, type WorkflowProviderOptions } from "./workflow/provider";
