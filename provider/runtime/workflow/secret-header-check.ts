/**
 * check of a Workflow's secret headers (provider/model/secret-headers.ts), before any request: a header whose
 * name looks like a credential is refused among a step's plain `controls.headers` (it would be stored in
 * plaintext in the state and shown in previews); `secretHeaders` names only declared http_request steps; a
 * header is either plain or secret. No failure quotes a header's value.
 */
import type { CheckFailure } from "../../model/pulumi-results";
import { looksSecretHeader } from "../../model/secret-headers";
import { isUnknown } from "../../model/values";

type Props = Record<string, unknown>;

function asProps(v: unknown): Props {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Props) : {};
}

/** The names of a step's plain headers, with their index (unknown ones skipped). */
function plainHeaderNames(step: Props): { name: string; index: number }[] {
  const headers = asProps(step.controls).headers;
  if (!Array.isArray(headers)) return [];
  return headers.flatMap((h, index) => {
    const name = asProps(h).key;
    return typeof name === "string" && !isUnknown(name) ? [{ name, index }] : [];
  });
}

/** A plain header that looks secret, or that `secretHeaders` declares too, of the step at `at`. */
function plainHeaderFailures(step: Props, at: string, secrets: Props): CheckFailure[] {
  const name = typeof step.name === "string" ? step.name : "";
  const declared = Object.keys(asProps(secrets[name])).map((k) => k.toLowerCase());
  return plainHeaderNames(step).flatMap(({ name: header, index }) => {
    const field = `${at}: controls.headers[${index}]`;
    if (declared.includes(header.toLowerCase()))
      return [
        {
          property: "",
          reason: `${field}: "${header}" is declared in secretHeaders too; keep it there only`,
        },
      ];
    if (!looksSecretHeader(header)) return [];
    return [
      {
        property: "",
        reason:
          `${field}: "${header}" carries a credential and would be stored in plaintext in the state and ` +
          `previews; declare it in secretHeaders instead: secretHeaders: { ${JSON.stringify(name)}: ` +
          `{ ${JSON.stringify(header)}: <a secret value> } }`,
      },
    ];
  });
}

/** `secretHeaders` entries that name no declared http_request step. */
function unknownStepFailures(steps: readonly unknown[], secrets: Props): CheckFailure[] {
  const httpSteps = steps
    .map(asProps)
    .filter((s) => s.type === "http_request" && typeof s.name === "string")
    .map((s) => s.name as string);
  if (steps.some(isUnknown)) return [];
  return Object.keys(secrets)
    .filter((name) => !httpSteps.includes(name))
    .map((name) => ({
      property: "",
      reason:
        `secretHeaders[${JSON.stringify(name)}]: no http_request step has this name ` +
        `(http_request steps: ${httpSteps.length > 0 ? httpSteps.map((n) => JSON.stringify(n)).join(", ") : "none"})`,
    }));
}

/** The failures of the secret headers of a workflow's raw inputs; `label` names a step by index. */
export function secretHeaderFailures(
  steps: readonly unknown[],
  secretHeaders: unknown,
  label: (step: unknown, index: number) => string,
): CheckFailure[] {
  const secrets = isUnknown(secretHeaders) ? {} : asProps(secretHeaders);
  const plain = steps.flatMap((step, index) =>
    asProps(step).type === "http_request"
      ? plainHeaderFailures(asProps(step), label(step, index), secrets)
      : [],
  );
  return isUnknown(secretHeaders) ? plain : [...plain, ...unknownStepFailures(steps, secrets)];
}
