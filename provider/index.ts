/**
 * pulumi-svc: Pulumi resources for the svc notification service.
 *
 * ```ts
 * import * as svc from "pulumi-svc";
 * new svc.Integration("email", { providerId: "sendgrid", channel: "email", credentials: {...} });
 * ```
 * Configure with `pulumi config set --secret svc:apiKey <key>` and `pulumi config set svc:baseUrl <url>`, or
 * pass an explicit `svc.Provider` (`{ provider: prod }`) per resource and data source.
 */
// First: one line on a Node.js older than package.json's `engines`, before any dependency loads.
import "./supported-node-guard";

export * from "./functions";
export type { ProviderId } from "./model/delivery-provider-id";
export type { Target } from "./model/target";
export {
  EnvironmentVariable,
  type EnvironmentVariableArgs,
  type EnvironmentVariableState,
} from "./resources/environment-variable";
export { Integration, type IntegrationArgs, type IntegrationState } from "./resources/integration";
export { Layout, type LayoutArgs, type LayoutState } from "./resources/layout";
export {
  OrganizationSettings,
  type OrganizationSettingsArgs,
  type OrganizationSettingsState,
} from "./resources/organization-settings";
export { Provider, type ProviderArgs } from "./resources/provider";
export {
  SubscriberCredentials,
  type SubscriberCredentialsArgs,
  type SubscriberCredentialsState,
} from "./resources/subscriber-credentials";
export {
  SubscriberCredentialsSet,
  type SubscriberCredentialsSetArgs,
  type SubscriberCredentialsSetState,
} from "./resources/subscriber-credentials-set";
export { Topic, type TopicArgs, type TopicState } from "./resources/topic";
export {
  TopicSubscriptions,
  type TopicSubscriptionsArgs,
  type TopicSubscriptionsState,
} from "./resources/topic-subscriptions";
export { Translation, type TranslationArgs, type TranslationState } from "./resources/translation";
export { Workflow, type WorkflowArgs, type WorkflowState } from "./resources/workflow";
