import { describe, expect, it } from "vitest";
import * as sdk from "../../sdk";
import { PublicSurface } from "../../testkit/public-surface";

describe("public surface of pulumi-svc/sdk", () => {
  it("exports the client, the error family and the defaults, nothing internal", () => {
    expect(Object.keys(sdk).sort()).toEqual(
      [
        "AbortError",
        "ApiError",
        "AuthenticationError",
        "BadRequestError",
        "ConflictError",
        "ConnectionError",
        "DEFAULTS",
        "InternalServerError",
        "NotFoundError",
        "PermissionDeniedError",
        "RateLimitError",
        "RatePacer",
        "ResponseValidationError",
        "SvcClient",
        "SvcError",
        "TimeoutError",
        "UnprocessableEntityError",
        "ValidationError",
      ].sort(),
    );
  });

  it("exports exactly these types: the API groups, the options, and the argument and result types of the calls", () => {
    const types = new PublicSurface("sdk/index.ts").exportNames().filter((n) => !(n in sdk));
    expect(types).toEqual(
      [
        "ChannelCredentials",
        "ChannelSettings",
        "ChannelType",
        "CreateEnvironmentVariableBody",
        "CreateIntegrationBody",
        "CreateLayoutBody",
        "CredentialsDto",
        "Environment",
        "EnvironmentVariable",
        "EnvironmentVariableUsage",
        "EnvironmentVariables",
        "Environments",
        "ErrorBody",
        "GetWorkflowQuery",
        "Integration",
        "Integrations",
        "Layout",
        "LayoutList",
        "LayoutUsage",
        "Layouts",
        "ListEnvironmentVariablesQuery",
        "ListLayoutsQuery",
        "ListMessagesQuery",
        "ListNotificationsQuery",
        "Message",
        "MessagePage",
        "Messages",
        "Notification",
        "NotificationPage",
        "Notifications",
        "Organization",
        "OrganizationSettings",
        "OrganizationSettingsApi",
        "PacerStats",
        "RatePacerOptions",
        "RequestEvent",
        "RequestOptions",
        "SearchSubscribersQuery",
        "StepFilter",
        "Subscriber",
        "SubscriberPage",
        "SubscriberPreferences",
        "Subscribers",
        "SvcClientOptions",
        "SvcErrorCode",
        "Topic",
        "TopicPage",
        "TopicSubscription",
        "TopicSubscriptionDetail",
        "TopicSubscriptionPage",
        "TopicSubscriptions",
        "TopicSubscriptionsResult",
        "Topics",
        "Translation",
        "TranslationGroup",
        "Translations",
        "UpdateEnvironmentVariableBody",
        "UpdateIntegrationBody",
        "UpdateLayoutBody",
        "UpdateOrganizationSettingsBody",
        "UpsertCredentialsBody",
        "UpsertTranslationBody",
        "Workflow",
        "Workflows",
      ].sort(),
    );
  });

  it("defaults are the documented ones", () => {
    expect(sdk.DEFAULTS.timeoutMs).toBe(30_000);
    expect(sdk.DEFAULTS.maxRetries).toBe(5);
    expect(sdk.DEFAULTS.totalRetryBudgetMs).toBe(60_000);
  });

  it("resource groups carry the documented methods", () => {
    const c = new sdk.SvcClient({ apiKey: "k_surface_test", baseUrl: "http://127.0.0.1:9" });
    const methods = (o: object) =>
      Object.getOwnPropertyNames(Object.getPrototypeOf(o))
        .filter((n) => n !== "constructor")
        .sort();
    expect(methods(c.subscribers)).toEqual(
      [
        "deleteCredentials",
        "getPreferences",
        "replaceCredentials",
        "search",
        "searchAll",
        "upsertCredentials",
      ].sort(),
    );
    expect(methods(c.integrations)).toEqual(["create", "delete", "list", "listActive", "update"].sort());
    expect(methods(c.messages)).toEqual(["list", "listAll"]);
    expect(methods(c.workflows)).toEqual(
      ["create", "delete", "get", "list", "listAll", "patch", "sync", "update"].sort(),
    );
    expect(methods(c.layouts)).toEqual(
      ["create", "delete", "get", "list", "listAll", "update", "usage"].sort(),
    );
    expect(methods(c.notifications)).toEqual(["get", "list", "listAll"]);
    expect(methods(c.environments)).toEqual(["list", "me"]);
    expect(methods(c.environmentVariables)).toEqual(
      ["create", "delete", "get", "list", "update", "usage"].sort(),
    );
    expect(methods(c.topics)).toEqual(["delete", "get", "list", "listAll", "update", "upsert"]);
    expect(methods(c.topics.subscriptions)).toEqual(["create", "delete", "get", "list", "listAll", "update"]);
    expect(methods(c.organization.settings)).toEqual(["get", "update"]);
    expect(methods(c.translations)).toEqual(["delete", "get", "group", "upsert"]);
  });
});
