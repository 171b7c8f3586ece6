/**
 * The public surface of `pulumi-svc`: the exact export list (values and types). What users read on each
 * resource type is in ./resources/resource-types.test.ts.
 */
import { describe, expect, it } from "vitest";
import * as svc from "../../provider";
import { PublicSurface } from "../../testkit/public-surface";

const DATA_SOURCES = [
  "getActiveIntegrations",
  "getEnvironment",
  "getEnvironments",
  "getEnvironmentVariable",
  "getNotification",
  "getSubscriber",
  "getSubscriberPreferences",
  "getTopic",
  "getWorkflow",
  "listLayouts",
  "listMessages",
  "listNotifications",
  "listTopics",
  "listWorkflows",
  "searchSubscribers",
];

const surface = new PublicSurface("provider/index.ts");

describe("public surface of pulumi-svc", () => {
  it("exports the resources, the explicit Provider and the data sources (both forms), nothing internal", () => {
    expect(Object.keys(svc).sort()).toEqual(
      [
        "EnvironmentVariable",
        "Integration",
        "Layout",
        "OrganizationSettings",
        "Provider",
        "SubscriberCredentials",
        "SubscriberCredentialsSet",
        "Topic",
        "TopicSubscriptions",
        "Translation",
        "Workflow",
        ...DATA_SOURCES,
        ...DATA_SOURCES.map((f) => `${f}Output`),
      ].sort(),
    );
  });

  it("each resource has Pulumi's static lookup, get(name, id, state?, opts?)", () => {
    const resources = [
      svc.EnvironmentVariable,
      svc.Integration,
      svc.Layout,
      svc.SubscriberCredentials,
      svc.SubscriberCredentialsSet,
      svc.Topic,
      svc.TopicSubscriptions,
      svc.OrganizationSettings,
      svc.Translation,
      svc.Workflow,
    ];
    const lookups = resources.map((r) => [r.name, typeof r.get, r.get.length]);
    expect(lookups).toEqual([
      ["EnvironmentVariable", "function", 4],
      ["Integration", "function", 4],
      ["Layout", "function", 4],
      ["SubscriberCredentials", "function", 4],
      ["SubscriberCredentialsSet", "function", 4],
      ["Topic", "function", 4],
      ["TopicSubscriptions", "function", 4],
      ["OrganizationSettings", "function", 4],
      ["Translation", "function", 4],
      ["Workflow", "function", 4],
    ]);
  });

  it("exports exactly these types: Args and State per resource, data-source args and options", () => {
    const types = surface.exportNames().filter((n) => !(n in svc));
    expect(types).toEqual(
      [
        "DataSourceOptions",
        "DataSourceOutputOptions",
        "EnvironmentVariableArgs",
        "EnvironmentVariableState",
        "GetActiveIntegrationsArgs",
        "GetEnvironmentArgs",
        "GetEnvironmentVariableArgs",
        "GetEnvironmentsArgs",
        "GetNotificationArgs",
        "GetSubscriberArgs",
        "GetSubscriberPreferencesArgs",
        "GetTopicArgs",
        "GetWorkflowArgs",
        "InputArgs",
        "IntegrationArgs",
        "IntegrationState",
        "LayoutArgs",
        "LayoutState",
        "OrganizationSettingsArgs",
        "OrganizationSettingsState",
        "ListLayoutsArgs",
        "ListMessagesArgs",
        "ListNotificationsArgs",
        "ListTopicsArgs",
        "ListWorkflowsArgs",
        "ProviderArgs",
        "ProviderId",
        "SearchSubscribersArgs",
        "SubscriberCredentialsArgs",
        "SubscriberCredentialsSetArgs",
        "SubscriberCredentialsSetState",
        "SubscriberCredentialsState",
        "Target",
        "TopicArgs",
        "TopicState",
        "TopicSubscriptionsArgs",
        "TranslationArgs",
        "TranslationState",
        "TopicSubscriptionsState",
        "WorkflowArgs",
        "WorkflowState",
      ].sort(),
    );
  });
});
