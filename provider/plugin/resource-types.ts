/**
 * The plugin's resource types and what the engine protocol needs to know of each beyond the runtime: the
 * runtime kind behind the token (../model/kinds.ts), the outputs an update never changes (`stables`), and the
 * pure diff rule of the kind, used to say which property a change is about (the provider's `diff` says
 * whether there is one).
 */

import type { ProviderKind } from "../model/kinds";
import type { DiffOutcome } from "../model/pulumi-results";
import { diffEnvironmentVariable } from "../runtime/environment-variable/model";
import { diffIntegration } from "../runtime/integration/model";
import { diffLayout } from "../runtime/layout/diff";
import { diffOrganizationSettings } from "../runtime/organization-settings/model";
import { diffSubscriberCredentials } from "../runtime/subscriber-credentials/model";
import { diffSubscriberCredentialsSet } from "../runtime/subscriber-credentials-set/diff";
import { diffTopic } from "../runtime/topic/model";
import { diffTopicSubscriptions, topicSubscriptionsChanges } from "../runtime/topic-subscriptions/model";
import { diffTranslation } from "../runtime/translation/model";
import { diffWorkflow, workflowChanges } from "../runtime/workflow/diff";
import {
  type ControlBlockNormalization,
  normalizeControlBlocks,
} from "../runtime/workflow/normalize-control-blocks";
import type { PropertyChange } from "./detailed-diff";
import type { Props } from "./wire-values";

/** The package name: the first part of every token (`svc:index:Integration`) and the config namespace. */
export const PACKAGE = "svc";

/** One resource type of the plugin. */
export interface ResourceType {
  /** `svc:index:<Name>`. */
  token: string;
  /** The runtime implementation (../runtime/index.ts `createProvider`). */
  kind: ProviderKind;
  /** Outputs an update leaves as they are (the engine keeps them known in a preview). */
  stables: readonly string[];
  /** The kind's pure diff rule (checked new inputs against old outputs). */
  diff(olds: Props, news: Props): DiffOutcome;
  /**
   * The changes as property paths, for a kind whose rule names them itself (a Workflow: `steps[1].controls.subject`);
   * without it, each top-level property is probed with `diff` (./detailed-diff.ts).
   */
  changes?(olds: Props, news: Props): PropertyChange[];
  /**
   * The declared inputs in the form the runtime checks, for a kind whose plugin schema declares more than
   * its dynamic resource (a Workflow's typed control blocks, moved into `controls`), with the refusals and
   * how to name check's failures after what was declared.
   */
  declared?(news: Props): ControlBlockNormalization;
}

const PLACEMENT = ["environmentId", "environmentName", "organizationId"] as const;

/** Every resource type, by token. */
export const RESOURCE_TYPES: ReadonlyMap<string, ResourceType> = new Map(
  (
    [
      {
        token: `${PACKAGE}:index:Integration`,
        kind: "integration",
        stables: ["providerId", "channel", ...PLACEMENT],
        diff: (olds, news) => diffIntegration(olds, news as Parameters<typeof diffIntegration>[1]),
      },
      {
        token: `${PACKAGE}:index:Layout`,
        kind: "layout",
        stables: ["layoutId", "isDefault", ...PLACEMENT],
        diff: (olds, news) => diffLayout(olds, news),
      },
      {
        token: `${PACKAGE}:index:SubscriberCredentials`,
        kind: "subscriber-credentials",
        stables: ["subscriberId", "providerId"],
        diff: (olds, news) =>
          diffSubscriberCredentials(olds, news as Parameters<typeof diffSubscriberCredentials>[1]),
      },
      {
        token: `${PACKAGE}:index:SubscriberCredentialsSet`,
        kind: "subscriber-credentials-set",
        stables: ["providerId"],
        diff: diffSubscriberCredentialsSet,
      },
      {
        token: `${PACKAGE}:index:Workflow`,
        kind: "workflow",
        stables: ["workflowId", ...PLACEMENT],
        diff: (olds, news) => diffWorkflow(olds, news as Parameters<typeof diffWorkflow>[1]),
        changes: workflowChanges,
        declared: normalizeControlBlocks,
      },
      {
        token: `${PACKAGE}:index:Topic`,
        kind: "topic",
        stables: ["key"],
        diff: diffTopic,
      },
      {
        token: `${PACKAGE}:index:TopicSubscriptions`,
        kind: "topic-subscriptions",
        stables: ["topicKey", "owner"],
        diff: diffTopicSubscriptions,
        changes: topicSubscriptionsChanges,
      },
      {
        token: `${PACKAGE}:index:OrganizationSettings`,
        kind: "organization-settings",
        stables: ["organizationId"],
        diff: diffOrganizationSettings,
      },
      {
        token: `${PACKAGE}:index:Translation`,
        kind: "translation",
        stables: ["resourceType", "resourceId", "locale", ...PLACEMENT],
        diff: diffTranslation,
      },
      {
        token: `${PACKAGE}:index:EnvironmentVariable`,
        kind: "environment-variable",
        stables: ["key", "variableId", "isSecret", "type", ...PLACEMENT],
        diff: diffEnvironmentVariable,
      },
    ] satisfies ResourceType[]
  ).map((t) => [t.token, t]),
);

/** The type of a token, or an error naming the known ones. */
export function resourceType(token: string): ResourceType {
  const found = RESOURCE_TYPES.get(token);
  if (!found) {
    throw new Error(
      `svc: unknown resource type "${token}" (known: ${[...RESOURCE_TYPES.keys()].join(", ")})`,
    );
  }
  return found;
}

/** The parts of a URN the default identifier is made of: `urn:pulumi:<stack>::<project>::<type>::<name>`. */
export interface UrnParts {
  stack: string;
  project: string;
  type: string;
  name: string;
}

/** Parses a URN; a name may itself contain `::`, so everything after the type is the name. */
export function parseUrn(urn: string): UrnParts {
  const parts = urn.split("::");
  const head = parts[0] ?? "";
  if (!head.startsWith("urn:pulumi:") || parts.length < 4) throw new Error(`svc: not a URN: "${urn}"`);
  const qualified = parts[2] ?? "";
  return {
    stack: head.slice("urn:pulumi:".length),
    project: parts[1] ?? "",
    type: qualified.split("$").pop() ?? qualified,
    name: parts.slice(3).join("::"),
  };
}
