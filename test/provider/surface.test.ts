/**
 * The public surface of `pulumi-svc`: the exact export list (values and types), and what users read on the
 * resource types: TSDoc on every input, state field and output, and no behaviour flag among the outputs.
 */
import { describe, expect, it } from "vitest";
import * as svc from "../../provider";
import { PublicSurface } from "../../testkit/public-surface";

const DATA_SOURCES = [
  "getActiveIntegrations",
  "getNotification",
  "getSubscriber",
  "getSubscriberPreferences",
  "getWorkflow",
  "listMessages",
  "listNotifications",
  "searchSubscribers",
];

const surface = new PublicSurface("provider/index.ts");

describe("public surface of pulumi-svc", () => {
  it("exports the resources and the data sources (both forms), nothing internal", () => {
    expect(Object.keys(svc).sort()).toEqual(
      [
        "Integration",
        "SubscriberCredentials",
        ...DATA_SOURCES,
        ...DATA_SOURCES.map((f) => `${f}Output`),
      ].sort(),
    );
  });

  it("exports exactly these types: Args and State per resource, data-source args and options", () => {
    const types = surface.exportNames().filter((n) => !(n in svc));
    expect(types).toEqual(
      [
        "DataSourceOptions",
        "DataSourceOutputOptions",
        "GetActiveIntegrationsArgs",
        "GetNotificationArgs",
        "GetSubscriberArgs",
        "GetSubscriberPreferencesArgs",
        "GetWorkflowArgs",
        "InputArgs",
        "IntegrationArgs",
        "IntegrationState",
        "ListMessagesArgs",
        "ListNotificationsArgs",
        "ProviderId",
        "SearchSubscribersArgs",
        "SubscriberCredentialsArgs",
        "SubscriberCredentialsState",
      ].sort(),
    );
  });
});

describe("resource types", () => {
  const undocumented = (docs: Record<string, string>) =>
    Object.entries(docs)
      .filter(([, doc]) => doc === "")
      .map(([name]) => name);

  it("Integration: every output documented; environmentId an output only; check/adopt inputs only", () => {
    const outputs = surface.propertyDocs("Integration");
    const own = Object.keys(outputs);
    expect(own.sort()).toEqual(
      [
        "active",
        "channel",
        "conditions",
        "credentials",
        "deleted",
        "environmentId",
        "identifier",
        "name",
        "organizationId",
        "primary",
        "providerId",
      ].sort(),
    );
    expect(undocumented(outputs)).toEqual([]);
    expect(outputs.environmentId).toMatch(/API key/);
    const args = surface.propertyDocs("IntegrationArgs");
    expect(Object.keys(args).sort()).toEqual(
      [
        "active",
        "adopt",
        "channel",
        "check",
        "conditions",
        "credentials",
        "identifier",
        "name",
        "providerId",
      ].sort(),
    );
    expect(undocumented(args)).toEqual([]);
    const state = surface.propertyDocs("IntegrationState");
    expect(Object.keys(state).sort()).toEqual(own.sort());
    expect(undocumented(state)).toEqual([]);
  });

  it("SubscriberCredentials: every output, input and state field documented", () => {
    const outputs = surface.propertyDocs("SubscriberCredentials");
    const own = Object.keys(outputs);
    expect(own.sort()).toEqual(
      [
        "credentials",
        "environmentId",
        "integrationId",
        "integrationIdentifier",
        "providerId",
        "subscriberId",
      ].sort(),
    );
    expect(undocumented(outputs)).toEqual([]);
    const args = surface.propertyDocs("SubscriberCredentialsArgs");
    expect(Object.keys(args).sort()).toEqual([
      "credentials",
      "integrationIdentifier",
      "providerId",
      "subscriberId",
    ]);
    expect(undocumented(args)).toEqual([]);
    expect(undocumented(surface.propertyDocs("SubscriberCredentialsState"))).toEqual([]);
  });
});
