/**
 * What check says of a credential key CredentialsDto lacks: the failure names the keys the integration's
 * provider takes (its form's, from the provider table), or, for a provider whose form is unknown (not in the
 * table, or `keysUnread` there: the newest release's telegram, line, webex-messaging, ...), every key of
 * CredentialsDto, the only other rule the service applies.
 */
import { credentialsDtoSchema, providerSpec } from "../../../sdk/schemas";
import type { CheckFailure } from "../../model/pulumi-results";

/** The keys to name for a provider: its form's, or every key CredentialsDto declares. */
function keysToName(providerId: unknown): { keys: readonly string[]; whose: string } {
  const spec = typeof providerId === "string" ? providerSpec(providerId) : undefined;
  if (spec && !spec.keysUnread && spec.required.length + spec.optional.length > 0)
    return { keys: [...spec.required, ...spec.optional], whose: `provider "${String(providerId)}" takes` };
  return { keys: Object.keys(credentialsDtoSchema.shape), whose: "the credential keys are" };
}

/**
 * `failures` with the allowed keys added to each failure about a key of `credentials` that CredentialsDto
 * lacks (names only, never values).
 */
export function withCredentialKeyHints(
  failures: readonly CheckFailure[],
  raw: Record<string, unknown>,
): CheckFailure[] {
  const credentials = raw.credentials;
  if (credentials === null || typeof credentials !== "object" || Array.isArray(credentials))
    return [...failures];
  const declared = new Set(Object.keys(credentialsDtoSchema.shape));
  const unknownKeys = Object.keys(credentials).filter((k) => !declared.has(k));
  if (unknownKeys.length === 0) return [...failures];
  const { keys, whose } = keysToName(raw.providerId);
  return failures.map((f) =>
    unknownKeys.some((k) => f.reason.startsWith(`credentials.${k}: `))
      ? { ...f, reason: `${f.reason}; ${whose} ${keys.join(", ")}` }
      : f,
  );
}
