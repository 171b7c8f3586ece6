import type { ChannelType } from "./common";
import type { CredentialKey } from "./integration";
import { PROVIDER_TABLE } from "./provider-table";
import { serviceName } from "./service-vocabulary";

/** What a provider of the service needs in its integration credentials (a row of ./provider-table.ts). */
export interface ProviderCredentialSpec {
  /** The channel the provider delivers on; an integration of this provider must use it. */
  readonly channel: ChannelType;
  /** The provider's name in the service's dashboard. */
  readonly name: string;
  /** Credential keys the dashboard's form requires. */
  readonly required: readonly CredentialKey[];
  /** Credential keys the provider also understands. */
  readonly optional: readonly CredentialKey[];
  /**
   * Keys the form names that the service's CredentialsDto lacks and its integration schema does not store
   * (braze's `apiURL`, `appID`): a program cannot declare them.
   */
  readonly undeclarable?: readonly string[];
  /**
   * The sources read name the provider but not its form's keys (`required` and `optional` are then empty for
   * want of a source): the newest release's `telegram` form list, and the chat ids only `@novu/api` lists.
   */
  readonly keysUnread?: true;
  /** Only the newest release of the service lists the provider (the April 2026 release lacks it). */
  readonly since?: "newest";
  /** Only the April 2026 release lists the provider (the newest drops it). */
  readonly until?: "2026-04";
}

/**
 * Every provider of the service with its channel and credential keys, keyed by the id the service speaks
 * (`novu` for the in-app provider): the one table that `check`, the integrations guide and svc-export's
 * README read. The keys are the service's CredentialsDto names, which are generic: e.g. SES and SNS put the
 * AWS access key id in `apiKey`, APNs puts the key id in `apiKey`, the team id in `projectName`.
 */
export const PROVIDER_CREDENTIALS: Readonly<Record<string, ProviderCredentialSpec>> = PROVIDER_TABLE;

const NONE: readonly CredentialKey[] = Object.freeze([]);

/** The table's row of a provider (the spec's spellings read as the service's names: `svc` is `novu`), or undefined. */
export function providerSpec(providerId: string): ProviderCredentialSpec | undefined {
  const id = serviceName(providerId);
  return Object.hasOwn(PROVIDER_CREDENTIALS, id) ? PROVIDER_CREDENTIALS[id] : undefined;
}

/** The credential keys the dashboard requires of a provider (empty for unknown providers: any key of the DTO goes). */
export function requiredCredentialKeys(providerId: string): readonly CredentialKey[] {
  return providerSpec(providerId)?.required ?? NONE;
}

/**
 * The required keys `check` demands of an active integration. Not those of a chat provider: its delivery
 * target lives on each subscriber (`channels[].credentials.webhookUrl`), and the keys its form requires
 * serve the dashboard's connect flow (slack's OAuth app); nor `senderName`, which the email providers fall
 * back from (`packages/providers/src/lib/email/sendgrid/sendgrid.provider.ts`: `options.senderName ||
 * this.config.senderName`) and the service stores unchecked.
 */
export function demandedCredentialKeys(providerId: string): readonly CredentialKey[] {
  const spec = providerSpec(providerId);
  if (spec === undefined || spec.channel === "chat") return NONE;
  return spec.required.filter((key) => key !== "senderName");
}

/** The channel of a provider of the table, or undefined. */
export function providerChannel(providerId: string): ChannelType | undefined {
  return providerSpec(providerId)?.channel;
}

/**
 * Demanded credential keys ({@link demandedCredentialKeys}) that are absent, null or empty strings in
 * `credentials`. Never looks at or returns the values themselves.
 */
export function missingCredentialKeys(
  providerId: string,
  credentials: Readonly<Record<string, unknown>> | null | undefined,
): CredentialKey[] {
  return demandedCredentialKeys(providerId).filter((key) => !isCredentialSet(credentials?.[key]));
}

/** Whether a credential value is given: not absent, null or a blank string. */
export function isCredentialSet(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");
}
