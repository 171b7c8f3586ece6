/**
 * What the dynamic resources compute in the program before their inputs reach the runtime, computed by the
 * plugin's Check instead, from the URN and the provider's config: the default Integration identifier,
 * Workflow workflowId and Layout layoutId (with
 * its origin, so the runtime can prove it is this resource's own) and a SubscriberCredentialsSet's
 * fingerprints. Same formulas, same results: a resource named alike in the same project and stack gets the
 * same identifier on both paths.
 */
import { defaultFor, type IdentifierOrigin } from "../default-identifier";
import type { ProviderKind } from "../model/kinds";
import { fingerprintKey, fingerprintsOf } from "../model/subscriber-credentials-set-fingerprint";
import { decodeCredentials } from "../model/subscriber-credentials-set-schema";
import { containsUnknown, isJsonObject, UNKNOWN } from "../model/values";
import type { UrnParts } from "./resource-types";
import type { Props } from "./wire-values";

/**
 * An Integration's (or a Workflow's) inputs with the default identifier (`identifier`, `workflowId`) and its
 * origin when none was declared.
 */
function withDefaultIdentifier(
  news: Props,
  urn: UrnParts,
  key: "identifier" | "workflowId" | "key" | "layoutId",
): Props {
  if (news[key] !== undefined && news[key] !== null) return news;
  const origin: IdentifierOrigin = { project: urn.project, stack: urn.stack, name: urn.name };
  return { ...news, [key]: defaultFor(origin, key), defaultIdentifierOf: origin };
}

/**
 * A set's inputs with the fingerprints of its credentials, keyed by `secret` (the provider's
 * `fingerprintKey`, else its API key) bound to project and stack; unknown while the credentials are; none
 * without a secret (previews then show only that the set changed), as on the dynamic path.
 */
function withFingerprints(news: Props, urn: UrnParts, secret: string | undefined): Props {
  const { fingerprints: _ignored, ...rest } = news;
  const credentials = decodeCredentials(news.credentials);
  if (secret === undefined) return rest;
  if (containsUnknown(credentials)) return { ...rest, fingerprints: UNKNOWN };
  if (!isJsonObject(credentials) || !Object.values(credentials).every(isJsonObject)) return rest;
  const key = fingerprintKey(secret, urn.project, urn.stack);
  return { ...rest, fingerprints: fingerprintsOf(key, credentials as Parameters<typeof fingerprintsOf>[1]) };
}

/** The declared inputs of a resource with what the program would have added on the dynamic path. */
export function withProgramDefaults(
  kind: ProviderKind,
  news: Props,
  urn: UrnParts,
  fingerprintSecret: string | undefined,
): Props {
  if (kind === "integration") return withDefaultIdentifier(news, urn, "identifier");
  if (kind === "workflow") return withDefaultIdentifier(news, urn, "workflowId");
  if (kind === "topic") return withDefaultIdentifier(news, urn, "key");
  if (kind === "topic-subscriptions") {
    return { ...news, ownerOf: { project: urn.project, stack: urn.stack, name: urn.name } };
  }
  if (kind === "layout") return withDefaultIdentifier(news, urn, "layoutId");
  if (kind === "subscriber-credentials-set") return withFingerprints(news, urn, fingerprintSecret);
  return news;
}
