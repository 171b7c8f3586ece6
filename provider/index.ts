/**
 * pulumi-svc: Pulumi resources for the svc notification service.
 *
 * ```ts
 * import * as svc from "pulumi-svc";
 * new svc.Integration("email", { providerId: "sendgrid", channel: "email", credentials: {...} });
 * ```
 * Configure with `pulumi config set --secret svc:apiKey <key>` and `pulumi config set svc:baseUrl <url>`.
 */
export { ConfigError, resolveProgramSettings, type SvcSettings } from "./config";
export * from "./functions";
export { Integration, type IntegrationArgs } from "./resources/integration";
export {
  SubscriberCredentials,
  type SubscriberCredentialsArgs,
} from "./resources/subscriber-credentials";
export {
  SubscriberCredentialsSet,
  type SubscriberCredentialsSetArgs,
} from "./resources/subscriber-credentials-set";
export type { IntegrationInputs, IntegrationOutputs } from "./runtime/integration-model";
export type {
  SubscriberCredentialsInputs,
  SubscriberCredentialsOutputs,
} from "./runtime/subscriber-credentials-model";
