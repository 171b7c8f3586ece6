/**
 * What the ids of SubscriberCredentials and SubscriberCredentialsSet name, for reads that have only the id:
 * a lookup (`SubscriberCredentials.get(name, id)`, the `id` resource option) sends the provider's read the
 * program's props, which may be empty. Props the program did give win over what the id says.
 */
import type { ProviderId } from "../../model/delivery-provider-id";
import { isChatPushProviderId } from "../../model/delivery-provider-id";

/** The channel entry a SubscriberCredentials id names: `subscriberId/providerId[/integrationIdentifier]`. */
export interface CredentialsKey {
  subscriberId: string;
  providerId: ProviderId;
  integrationIdentifier?: string;
}

/** The entries a SubscriberCredentialsSet id names: `providerId[/integrationIdentifier]`. */
export interface CredentialsSetKey {
  providerId: ProviderId;
  integrationIdentifier?: string;
}

/** Props as a read receives them: anything, or nothing. */
type GivenProps = { readonly [key: string]: unknown } | undefined;

function text(props: GivenProps, key: string): string | undefined {
  const v = props?.[key];
  return typeof v === "string" && v !== "" ? v : undefined;
}

/**
 * Parses `subscriberId/providerId[/integrationIdentifier]`. A subscriberId may itself contain `/`, so the
 * provider id is found from the right: the next-to-last segment when it is a chat or push provider id
 * (then the last is the identifier), else the last. Undefined when neither is a provider id.
 */
export function parseCredentialsId(id: string): CredentialsKey | undefined {
  const parts = id.split("/");
  const n = parts.length;
  const before = parts[n - 2];
  if (n >= 3 && isChatPushProviderId(before)) {
    return {
      subscriberId: parts.slice(0, n - 2).join("/"),
      providerId: before,
      integrationIdentifier: parts[n - 1]!,
    };
  }
  const last = parts[n - 1];
  if (n >= 2 && isChatPushProviderId(last))
    return { subscriberId: parts.slice(0, n - 1).join("/"), providerId: last };
  return undefined;
}

/** Parses `providerId[/integrationIdentifier]` (the identifier is everything after the first `/`). */
export function parseCredentialsSetId(id: string): CredentialsSetKey | undefined {
  const slash = id.indexOf("/");
  const providerId = slash < 0 ? id : id.slice(0, slash);
  if (!isChatPushProviderId(providerId)) return undefined;
  return slash < 0 ? { providerId } : { providerId, integrationIdentifier: id.slice(slash + 1) };
}

/**
 * The entry a SubscriberCredentials read is about: the fields of `props` when they are there (a refresh
 * has its state), otherwise what the id names (a lookup). Throws when neither says it.
 */
export function credentialsKeyOf(id: string, props: GivenProps): CredentialsKey {
  const subscriberId = text(props, "subscriberId");
  const providerId = text(props, "providerId");
  const parsed = subscriberId && providerId ? undefined : parseCredentialsId(id);
  const key = subscriberId && providerId ? { subscriberId, providerId } : parsed;
  if (!key) {
    throw new Error(
      `svc: read: "${id}" is not a SubscriberCredentials id (subscriberId/providerId[/integrationIdentifier], providerId a chat or push provider)`,
    );
  }
  const identifier = text(props, "integrationIdentifier") ?? parsed?.integrationIdentifier;
  return identifier === undefined ? { ...key } : { ...key, integrationIdentifier: identifier };
}

/** As {@link credentialsKeyOf}, for a SubscriberCredentialsSet (`providerId[/integrationIdentifier]`). */
export function credentialsSetKeyOf(id: string, props: GivenProps): CredentialsSetKey {
  const providerId = text(props, "providerId");
  const parsed = providerId ? undefined : parseCredentialsSetId(id);
  const key = providerId ? { providerId } : parsed;
  if (!key) {
    throw new Error(
      `svc: read: "${id}" is not a SubscriberCredentialsSet id (providerId[/integrationIdentifier], providerId a chat or push provider)`,
    );
  }
  const identifier = text(props, "integrationIdentifier") ?? parsed?.integrationIdentifier;
  return identifier === undefined ? { ...key } : { ...key, integrationIdentifier: identifier };
}
