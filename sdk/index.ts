/**
 * pulumi-svc/sdk: the typed client of the svc service.
 *
 * ```ts
 * import { SvcClient, ApiError } from "pulumi-svc/sdk";
 * ```
 */
// First: one line on a Node.js older than package.json's `engines`, before undici loads.
import "./supported-node-guard";

export type { EnvironmentVariables } from "./api/environment-variables";
export type { Environments } from "./api/environments";
export type { Integrations } from "./api/integrations";
export type { Layouts } from "./api/layouts";
export type { Messages } from "./api/messages";
export type { Notifications } from "./api/notifications";
export type { Organization, OrganizationSettingsApi } from "./api/organization";
export type { Subscribers } from "./api/subscribers";
export type { TopicSubscriptions, Topics } from "./api/topics";
export type { Translations } from "./api/translations";
export type { Workflows } from "./api/workflows";
export { SvcClient } from "./client";
export { DEFAULTS } from "./defaults";
export {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  SvcError,
  type SvcErrorCode,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
} from "./errors";
export type { RequestEvent, RequestOptions, SvcClientOptions } from "./options";
export { type PacerStats, RatePacer, type RatePacerOptions } from "./rate-pacer";
export type {
  ChannelCredentials,
  ChannelSettings,
  ChannelType,
  CreateEnvironmentVariableBody,
  CreateIntegrationBody,
  CreateLayoutBody,
  CredentialsDto,
  Environment,
  EnvironmentVariable,
  EnvironmentVariableUsage,
  ErrorBody,
  GetWorkflowQuery,
  Integration,
  Layout,
  LayoutList,
  LayoutUsage,
  ListEnvironmentVariablesQuery,
  ListLayoutsQuery,
  ListMessagesQuery,
  ListNotificationsQuery,
  Message,
  MessagePage,
  Notification,
  NotificationPage,
  OrganizationSettings,
  SearchSubscribersQuery,
  StepFilter,
  Subscriber,
  SubscriberPage,
  SubscriberPreferences,
  Topic,
  TopicPage,
  TopicSubscription,
  TopicSubscriptionDetail,
  TopicSubscriptionPage,
  TopicSubscriptionsResult,
  Translation,
  TranslationGroup,
  UpdateEnvironmentVariableBody,
  UpdateIntegrationBody,
  UpdateLayoutBody,
  UpdateOrganizationSettingsBody,
  UpsertCredentialsBody,
  UpsertTranslationBody,
  Workflow,
} from "./schemas";
