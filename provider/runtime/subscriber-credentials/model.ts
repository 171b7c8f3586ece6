/**
 * The pure part of the SubscriberCredentials provider: check, the diff rule and the mapping between the
 * subscriber's channel entry (provider/runtime/channel-entries/channel-entry-rules.ts) and the resource's outputs.
 */
import type { ChannelCredentials, ChannelSettings, Integration, Subscriber } from "../../../sdk/schemas";
import {
  comparableCredentials,
  normalizeCredentials,
  tokenFailures,
  unstoredFieldFailures,
} from "../../model/channel-entry";
import type { CheckOutcome, DiffOutcome } from "../../model/pulumi-results";
import {
  type SubscriberCredentialsInputs,
  type SubscriberCredentialsOutputs,
  subscriberCredentialsInputsSchema,
} from "../../model/subscriber-credentials-schema";
import { canonical, containsUnknown, isUnknown } from "../../model/values";
import { heldCredentials } from "../channel-entries/channel-entry-rules";
import { schemaFailures } from "../shared/check-failures";
import { engineInputs } from "../shared/engine-values";

type Props = Record<string, unknown>;

/** The resource id: `subscriberId/providerId[/integrationIdentifier]`. */
export function credentialsId(
  inputs: Pick<SubscriberCredentialsInputs, "subscriberId" | "providerId" | "integrationIdentifier">,
): string {
  const base = `${inputs.subscriberId}/${inputs.providerId}`;
  return inputs.integrationIdentifier === undefined ? base : `${base}/${inputs.integrationIdentifier}`;
}

/** The result of check for SubscriberCredentials. */
export type SubscriberCredentialsCheck = CheckOutcome<SubscriberCredentialsInputs>;

/**
 * Validates and normalizes new inputs before any request. Unknown values (preview) are accepted; every
 * problem names its property path (ids, URLs, token list size and shape) without echoing credential values.
 * The inputs have the shape of {@link SubscriberCredentialsInputs} once there is no failure; the engine
 * never creates or updates with inputs that failed.
 */
export function checkSubscriberCredentials(news: Props): SubscriberCredentialsCheck {
  const raw = engineInputs(news);
  if (raw.credentials !== undefined) raw.credentials = normalizeCredentials(raw.credentials);
  const failures = schemaFailures(subscriberCredentialsInputsSchema, raw);
  const creds = raw.credentials;
  if (creds !== null && typeof creds === "object" && !isUnknown(creds)) {
    failures.push(...tokenFailures(raw.providerId, (creds as Props).deviceTokens));
    failures.push(...unstoredFieldFailures(creds));
  }
  return { inputs: canonical(raw) as SubscriberCredentialsInputs, failures };
}

/**
 * Diff of checked new inputs against old outputs. subscriberId, providerId and integrationIdentifier
 * replace; credentials update in place (token order does not matter). An integrationIdentifier left out
 * means "the one the service chose", not a change. When the replacement may address the same channel entry
 * (same subscriber and provider), the old one is cleared first so that its delete cannot clear the new one.
 */
export function diffSubscriberCredentials(
  olds: Partial<SubscriberCredentialsOutputs>,
  news: SubscriberCredentialsInputs,
): DiffOutcome {
  const replaces: string[] = [];
  for (const key of ["subscriberId", "providerId", "integrationIdentifier"] as const) {
    const n = news[key];
    if (key === "integrationIdentifier" && n === undefined) continue;
    if (isUnknown(n) || n !== olds[key]) replaces.push(key);
  }
  const credsChanged = credentialsChanged(olds, news);
  const sameEntry =
    !replaces.includes("subscriberId") && !replaces.includes("providerId") && replaces.length > 0;
  return {
    changes: replaces.length > 0 || credsChanged,
    replaces,
    deleteBeforeReplace: sameEntry,
    // Named for the engine's detailed diff (as an Integration's): an edited device token previews as
    // `~ credentials: [secret]`, not as a bare update listing every input.
    changed: [
      ...replaces.map((property) => ({ property, kind: "update" as const, replace: true })),
      ...(credsChanged
        ? [
            {
              property: "credentials",
              kind: olds.credentials === undefined ? ("add" as const) : ("update" as const),
              replace: false,
            },
          ]
        : []),
    ],
  };
}

/**
 * Whether the declared credentials change the entry. Left out, they are held by the service, not managed
 * here: never a change. Declared on a resource that did not manage them (an import), they take the entry
 * over: always a change, even when the service holds the same ones.
 */
function credentialsChanged(
  olds: Partial<SubscriberCredentialsOutputs>,
  news: SubscriberCredentialsInputs,
): boolean {
  if (news.credentials === undefined) return false;
  if (olds.credentialsManaged === false || containsUnknown(news.credentials)) return true;
  return comparableCredentials(news.credentials) !== comparableCredentials(olds.credentials);
}

/** Inputs that declare the credentials (the resource manages the entry). */
export type ManagedInputs = SubscriberCredentialsInputs & { credentials: ChannelCredentials };

/** Whether the inputs manage the entry's credentials (declare them) rather than leave them to the service. */
export function managesCredentials(inputs: SubscriberCredentialsInputs): inputs is ManagedInputs {
  return inputs.credentials !== undefined;
}

/** Where a SubscriberCredentials entry lives: its subscriber and the integration it is bound to. */
export interface EntryLocation {
  subscriber: Subscriber | undefined;
  /** The integration the entry is bound to (its `_id` and identifier), when known. */
  integration: Pick<Integration, "_id" | "identifier"> | undefined;
  entry: ChannelSettings | undefined;
}

/**
 * Outputs from the entry as the service holds it (or from what was declared, when the answer lacks the
 * entry). The identifier shown is the declared one, else the one of the integration the entry is bound to.
 * Inputs without credentials leave the entry to the service: `credentialsManaged: false`.
 */
export function toOutputs(
  inputs: SubscriberCredentialsInputs,
  at: EntryLocation,
): SubscriberCredentialsOutputs {
  const out: SubscriberCredentialsOutputs = {
    subscriberId: inputs.subscriberId,
    providerId: inputs.providerId,
    credentials: at.entry
      ? (canonical(heldCredentials(at.entry)) as ChannelCredentials)
      : (canonical(inputs.credentials ?? {}) as ChannelCredentials),
  };
  if (!managesCredentials(inputs)) out.credentialsManaged = false;
  const identifier = inputs.integrationIdentifier ?? at.integration?.identifier;
  if (identifier !== undefined) out.integrationIdentifier = identifier;
  const integrationId = at.entry?._integrationId ?? at.integration?._id;
  if (integrationId !== undefined) out.integrationId = integrationId;
  if (at.subscriber?._environmentId) out.environmentId = at.subscriber._environmentId;
  return out;
}

/**
 * The inputs that describe `outputs` (returned by read so that refresh keeps later diffs right). The
 * identifier is kept even when the program left it out: a later check without it is not a change. The
 * credentials of an entry the resource does not manage are left out, as `pulumi import` generates them.
 */
export function inputsOf(outputs: SubscriberCredentialsOutputs): SubscriberCredentialsInputs {
  const { subscriberId, providerId, integrationIdentifier, credentials } = outputs;
  const inputs: SubscriberCredentialsInputs = { subscriberId, providerId };
  if (integrationIdentifier !== undefined) inputs.integrationIdentifier = integrationIdentifier;
  if (outputs.credentialsManaged !== false) inputs.credentials = credentials;
  return inputs;
}
