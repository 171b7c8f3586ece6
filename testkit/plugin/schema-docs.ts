/**
 * The property descriptions of the plugin's package schema, read from the TSDoc of the TypeScript types the
 * dynamic resources and data sources already document (with the TypeScript compiler, ../public-surface.ts):
 * one source of every description, for TypeScript users and the schema alike.
 */

import { FUNCTION_SCHEMAS } from "../../provider/plugin/schema/function-schemas";
import type { SchemaDocs } from "../../provider/plugin/schema/package-schema";
import { PublicSurface } from "../public-surface";

/** Docs of the named exported types of `entry`, merged (the first to describe a property wins). */
function merged(surface: PublicSurface, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    for (const [k, v] of Object.entries(surface.propertyDocs(name))) if (v && !out[k]) out[k] = v;
  }
  return out;
}

/** Every description of the schema, by token (see `SchemaDocs`). */
export function schemaDocs(): SchemaDocs {
  const integration = new PublicSurface("provider/model/integration-schema.ts");
  const credentials = new PublicSurface("provider/model/subscriber-credentials-schema.ts");
  const set = new PublicSurface("provider/model/subscriber-credentials-set-schema.ts");
  const workflow = new PublicSurface("provider/model/workflow-schema.ts");
  const layout = new PublicSurface("provider/model/layout-schema.ts");
  const topic = new PublicSurface("provider/model/topic-schema.ts");
  const topicSubscriptions = new PublicSurface("provider/model/topic-subscriptions-schema.ts");
  const sdk = new PublicSurface("sdk/schemas/index.ts");
  const functions = new PublicSurface("provider/functions/index.ts");
  const docs: Record<string, Record<string, string>> = {
    "svc:index:Integration": merged(integration, ["IntegrationInputs", "IntegrationOutputs"]),
    "svc:index:SubscriberCredentials": merged(credentials, [
      "SubscriberCredentialsInputs",
      "SubscriberCredentialsOutputs",
    ]),
    "svc:index:SubscriberCredentialsSet": merged(set, [
      "SubscriberCredentialsSetInputs",
      "SubscriberCredentialsSetOutputs",
    ]),
    "svc:index:Workflow": merged(workflow, ["WorkflowInputs", "WorkflowOutputs"]),
    "svc:index:Layout": merged(layout, ["LayoutInputs", "LayoutOutputs"]),
    "svc:index:LayoutContent": merged(layout, ["LayoutContent"]),
    "svc:index:WorkflowStep": merged(workflow, ["WorkflowStepOutput"]),
    "svc:index:Topic": merged(topic, ["TopicInputs", "TopicOutputs"]),
    "svc:index:TopicSubscriptions": merged(topicSubscriptions, [
      "TopicSubscriptionsInputs",
      "TopicSubscriptionsOutputs",
    ]),
    "svc:index:WorkflowStoredStep": merged(workflow, ["WorkflowStepOutput"]),
    "svc:index:IntegrationCredentials": merged(sdk, ["CredentialsDto"]),
    "svc:index:StepFilter": merged(sdk, ["StepFilter"]),
    "svc:index:ChannelCredentials": merged(sdk, ["ChannelCredentials"]),
    "svc:index:GetActiveIntegrationsResultItems": merged(sdk, ["Integration"]),
    "svc:index:getActiveIntegrations:result": { items: "The active integrations that match the filters." },
  };
  for (const f of FUNCTION_SCHEMAS) {
    const argsFrom = f.argsType.endsWith("Query") ? sdk : functions;
    docs[`svc:index:${f.name}:args`] = merged(argsFrom, [f.argsType]);
    docs[`svc:index:${f.name}:result`] ??= merged(sdk, [f.resultType]);
  }
  return docs;
}
