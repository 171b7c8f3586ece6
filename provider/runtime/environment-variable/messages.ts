/**
 * The lines an EnvironmentVariable fails or warns with: each names the key, the environment, and what fixes
 * it (docs/environment-variables.md).
 */

/** Where the guide is. */
const GUIDE = "docs/environment-variables.md";

/** A value of this environment that the stack did not write, refused without `adopt`. */
export function notOursRefusal(key: string, environment: string): string {
  return (
    `environment variable "${key}" already has a value in environment ${environment} that this stack did not write ` +
    "(set in the dashboard, or by another program). Set `adopt: true` on the resource to take it over, or choose another key."
  );
}

/**
 * A secret adopted without a declared value where this environment holds none: there is nothing to keep and
 * nothing to write (a copy of an exported program needs the value from its config).
 */
export function noHeldValue(key: string, environment: string): string {
  return (
    `environment variable "${key}" has no value in environment ${environment} to adopt, and the program declares none ` +
    "(a secret value is never read back). Declare `value` (a program written by svc-export reads it from the secret " +
    "config key its README.md names: pulumi config set --secret <key> <value>), then run pulumi up again. Nothing was written for it."
  );
}

/**
 * An `isSecret` or `type` change of a record that exists: both belong to the whole record, an API key may not
 * change them (403), and it cannot see whether other environments hold values.
 */
export function metadataRefusal(
  key: string,
  fields: readonly string[],
  others: readonly string[],
  ownValue: boolean,
): string {
  const holders =
    others.length > 0
      ? `the other environments of the organization (${others.join(", ")})`
      : "other environments";
  const why = ownValue
    ? `an API key cannot see whether ${holders} hold values too, and replacing would delete this environment's value before the new record could be made`
    : `${holders} hold its values`;
  return (
    `environment variable "${key}": ${fields.join(" and ")} belong${fields.length === 1 ? "s" : ""} to the record shared by every environment, ` +
    `and cannot change here: ${why}. Nothing was written. To change ${fields.join(" and ")}: remove the variable from the program of ` +
    `every environment that declares it (pulumi up in each), then declare it again with the new setting (${GUIDE}).`
  );
}

/** The organization's limit reached: one line naming it. */
export function limitRefusal(key: string, serviceMessage: string): string {
  return (
    `environment variable "${key}" cannot be created: the organization's limit of environment variables is reached ` +
    `(${serviceMessage.replace(/\.$/, "")}; 10 by default, MAX_ENVIRONMENT_VARIABLES_LIMIT_NUMBER on a self-hosted service). ` +
    "Remove a variable the organization no longer needs, or raise the limit."
  );
}

/** A service without `GET /v1/environments/me`: the key's environment, which every write names, is unknown. */
export function noKeyEnvironment(key: string): string {
  return (
    `environment variable "${key}": the service does not say which environment the API key acts on ` +
    "(GET /v1/environments/me answered 404), and every value is written for one environment. Use a newer service."
  );
}

/** A destroy of a variable that workflows read. */
export function usedVariableWarning(
  key: string,
  environment: string,
  workflowIds: readonly string[],
): string {
  return (
    `environment variable "${key}" is read by workflow${workflowIds.length === 1 ? "" : "s"} ${workflowIds.join(", ")} ` +
    `(\`{{env.${key}}}\`): without a value in environment ${environment} they render it empty.`
  );
}

/**
 * A refresh of a secret value: the service answers it masked, so a change made outside Pulumi cannot be seen
 * (docs/known-limits.md). Said on every refresh, so the limit is never silent.
 */
export function maskedSecretNotice(key: string, environment: string, declared = true): string {
  const head =
    `svc: environment variable "${key}" is secret: the service answers its value in environment ${environment} masked, ` +
    "so a refresh cannot see a change made outside Pulumi";
  if (!declared) return `${head} (the program declares no value: the service's is kept, whatever it is).`;
  return (
    `${head} (the state keeps the declared value, and \`pulumi up\` writes ` +
    "it only when the program changes it). To put the declared value back, change it in the program, or " +
    `\`pulumi up --replace\` the resource (docs/known-limits.md).`
  );
}
