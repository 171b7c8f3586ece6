/**
 * What an answer about integrations carries of their credentials, to an API-key caller (the emulator's only
 * kind), by operation and by the release played (`store.serviceVersion`):
 *
 * - `"2026-04"` (943f64bd): `GET /v1/integrations` and `/active`, `POST` and `PUT` answer them decrypted, in
 *   plaintext: apps/api/src/app/integrations/integrations.controller.ts `canUserAccessCredentials` is true
 *   unless RBAC is on (a feature flag and the plan tier), and then `GetDecryptedIntegrations.
 *   getDecryptedCredentials` (libs/application-generic/src/usecases/get-decrypted-integrations/) answers them.
 * - `"newest"` (GHSA-rgr9-mpmj-mpw8, NV-7640; apps/api/src/app/integrations/e2e/
 *   api-key-credentials-exposure.e2e.ts): the lists answer `credentials: {}` for every integration, `POST` and
 *   `PUT` answer without a `credentials` property.
 * - `DELETE /v1/integrations/{id}` in both: the remaining integrations of the key's environment as the
 *   database holds them (apps/api/src/app/integrations/usecases/remove-integration/remove-integration.usecase.ts
 *   returns `integrationRepository.find(...)`, no decryption, in the April 2026 tree and in the newest file):
 *   the secure keys encrypted (`nvsk.` and a ciphertext: libs/application-generic/src/encryption/
 *   encrypt-provider.ts `encryptCredentials`, packages/shared/src/consts/providers/credentials/
 *   secure-credentials.ts), every other key (`from`, `user`, `webhookUrl`, `accountSid`, ...) in plaintext.
 */
import { createHash } from "node:crypto";
import type { ServiceVersion } from "./service-version";

/** The operations whose answers hold integrations. */
export type IntegrationAnswer = "list" | "write" | "delete";

/** The keys the service encrypts at rest (secure-credentials.ts). */
const SECURE_KEYS = new Set([
  "apiKey",
  "apiToken",
  "secretKey",
  "token",
  "password",
  "serviceAccount",
  "signingSecret",
]);

/** The prefix of an encrypted value (packages/shared/src/types/secrets.ts `NOVU_ENCRYPTION_SUB_MASK`). */
const ENCRYPTED_PREFIX = "nvsk.";

/**
 * A stand-in for the service's ciphertext: opaque, and as undecryptable by a caller as the real one (the
 * emulator holds no key of the service's; a digest keeps equal values equal, which the real AES does not
 * promise, and which no caller may rely on).
 */
function encrypted(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return `${ENCRYPTED_PREFIX}${createHash("sha256").update(value).digest("hex")}`;
}

/** The credentials as the database holds them: secure keys encrypted, the rest as stored. */
function atRest(credentials: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(credentials).map(([k, v]) => [k, SECURE_KEYS.has(k) ? encrypted(v) : v]),
  );
}

/**
 * The `credentials` an answer carries for an integration holding `stored`, or `undefined` when the answer
 * has no such property.
 */
export function answeredCredentials(
  stored: Readonly<Record<string, unknown>>,
  answer: IntegrationAnswer,
  version: ServiceVersion,
): Record<string, unknown> | undefined {
  if (answer === "delete") return atRest(stored);
  if (version === "2026-04") return { ...stored };
  return answer === "list" ? {} : undefined;
}
