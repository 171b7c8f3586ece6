/**
 * The pure part of the SubscriberCredentials provider: check, the diff rule and the mapping between the
 * subscriber's channel entry (../model/channel-entry.ts) and the resource's outputs.
 */
import type { ChannelCredentials, ChannelSettings, Subscriber } from "../../sdk/schemas";
import type { OwnEntries } from "../model/channel-entry";
import {
  comparableCredentials,
  normalizeCredentials,
  pickCredentials,
  tokenFailures,
} from "../model/channel-entry";
import type { CheckOutcome, DiffOutcome } from "../model/pulumi-results";
import {
  type SubscriberCredentialsInputs,
  type SubscriberCredentialsOutputs,
  subscriberCredentialsInputsSchema,
} from "../model/subscriber-credentials-schema";
import { canonical, containsUnknown, isUnknown } from "../model/values";
import { schemaFailures } from "./check-failures";
import { engineInputs } from "./engine-values";

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
  const credsChanged =
    containsUnknown(news.credentials) ||
    comparableCredentials(news.credentials) !== comparableCredentials(olds.credentials);
  const sameEntry =
    !replaces.includes("subscriberId") && !replaces.includes("providerId") && replaces.length > 0;
  return {
    changes: replaces.length > 0 || credsChanged,
    replaces,
    deleteBeforeReplace: sameEntry,
  };
}

/**
 * Outputs as read back: the current entry's credentials (none when only stale entries are left), and the
 * binding of a stale entry when there is one, so that the next diff sees the drift.
 */
export function observedOutputs(
  props: SubscriberCredentialsOutputs,
  subscriber: Subscriber,
  entries: OwnEntries,
): SubscriberCredentialsOutputs {
  const declared: SubscriberCredentialsInputs = {
    subscriberId: props.subscriberId,
    providerId: props.providerId,
    credentials: entries.current ? (props.credentials ?? {}) : {},
  };
  if (props.integrationIdentifier !== undefined) declared.integrationIdentifier = props.integrationIdentifier;
  const outs = toOutputs(declared, subscriber, entries.current);
  const stale = entries.stale[0]?._integrationId;
  if (stale) outs.integrationId = stale;
  return outs;
}

/** Outputs from a subscriber's channel entry (or from what was written, when the answer lacks the entry). */
export function toOutputs(
  inputs: SubscriberCredentialsInputs,
  subscriber: Subscriber | undefined,
  entry: ChannelSettings | undefined,
): SubscriberCredentialsOutputs {
  const out: SubscriberCredentialsOutputs = {
    subscriberId: inputs.subscriberId,
    providerId: inputs.providerId,
    credentials: entry
      ? pickCredentials(entry.credentials)
      : (canonical(inputs.credentials) as ChannelCredentials),
  };
  const identifier = inputs.integrationIdentifier ?? entry?.integrationIdentifier;
  if (identifier !== undefined) out.integrationIdentifier = identifier;
  if (entry?._integrationId) out.integrationId = entry._integrationId;
  if (subscriber?._environmentId) out.environmentId = subscriber._environmentId;
  return out;
}

/**
 * The inputs that describe `outputs` (returned by read so that refresh keeps later diffs right). The
 * identifier is kept even when the program left it out: a later check without it is not a change.
 */
export function inputsOf(outputs: SubscriberCredentialsOutputs): SubscriberCredentialsInputs {
  const { subscriberId, providerId, integrationIdentifier, credentials } = outputs;
  return integrationIdentifier === undefined
    ? { subscriberId, providerId, credentials }
    : { subscriberId, providerId, integrationIdentifier, credentials };
}
