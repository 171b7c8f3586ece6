/**
 * The arguments and results of the plugin's functions as zod schemas, for the package schema. Results are the
 * sdk's response schemas; arguments are the sdk's query schemas where the data source takes one, else small
 * schemas of the data source's `...Args` interface, held to it by the type checks below.
 */
import { z } from "zod";
import {
  environmentSchema,
  integrationListSchema,
  layoutSchema,
  listLayoutsQuerySchema,
  listMessagesQuerySchema,
  listNotificationsQuerySchema,
  listWorkflowsQuerySchema,
  messagePageSchema,
  notificationPageSchema,
  notificationSchema,
  searchSubscribersQuerySchema,
  subscriberPageSchema,
  subscriberPreferencesSchema,
  subscriberSchema,
  topicSchema,
  workflowListItemSchema,
  workflowSchema,
} from "../../../sdk/schemas";
import type {
  GetActiveIntegrationsArgs,
  GetNotificationArgs,
  GetSubscriberArgs,
  GetSubscriberPreferencesArgs,
  GetTopicArgs,
  GetWorkflowArgs,
  ListTopicsArgs,
} from "../../functions";

const getActiveIntegrationsArgs = z.object({
  channel: z.string().optional(),
  providerId: z.string().optional(),
  environmentId: z.string().optional(),
});
const getNotificationArgs = z.object({ notificationId: z.string() });
const getSubscriberArgs = z.object({ subscriberId: z.string() });
const getWorkflowArgs = z.object({ workflowId: z.string(), environmentId: z.string().optional() });
const getTopicArgs = z.object({ key: z.string() });
const listTopicsArgs = z.object({ key: z.string().optional(), name: z.string().optional() });

/** Compile-time: what the schema accepts is what the data source takes, both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const held: [
  Same<
    z.infer<typeof getActiveIntegrationsArgs>,
    Omit<GetActiveIntegrationsArgs, "channel"> & { channel?: string }
  >,
  Same<z.infer<typeof getNotificationArgs>, GetNotificationArgs>,
  Same<z.infer<typeof getSubscriberArgs>, GetSubscriberArgs>,
  Same<z.infer<typeof getSubscriberArgs>, GetSubscriberPreferencesArgs>,
  Same<z.infer<typeof getWorkflowArgs>, GetWorkflowArgs>,
  Same<z.infer<typeof getTopicArgs>, GetTopicArgs>,
  Same<z.infer<typeof listTopicsArgs>, ListTopicsArgs>,
] = [true, true, true, true, true, true, true];
void held;

/** One function: its TS type names (for docs), description, argument and result schemas. */
export interface FunctionSchema {
  name: string;
  description: string;
  args: z.ZodType;
  /** A list result is wrapped as `{ items }` (../functions.ts). */
  result: z.ZodType;
  /** The TypeScript names of the args and result types, whose TSDoc describes their properties. */
  argsType: string;
  resultType: string;
}

/** Every function of the plugin, as ../functions.ts `FUNCTIONS`. */
export const FUNCTION_SCHEMAS: readonly FunctionSchema[] = [
  {
    name: "getActiveIntegrations",
    description:
      "The active integrations of the organization (`GET /v1/integrations/active`), filtered by channel, provider and environment, as `items`.",
    args: getActiveIntegrationsArgs,
    result: z.object({ items: integrationListSchema }),
    argsType: "GetActiveIntegrationsArgs",
    resultType: "Integration",
  },
  {
    name: "getEnvironment",
    description:
      "The environment the provider's API key acts on (`GET /v1/environments/me`): `id`, `name`, `organizationId`, `parentId`.",
    args: z.object({}),
    result: environmentSchema,
    argsType: "GetEnvironmentArgs",
    resultType: "Environment",
  },
  {
    name: "getNotification",
    description: "One notification (an event's processing, with its jobs and execution details).",
    args: getNotificationArgs,
    result: notificationSchema,
    argsType: "GetNotificationArgs",
    resultType: "Notification",
  },
  {
    name: "getSubscriber",
    description:
      "The subscriber with exactly this `subscriberId` in the API key's environment; fails when there is none. Secret when it holds channel credentials.",
    args: getSubscriberArgs,
    result: subscriberSchema,
    argsType: "GetSubscriberArgs",
    resultType: "Subscriber",
  },
  {
    name: "getSubscriberPreferences",
    description: "A subscriber's preferences, per workflow and channel.",
    args: getSubscriberArgs,
    result: subscriberPreferencesSchema,
    argsType: "GetSubscriberPreferencesArgs",
    resultType: "SubscriberPreferences",
  },
  {
    name: "getTopic",
    description: "One topic of the API key's environment (`GET /v2/topics/{key}`).",
    args: getTopicArgs,
    result: topicSchema,
    argsType: "GetTopicArgs",
    resultType: "Topic",
  },
  {
    name: "getWorkflow",
    description: "One workflow (`GET /v2/workflows/{workflowId}`).",
    args: getWorkflowArgs,
    result: workflowSchema,
    argsType: "GetWorkflowArgs",
    resultType: "Workflow",
  },
  {
    name: "listLayouts",
    description:
      "Every email layout of the API key's environment matching the filters (`GET /v2/layouts`, page after page), as `items`, each with its `layoutId`, `name`, `isDefault` and content.",
    args: listLayoutsQuerySchema.omit({ offset: true }),
    result: z.object({ items: z.array(layoutSchema) }),
    argsType: "ListLayoutsQuery",
    resultType: "Layout",
  },
  {
    name: "listMessages",
    description: "One page of the messages of the API key's environment (`GET /v1/messages`, pages from 0).",
    args: listMessagesQuerySchema,
    result: messagePageSchema,
    argsType: "ListMessagesQuery",
    resultType: "MessagePage",
  },
  {
    name: "listNotifications",
    description: "One page of the notifications of the API key's environment (`GET /v1/notifications`).",
    args: listNotificationsQuerySchema,
    result: notificationPageSchema,
    argsType: "ListNotificationsQuery",
    resultType: "NotificationPage",
  },
  {
    name: "listTopics",
    description:
      "Every topic of the API key's environment matching the filters (`GET /v2/topics`, page after page), as `items`.",
    args: listTopicsArgs,
    result: z.object({ items: z.array(topicSchema) }),
    argsType: "ListTopicsArgs",
    resultType: "Topic",
  },
  {
    name: "listWorkflows",
    description:
      "Every workflow of the API key's environment matching the filters (`GET /v2/workflows`, page after page), as `items`; items have no steps (read one with `getWorkflow`).",
    args: listWorkflowsQuerySchema.omit({ offset: true }),
    result: z.object({ items: z.array(workflowListItemSchema) }),
    argsType: "ListWorkflowsQuery",
    resultType: "WorkflowListItem",
  },
  {
    name: "searchSubscribers",
    description: "One page of the subscribers of the API key's environment matching the filters.",
    args: searchSubscribersQuerySchema,
    result: subscriberPageSchema,
    argsType: "SearchSubscribersQuery",
    resultType: "SubscriberPage",
  },
];
