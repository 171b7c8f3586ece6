/**
 * The zod schemas of the svc interface, one file per resource. Two directions, one source:
 * - what we send (request bodies, queries) is strict: unknown keys rejected, enums closed, URLs checked;
 *   query schemas also take query-string text (`"10"`, `"true"`, one value for an array);
 * - what we read (responses) is tolerant: unknown keys pass through, enums are open (`OpenEnum`).
 *
 * Schemas are `xxxSchema`; types are inferred (`z.infer`), except query types, which are the caller-side
 * input (`XxxQuery`, every field optional), with `ParsedXxxQuery` where a parsed form is used. Turn a
 * `ZodError` into messages with `formatIssues` / `describeIssues`, or into field reports with `reportIssues`.
 *
 * Only what the rest of the package uses is exported here; the parts of a schema (step variants, control
 * values, enums of nested fields) stay in their own file.
 */

export {
  CHANNEL_TYPES,
  CHAT_PUSH_PROVIDER_IDS,
  type ChannelType,
  type ChatPushProviderId,
  channelTypeSchema,
  chatPushProviderIdSchema,
  idempotencyKeySchema,
  JOB_PROVIDER_IDS,
  JOB_TYPES,
  jsonObjectSchema,
  LIST_JOB_PROVIDER_IDS,
  LIST_JOB_TYPES,
  type OpenEnum,
  ORIGINS,
  openChannelTypeSchema,
  openEnum,
  PUSH_PROVIDER_IDS,
  queryArray,
  queryBooleanSchema,
  queryNumber,
  SEVERITIES,
  strictEnum,
  TIME_UNITS,
  timeUnitSchema,
  without,
} from "./common";
export { type Environment, environmentListSchema, environmentSchema } from "./environment";
export {
  type CreateEnvironmentVariableBody,
  createEnvironmentVariableBodySchema,
  ENVIRONMENT_VARIABLE_KEY_PATTERN,
  ENVIRONMENT_VARIABLE_KEY_RULE,
  ENVIRONMENT_VARIABLE_TYPES,
  type EnvironmentVariable,
  type EnvironmentVariableUsage,
  environmentVariableKeySchema,
  environmentVariableListSchema,
  environmentVariableSchema,
  environmentVariableTypeSchema,
  environmentVariableUsageSchema,
  environmentVariableValueTextSchema,
  type ListEnvironmentVariablesQuery,
  listEnvironmentVariablesQuerySchema,
  MAX_ENVIRONMENT_VARIABLE_LENGTH,
  SECRET_MASK,
  type UpdateEnvironmentVariableBody,
  updateEnvironmentVariableBodySchema,
} from "./environment-variable";
export type { ErrorBody } from "./error";
export {
  CREDENTIAL_BOOLEAN_KEYS,
  CREDENTIAL_STRING_KEYS,
  type CreateIntegrationBody,
  type CredentialsDto,
  createIntegrationBodySchema,
  credentialsDtoSchema,
  type Integration,
  integrationListSchema,
  integrationSchema,
  type UpdateIntegrationBody,
  updateIntegrationBodySchema,
} from "./integration";
export {
  type CreateLayoutBody,
  createLayoutBodySchema,
  type Layout,
  type LayoutEmailControls,
  type LayoutList,
  type LayoutUsage,
  type ListLayoutsQuery,
  layoutEmailControlsSchema,
  layoutListSchema,
  layoutSchema,
  layoutUsageSchema,
  listLayoutsQuerySchema,
  type UpdateLayoutBody,
  updateLayoutBodySchema,
} from "./layout";
export {
  LAYOUT_CONTENT_VARIABLE,
  LAYOUT_EDITOR_TYPES,
  type LayoutEditorType,
  layoutContentIssue,
} from "./layout-content";
export {
  emailBlockSchema,
  type ListMessagesQuery,
  listMessagesQuerySchema,
  type Message,
  type MessagePage,
  messageCtaSchema,
  messagePageSchema,
  messageSchema,
} from "./message";
export {
  digestMetadataSchema,
  executionDetailSchema,
  jobSchema,
  jobStepSchema,
  type ListNotificationsQuery,
  listNotificationsQuerySchema,
  type Notification,
  type NotificationPage,
  notificationPageSchema,
  notificationSchema,
} from "./notification";
export {
  LOCALE_RULE,
  localeSchema,
  normalizeLocale,
  type OrganizationSettings,
  organizationSettingsSchema,
  type UpdateOrganizationSettingsBody,
  updateOrganizationSettingsBodySchema,
} from "./organization-settings";
export {
  preferenceChannelsSchema,
  type SubscriberPreferences,
  subscriberPreferencesSchema,
} from "./preferences";
export {
  demandedCredentialKeys,
  isCredentialSet,
  missingCredentialKeys,
  PROVIDER_CREDENTIALS,
  type ProviderCredentialSpec,
  providerChannel,
  providerSpec,
  requiredCredentialKeys,
} from "./provider-credentials";
export { SERVICE_VOCABULARY, SPEC_SPELLINGS, sameServiceName, serviceName } from "./service-vocabulary";
export { type ControlIssue, type ControlIssues, stepControlIssues } from "./step-control-issues";
export { type StepFilter, stepFilterSchema } from "./step-filter";
export {
  type ChannelCredentials,
  type ChannelSettings,
  channelCredentialsSchema,
  MAX_DEVICE_TOKENS,
  type ParsedSearchSubscribersQuery,
  type SearchSubscribersQuery,
  type Subscriber,
  type SubscriberPage,
  searchSubscribersQuerySchema,
  subscriberPageSchema,
  subscriberSchema,
  type UpsertCredentialsBody,
  upsertCredentialsBodySchema,
} from "./subscriber";
export {
  type CreateTopicSubscriptionsBody,
  createTopicSubscriptionsBodySchema,
  type DeleteTopicSubscriptionsBody,
  defaultSubscriptionIdentifier,
  deleteTopicResultSchema,
  deleteTopicSubscriptionsBodySchema,
  isTopicKey,
  jsonLogicSchema,
  type ListTopicSubscriptionsQuery,
  type ListTopicsQuery,
  listTopicSubscriptionsQuerySchema,
  listTopicsQuerySchema,
  MAX_SUBSCRIPTIONS_PER_REQUEST,
  MAX_TOPIC_KEY_LENGTH,
  type SubscriptionError,
  type SubscriptionPreference,
  type SubscriptionPreferenceInput,
  subscriptionPreferenceInputSchema,
  subscriptionPreferenceSchema,
  TOPIC_KEY_RULE,
  type Topic,
  type TopicPage,
  type TopicSubscription,
  type TopicSubscriptionDetail,
  type TopicSubscriptionPage,
  type TopicSubscriptionsResult,
  topicKeySchema,
  topicNameSchema,
  topicPageSchema,
  topicSchema,
  topicSubscriptionDetailSchema,
  topicSubscriptionPageSchema,
  topicSubscriptionSchema,
  topicSubscriptionsResultSchema,
  type UpdateTopicBody,
  type UpdateTopicSubscriptionBody,
  type UpsertTopicBody,
  type UpsertTopicQuery,
  updateTopicBodySchema,
  updateTopicSubscriptionBodySchema,
  upsertTopicBodySchema,
  upsertTopicQuerySchema,
} from "./topic";
export {
  TRANSLATION_RESOURCE_TYPES,
  type Translation,
  type TranslationGroup,
  type TranslationResourceType,
  translationContentSchema,
  translationGroupSchema,
  translationResourceTypeSchema,
  translationSchema,
  type UpsertTranslationBody,
  upsertTranslationBodySchema,
} from "./translation";
export { describeIssues, formatIssues, formatPath, type IssueReport, reportIssues } from "./validation";
export {
  type GetWorkflowQuery,
  getWorkflowQuerySchema,
  knownWorkflowStepSchema,
  STEP_VARIANTS,
  stepIssuesSchema,
  strictControlValuesSchemas,
  UI_COMPONENTS,
  uiSchemaSchema,
  type Workflow,
  type WorkflowStep,
  workflowSchema,
  workflowStepSchema,
} from "./workflow";
export { stepMetadataSchema, workflowResponseSchema } from "./workflow-v1";
export {
  type CreateWorkflowBody,
  completeControlValuesSchemas,
  createWorkflowBodySchema,
  type ListWorkflowsQuery,
  listWorkflowsQuerySchema,
  type PatchWorkflowBody,
  patchWorkflowBodySchema,
  preferencesInputSchema,
  type StepUpsert,
  type SyncWorkflowBody,
  stepUpsertSchema,
  syncWorkflowBodySchema,
  type UpdateWorkflowBody,
  updateWorkflowBodySchema,
  type WorkflowList,
  type WorkflowListItem,
  workflowListItemSchema,
  workflowListSchema,
  workflowPreferencesInputSchema,
} from "./workflow-write";
