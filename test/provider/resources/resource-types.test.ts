/**
 * What users read on the resources (provider/resources/): TSDoc on every input, state field and output of
 * each resource type and of svc.Provider, and no behaviour flag among the outputs.
 */
import { describe, expect, it } from "vitest";
import { PublicSurface } from "../../../testkit/public-surface";

const surface = new PublicSurface("provider/index.ts");

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
      "environmentName",
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

  it("every kind remembers the environment it was written in: environmentId, environmentName, organizationId", () => {
    for (const name of [
      "Integration",
      "Layout",
      "SubscriberCredentials",
      "SubscriberCredentialsSet",
      "Workflow",
    ]) {
      const docs = surface.propertyDocs(name);
      for (const field of ["environmentId", "environmentName", "organizationId"]) {
        expect(docs[field], `${name}.${field}`).toBeTruthy();
      }
      expect(docs.environmentId, name).toMatch(/When the key changes/);
    }
  });

  it("SubscriberCredentials: every output, input and state field documented", () => {
    const inputs = ["credentials", "integrationIdentifier", "providerId", "subscriberId"];
    const outputs = [
      ...inputs,
      "credentialsManaged",
      "environmentId",
      "environmentName",
      "integrationId",
      "organizationId",
    ].sort();
    expect(documentedFields("SubscriberCredentials")).toEqual(outputs);
    expect(documentedFields("SubscriberCredentialsState")).toEqual(outputs);
    expect(documentedFields("SubscriberCredentialsArgs")).toEqual(inputs);
  });

  it("SubscriberCredentialsSet: every output, input and state field documented; the fingerprint key an input only", () => {
    const outputs = [
      "credentials",
      "credentialsManaged",
      "environmentId",
      "environmentName",
      "fingerprints",
      "integrationId",
      "integrationIdentifier",
      "organizationId",
      "providerId",
    ];
    expect(documentedFields("SubscriberCredentialsSet")).toEqual(outputs);
    expect(documentedFields("SubscriberCredentialsSetState")).toEqual(outputs);
    expect(documentedFields("SubscriberCredentialsSetArgs")).toEqual([
      "credentials",
      "fingerprintKey",
      "integrationIdentifier",
      "providerId",
    ]);
    expect(surface.propertyDocs("SubscriberCredentialsSet").integrationId).toMatch(/_integrationId/);
  });

  it("Workflow: every output, input and state field documented; adopt an input only", () => {
    const inputs = [
      "active",
      "description",
      "isTranslationEnabled",
      "name",
      "payloadSchema",
      "preferences",
      "secretHeaders",
      "severity",
      "steps",
      "tags",
      "validatePayload",
      "workflowId",
    ];
    const outputs = [
      ...inputs,
      "environmentId",
      "environmentName",
      "issues",
      "organizationId",
      "status",
    ].sort();
    expect(documentedFields("Workflow")).toEqual(outputs);
    expect(documentedFields("WorkflowState")).toEqual(outputs);
    expect(documentedFields("WorkflowArgs")).toEqual([...inputs, "adopt"].sort());
    expect(surface.propertyDocs("Workflow").steps).toMatch(/stepId/);
  });

  it("Layout: every output, input and state field documented; adopt an input only", () => {
    const inputs = ["content", "layoutId", "name"];
    const outputs = [
      ...inputs,
      "environmentId",
      "environmentName",
      "isDefault",
      "organizationId",
      "usage",
    ].sort();
    expect(documentedFields("Layout")).toEqual(outputs);
    expect(documentedFields("LayoutState")).toEqual(outputs);
    expect(documentedFields("LayoutArgs")).toEqual([...inputs, "adopt"].sort());
    expect(surface.propertyDocs("Layout").isDefault).toMatch(/never deletes/);
  });
});
