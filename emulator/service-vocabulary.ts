/**
 * The service's own names for its enumerated identifiers, as the emulator speaks them: written once here,
 * and the emulator's own (it shares no runtime code with the client, test/emulator/no-client-imports.test.ts).
 *
 * The spec writes them with `svc` standing for the service's name; Novu speaks `novu`, `novu-email`, ...:
 * the providers of packages/shared/src/consts/providers/ (`InAppProviderIdEnum.Novu`,
 * `EmailProviderIdEnum.Novu`, `SmsProviderIdEnum.Novu`, `ChatProviderIdEnum.Novu`) and the origins of
 * `ResourceOriginEnum` (packages/shared/src/types/).
 */
export const EMULATOR_VOCABULARY = {
  /** The in-app (Inbox) provider: one integration of it per environment. */
  inAppProviderId: "novu",
  /** Novu's demo email provider. */
  emailProviderId: "novu-email",
  /** Novu's demo SMS provider. */
  smsProviderId: "novu-sms",
  /** Novu's Slack app. */
  slackProviderId: "novu-slack",
  /** What the dashboard and the API make (workflows, layouts, steps). */
  cloudOrigin: "novu-cloud",
  /** Workflows of the first (v1) dashboard. */
  cloudV1Origin: "novu-cloud-v1",
  /** Workflows of the code-first framework. */
  externalOrigin: "external",
} as const;

/** `ResourceOriginEnum`: every origin a workflow may have, in the enum's order (its DTO's message lists them so). */
export const RESOURCE_ORIGINS: readonly string[] = [
  EMULATOR_VOCABULARY.cloudOrigin,
  EMULATOR_VOCABULARY.cloudV1Origin,
  EMULATOR_VOCABULARY.externalOrigin,
];
