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
  it("exports the resources, the explicit Provider and the data sources (both forms), nothing internal", () => {
    expect(Object.keys(svc).sort()).toEqual(
      [
        "Integration",
        "Provider",
        "SubscriberCredentials",
        "SubscriberCredentialsSet",
        ...DATA_SOURCES,
        ...DATA_SOURCES.map((f) => `${f}Output`),
      ].sort(),
    );
  });

  it("each resource has Pulumi's static lookup, get(name, id, state?, opts?)", () => {
    const lookups = [svc.Integration, svc.SubscriberCredentials, svc.SubscriberCredentialsSet].map((r) => [
      r.name,
      typeof r.get,
      r.get.length,
    ]);
    expect(lookups).toEqual([
      ["Integration", "function", 4],
      ["SubscriberCredentials", "function", 4],
      ["SubscriberCredentialsSet", "function", 4],
    ]);
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
        "ProviderArgs",
        "ProviderId",
        "SearchSubscribersArgs",
        "SubscriberCredentialsArgs",
        "SubscriberCredentialsSetArgs",
        "SubscriberCredentialsSetState",
        "SubscriberCredentialsState",
        "Target",
      ].sort(),
    );
  });
});

describe("svc.Provider", () => {
  it("documents each argument, and the target a bound resource shows", () => {
    expect(documentedFields("ProviderArgs")).toEqual(["apiKey", "baseUrl", "environment"]);
    expect(documentedFields("Target")).toEqual(["baseUrl", "environment"]);
  });
});

/** The documented fields of an exported type: fails naming any field without TSDoc. */
function documentedFields(name: string): string[] {
  const docs = surface.propertyDocs(name);
  expect(Object.keys(docs).filter((field) => docs[field] === "")).toEqual([]);
  return Object.keys(docs).sort();
}

describe("resource types", () => {
  it("Integration: every output documented; environmentId an output only; check/adopt inputs only", () => {
    const outputs = [
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
    ];
    expect(documentedFields("Integration")).toEqual(outputs);
    expect(documentedFields("IntegrationState")).toEqual(outputs);
    expect(documentedFields("IntegrationArgs")).toEqual(
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
    expect(surface.propertyDocs("Integration").environmentId).toMatch(/API key/);
  });

  it("SubscriberCredentials: every output, input and state field documented", () => {
    const inputs = ["credentials", "integrationIdentifier", "providerId", "subscriberId"];
    const outputs = [...inputs, "environmentId", "integrationId"].sort();
    expect(documentedFields("SubscriberCredentials")).toEqual(outputs);
    expect(documentedFields("SubscriberCredentialsState")).toEqual(outputs);
    expect(documentedFields("SubscriberCredentialsArgs")).toEqual(inputs);
  });

  it("SubscriberCredentialsSet: every output, input and state field documented; the fingerprint key an input only", () => {
    const outputs = ["credentials", "fingerprints", "integrationIdentifier", "providerId"];
    expect(documentedFields("SubscriberCredentialsSet")).toEqual(outputs);
    expect(documentedFields("SubscriberCredentialsSetState")).toEqual(outputs);
    expect(documentedFields("SubscriberCredentialsSetArgs")).toEqual([
      "credentials",
      "fingerprintKey",
      "integrationIdentifier",
      "providerId",
    ]);
  });
});
