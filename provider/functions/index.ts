/**
 * Data sources: ordinary async functions that read the service from a Pulumi program (dynamic providers
 * cannot serve invokes). Each has a Promise form and an `...Output` form taking Inputs; the Output form marks
 * its result secret when it holds a credential. Settings: `svc:apiKey` / `svc:baseUrl` of the stack, or
 * `SVC_API_KEY` / `SVC_BASE_URL`.
 */

export type { InputArgs } from "../inputs";
export type { DataSourceOptions, DataSourceOutputOptions } from "./data-source-options";
export {
  type GetActiveIntegrationsArgs,
  getActiveIntegrations,
  getActiveIntegrationsOutput,
} from "./get-active-integrations";
export { type GetEnvironmentArgs, getEnvironment, getEnvironmentOutput } from "./get-environment";
export {
  type GetEnvironmentVariableArgs,
  getEnvironmentVariable,
  getEnvironmentVariableOutput,
} from "./get-environment-variable";
export { type GetEnvironmentsArgs, getEnvironments, getEnvironmentsOutput } from "./get-environments";
export { type GetNotificationArgs, getNotification, getNotificationOutput } from "./get-notification";
export { type GetSubscriberArgs, getSubscriber, getSubscriberOutput } from "./get-subscriber";
export {
  type GetSubscriberPreferencesArgs,
  getSubscriberPreferences,
  getSubscriberPreferencesOutput,
} from "./get-subscriber-preferences";
export { type GetTopicArgs, getTopic, getTopicOutput } from "./get-topic";
export { type GetWorkflowArgs, getWorkflow, getWorkflowOutput } from "./get-workflow";
export { type ListLayoutsArgs, listLayouts, listLayoutsOutput } from "./list-layouts";
export { type ListMessagesArgs, listMessages, listMessagesOutput } from "./list-messages";
export {
  type ListNotificationsArgs,
  listNotifications,
  listNotificationsOutput,
} from "./list-notifications";
export { type ListTopicsArgs, listTopics, listTopicsOutput } from "./list-topics";
export { type ListWorkflowsArgs, listWorkflows, listWorkflowsOutput } from "./list-workflows";
export { type SearchSubscribersArgs, searchSubscribers, searchSubscribersOutput } from "./search-subscribers";
