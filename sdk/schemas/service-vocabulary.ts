/**
 * The service's own names for its enumerated identifiers, as they go on the wire: written once here.
 *
 * The interface (spec, "Naming note") writes them with `svc` standing for the service's own name (`svc`,
 * `svc-email`, `svc-sms`, `svc-slack`, `svc-cloud`, `svc-cloud-v1`); the service itself (Novu) speaks
 * `novu`, `novu-email`, ... (`packages/shared/src/consts/providers/`, `ResourceOriginEnum` of
 * `packages/shared/src/types/`): a workflow PUT with `origin: "svc-cloud"` is refused (422), and an
 * integration with `providerId: "svc"` is stored as a provider nobody knows.
 */

/** The service's vocabulary: its in-app, email, SMS and Slack providers and the origins of what it makes. */
export const SERVICE_VOCABULARY = {
  /** The in-app (Inbox) provider every environment has one integration of. */
  inAppProviderId: "novu",
  /** The service's demo email provider. */
  emailProviderId: "novu-email",
  /** The service's demo SMS provider. */
  smsProviderId: "novu-sms",
  /** The service's Slack app. */
  slackProviderId: "novu-slack",
  /** Workflows and layouts made by the dashboard or the API. */
  cloudOrigin: "novu-cloud",
  /** Workflows of the first (v1) dashboard. */
  cloudV1Origin: "novu-cloud-v1",
  /** Workflows of the code-first framework. */
  externalOrigin: "external",
} as const;

/** The spec's spellings (`svc...`) and the service's names they stand for. */
export const SPEC_SPELLINGS: Readonly<Record<string, string>> = {
  svc: SERVICE_VOCABULARY.inAppProviderId,
  "svc-email": SERVICE_VOCABULARY.emailProviderId,
  "svc-sms": SERVICE_VOCABULARY.smsProviderId,
  "svc-slack": SERVICE_VOCABULARY.slackProviderId,
  "svc-cloud": SERVICE_VOCABULARY.cloudOrigin,
  "svc-cloud-v1": SERVICE_VOCABULARY.cloudV1Origin,
};

/**
 * The service's own name for an identifier written in the spec's spelling (`svc` → `novu`); any other value
 * as it is. Programs written from the spec keep working, and what the last release stored compares equal.
 */
export function serviceName<T extends string>(value: T): T {
  return (Object.hasOwn(SPEC_SPELLINGS, value) ? SPEC_SPELLINGS[value] : value) as T;
}

/**
 * Whether two identifiers name the same thing once the spec's spellings are read as the service's names
 * (`svc` and `novu` do): what a stack made by an earlier release holds (`providerId: "svc"` in state and on
 * the service) is what a program now declares. Non-strings compare as they are.
 */
export function sameServiceName(a: unknown, b: unknown): boolean {
  if (typeof a !== "string" || typeof b !== "string") return a === b;
  return serviceName(a) === serviceName(b);
}
