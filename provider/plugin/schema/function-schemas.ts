/**
 * The arguments and results of the plugin's functions as zod schemas, for the package schema. Results are the
 * sdk's response schemas; arguments are the sdk's query schemas where the data source takes one, else small
 * schemas of the data source's `...Args` interface, held to it by the type checks below.
 */
import { z } from "zod";
import {
  environmentSchema,
  environmentVariableSchema,
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
  GetEnvironmentVariableArgs,
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
const getEnvironmentVariableArgs = z.object({ key: z.string() });
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
  Same<z.infer<typeof getEnvironmentVariableArgs>, GetEnvironmentVariableArgs>,
] = [true, true, true, true, true, true, true, true];
void held;

/**
 * A data source's argument schema, typed as the data source's `...Args` interface: the TSDoc of that
 * interface (what TypeScript users of the data source read) describes the function's inputs.
 */
function argsOf<T>(schema: z.ZodType<T>): z.ZodType<T> {
  return schema;
}

/** One function: its description, argument and result schemas (whose fields' TSDoc describes their properties). */
export interface FunctionSchema {
  name: string;
  description: string;
  args: z.ZodType;
  /** A list result is wrapped as `{ items }` (../functions.ts). */
  result: z.ZodType;
}

/**
 * Every function of the plugin, as ../functions.ts `FUNCTIONS`. A tuple (`as const`), so each entry keeps its
 * schemas' types: the TSDoc of their fields is read through them (testkit/plugin/schema-docs.ts).
 */
export const FUNCTION_SCHEMAS = [
  {
    name: "getActiveIntegrations",
    description:
      "The active integrations of the organization (`GET /v1/integrations/active`), filtered by channel, provider and environment, as `items`; secret as a whole when the service answered credentials (some releases answer them in plaintext to an API key, the newest `{}`).",
    args: argsOf<GetActiveIntegrationsArgs>(getActiveIntegrationsArgs),
    result: z.object({
      /** The active integrations that match the filters. */
      items: integrationListSchema,
    }),
  },
  {
    name: "getEnvironment",
    description:
      "The environment the provider's API key acts on (`GET /v1/environments/me`): `id`, `name`, `organizationId`, `parentId`.",
    args: z.object({}),
    result: environmentSchema,
  },
  {
    name: "getEnvironments",
    description:
      "Every environment of the API key's organization (`GET /v1/environments`), as `items`: `id`, `name`, `identifier`, `parentId`; never an API key.",
    args: z.object({}),
    result: z.object({
      /** The organization's environments. */
      items: z.array(environmentSchema),
    }),
  },
  {
    name: "getEnvironmentVariable",
    description:
      "One environment variable of the organization (`GET /v1/environment-variables/{key}`): `id`, `key`, `type`, `isSecret`, and `values` holding the API key's environment's value only (a secret's reads as the mask).",
    args: argsOf<GetEnvironmentVariableArgs>(getEnvironmentVariableArgs),
    result: environmentVariableSchema,
  },
  {
    name: "getNotification",
    description: "One notification (an event's processing, with its jobs and execution details).",
    args: argsOf<GetNotificationArgs>(getNotificationArgs),
    result: notificationSchema,
  },
  {
    name: "getSubscriber",
    description:
      "The subscriber with exactly this `subscriberId` in the API key's environment; fails when there is none. Secret when it holds channel credentials.",
    args: argsOf<GetSubscriberArgs>(getSubscriberArgs),
    result: subscriberSchema,
  },
  {
    name: "getSubscriberPreferences",
    description: "A subscriber's preferences, per workflow and channel.",
    args: argsOf<GetSubscriberPreferencesArgs>(getSubscriberArgs),
    result: subscriberPreferencesSchema,
  },
  {
    name: "getTopic",
    description: "One topic of the API key's environment (`GET /v2/topics/{key}`).",
    args: argsOf<GetTopicArgs>(getTopicArgs),
    result: topicSchema,
  },
  {
    name: "getWorkflow",
    description: "One workflow (`GET /v2/workflows/{workflowId}`).",
    args: argsOf<GetWorkflowArgs>(getWorkflowArgs),
    result: workflowSchema,
  },
  {
    name: "listLayouts",
    description:
      "Every email layout of the API key's environment matching the filters (`GET /v2/layouts`, page after page), as `items`, each with its `layoutId`, `name`, `isDefault` and content.",
    args: listLayoutsQuerySchema.omit({ offset: true }),
    result: z.object({
      /** The layouts that match the filters. */
      items: z.array(layoutSchema),
    }),
  },
  {
    name: "listMessages",
    description: "One page of the messages of the API key's environment (`GET /v1/messages`, pages from 0).",
    args: listMessagesQuerySchema,
    result: messagePageSchema,
  },
  {
    name: "listNotifications",
    description: "One page of the notifications of the API key's environment (`GET /v1/notifications`).",
    args: listNotificationsQuerySchema,
    result: notificationPageSchema,
  },
  {
    name: "listTopics",
    description:
      "Every topic of the API key's environment matching the filters (`GET /v2/topics`, page after page), as `items`.",
    args: argsOf<ListTopicsArgs>(listTopicsArgs),
    result: z.object({
      /** The topics that match the filters. */
      items: z.array(topicSchema),
    }),
  },
  {
    name: "listWorkflows",
    description:
      "Every workflow of the API key's environment matching the filters (`GET /v2/workflows`, page after page), as `items`; items have no steps (read one with `getWorkflow`).",
    args: listWorkflowsQuerySchema.omit({ offset: true }),
    result: z.object({
      /** The workflows that match the filters, without their steps. */
      items: z.array(workflowListItemSchema),
    }),
  },
  {
    name: "searchSubscribers",
    description: "One page of the subscribers of the API key's environment matching the filters.",
    args: searchSubscribersQuerySchema,
    result: subscriberPageSchema,
  },
] as const satisfies readonly FunctionSchema[];
