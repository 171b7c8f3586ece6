/**
 * The pure part of the Integration provider: check (validation and normalization, so that diffs are exact),
 * the diff rule, and the mapping between provider inputs/outputs and service bodies. The shapes are in
 * ./integration-schema.ts.
 */
import {
  type CreateIntegrationBody,
  credentialsDtoSchema,
  type Integration,
  isCredentialSet,
  missingCredentialKeys,
  providerChannel,
  type StepFilter,
  sameServiceName,
  type UpdateIntegrationBody,
} from "../../../sdk/schemas";
import { serviceProviderId } from "../../model/delivery-provider-id";
import {
  type IntegrationInputs,
  type IntegrationOutputs,
  integrationInputsSchema,
} from "../../model/integration-schema";
import type { CheckFailure, CheckOutcome, DiffOutcome } from "../../model/pulumi-results";
import { canonical, containsUnknown, isUnknown } from "../../model/values";
import { schemaFailures } from "../shared/check-failures";
import { engineInputs, withDefaults } from "../shared/engine-values";
import { withCredentialKeyHints } from "./credential-key-hints";

type Props = Record<string, unknown>;

/** Input properties that force a replacement when they change. */
const REPLACE_KEYS = ["providerId", "channel"] as const;
/** Input properties updated in place. */
const UPDATE_KEYS = ["name", "identifier", "active", "conditions", "credentials"] as const;

/** The result of check for an Integration. */
export type IntegrationCheck = CheckOutcome<IntegrationInputs>;

/**
 * Validates and normalizes new inputs. Unknown values (preview) are accepted as they are; every other
 * problem becomes a failure naming the property and, for enums, the allowed values.
 */
export function checkIntegration(news: Props, olds: Props = {}): IntegrationCheck {
  const { environmentId, ...raw } = engineInputs(news);
  if (raw.providerId !== undefined) raw.providerId = serviceProviderId(raw.providerId);
  const failures = [
    ...environmentFailures(environmentId),
    ...withCredentialKeyHints(schemaFailures(integrationInputsSchema, raw), raw),
  ];
  failures.push(...channelFailures(raw, failures), ...credentialFailures(raw, olds));
  return { inputs: normalizeInputs(raw), failures };
}

/**
 * Whether these inputs make a new integration rather than update the one in `olds` (the old inputs): there
 * is none yet, or `providerId` or `channel` changes (a replacement). Unknown values count as a change.
 */
export function createsIntegration(raw: Props, olds: Props): boolean {
  if (olds.providerId === undefined) return true;
  return REPLACE_KEYS.some((k) => isUnknown(raw[k]) || !sameServiceName(raw[k], olds[k]));
}

/** `environmentId` was an input of earlier versions: say what replaced it. */
function environmentFailures(environmentId: unknown): CheckFailure[] {
  if (environmentId === undefined) return [];
  return [
    {
      property: "environmentId",
      reason:
        "environmentId: is an output only: integrations are created in the API key's environment. " +
        "To manage another environment, use a stack whose svc:apiKey is that environment's key.",
    },
  ];
}

/** A known provider declared on another channel than the one it delivers on. */
function channelFailures(raw: Props, found: readonly CheckFailure[]): CheckFailure[] {
  const { providerId, channel } = raw;
  if (typeof providerId !== "string" || typeof channel !== "string") return [];
  if (isUnknown(providerId) || isUnknown(channel) || found.some((f) => f.property === "channel")) return [];
  const expected = providerChannel(providerId);
  if (expected === undefined || expected === channel) return [];
  return [
    {
      property: "channel",
      reason: `channel: provider "${providerId}" delivers on ${expected}, not ${channel}`,
    },
  ];
}

/**
 * Credential keys a provider of the table needs when active (names only, never values). Credentials left out
 * are held by the service, not managed here: their keys are demanded only of a new integration (one that
 * `adopt` takes over keeps what the service holds). Of an integration that exists, only the keys its last
 * inputs set are demanded (dropping one is refused): a key the table came to require later never fails a
 * stack that converged before.
 */
function credentialFailures(raw: Props, olds: Props): CheckFailure[] {
  const { providerId, credentials } = raw;
  if (raw.active !== true || typeof providerId !== "string" || isUnknown(providerId)) return [];
  if (isUnknown(credentials)) return [];
  const creates = createsIntegration(raw, olds);
  if (credentials === undefined && (raw.adopt === true || !creates)) return [];
  const given = credentials !== null && typeof credentials === "object" ? (credentials as Props) : {};
  const held =
    olds.credentials !== null && typeof olds.credentials === "object" ? (olds.credentials as Props) : {};
  const missing = missingCredentialKeys(providerId, given).filter(
    (key) => creates || isCredentialSet(held[key]),
  );
  if (missing.length === 0) return [];
  return [
    {
      property: "credentials",
      reason: `credentials: provider "${providerId}" needs ${missing.join(", ")} when active (missing: ${missing.join(", ")})`,
    },
  ];
}

/**
 * Applies the schema's defaults and canonical ordering, leaving unknown values untouched. The result has
 * the shape of {@link IntegrationInputs} once check reports no failure; the engine never creates or updates
 * with inputs that failed.
 */
function normalizeInputs(raw: Props): IntegrationInputs {
  return canonical(withDefaults(integrationInputsSchema.shape, raw)) as IntegrationInputs;
}

type DiffKey = (typeof REPLACE_KEYS)[number] | (typeof UPDATE_KEYS)[number];

function changed(key: DiffKey, olds: Partial<IntegrationOutputs>, news: IntegrationInputs): boolean {
  const n = news[key];
  if (containsUnknown(n)) return true;
  // A name left out means "whatever the service chose": not a change.
  if (n === undefined && key === "name") return false;
  const o = olds[key];
  if (key === "conditions") return canonicalJson(n ?? []) !== canonicalJson(o ?? []);
  // Credentials left out are held by the service, not managed here: never a change.
  if (key === "credentials") return n !== undefined && canonicalJson(n) !== canonicalJson(o ?? {});
  if (key === "active") return (n ?? false) !== (o ?? false);
  // What an earlier release stored in the spec's spelling (`svc`) is the service's name (`novu`).
  if (key === "providerId") return !sameServiceName(n, o);
  return canonicalJson(n) !== canonicalJson(o);
}

function canonicalJson(v: unknown): string {
  return JSON.stringify(canonical(v ?? null));
}

/**
 * Diff of checked new inputs against old outputs (the engine sends outputs as `olds`). `adopt` and `check`
 * are behaviour flags, never a change. When a replacement keeps the identifier, the old integration must go
 * first (identifiers are unique), so deleteBeforeReplace is set.
 */
export function diffIntegration(olds: Partial<IntegrationOutputs>, news: IntegrationInputs): DiffOutcome {
  const replaces = REPLACE_KEYS.filter((k) => changed(k, olds, news));
  const updates = UPDATE_KEYS.filter((k) => changed(k, olds, news));
  const sameIdentifier = !changed("identifier", olds, news);
  return {
    changes: replaces.length > 0 || updates.length > 0,
    replaces: [...replaces],
    deleteBeforeReplace: replaces.length > 0 && sameIdentifier,
    // Named for the engine's detailed diff: without it the dynamic-provider host's answer marks no property
    // and an edit of one credential previews as a bare `~ <name>` (issue 50, item 11); with it,
    // `~ credentials: [secret]` (the engine shows a secret's value as `[secret]`, never which key changed).
    changed: [...replaces, ...updates].map((property) => ({
      property,
      kind: olds[property] === undefined ? "add" : news[property] === undefined ? "delete" : "update",
      replace: (REPLACE_KEYS as readonly string[]).includes(property),
    })),
  };
}

/**
 * The PUT body of an update from `olds` to `news`: credentials are replaced whole, so declared ones are
 * sent. Credentials left out are not sent (held by the service, not managed here), and neither is a
 * declared `{}` when none were recorded: the service may hold credentials this stack never saw (an imported
 * integration: never taken from the service) and a PUT of `{}` would erase them, while a body without
 * `credentials` keeps them (the service sets credentials only when the body has the field:
 * apps/api/src/app/integrations/usecases/update-integration/update-integration.usecase.ts).
 */
export function toUpdateBodyFrom(
  olds: Partial<IntegrationOutputs>,
  news: IntegrationInputs,
): UpdateIntegrationBody {
  const body = toUpdateBody(news);
  if (news.credentials === undefined || (isEmpty(olds.credentials) && isEmpty(news.credentials))) {
    delete body.credentials;
  }
  return body;
}

function isEmpty(credentials: Readonly<Record<string, unknown>> | undefined): boolean {
  return credentials === undefined || Object.keys(credentials).length === 0;
}

/**
 * The PUT body for checked inputs, and the part of the POST body it shares (see {@link toCreateBody}):
 * credentials are replaced whole, so declared ones are always sent (left out, they are not).
 */
export function toUpdateBody(inputs: IntegrationInputs): UpdateIntegrationBody {
  const body: UpdateIntegrationBody = {
    identifier: inputs.identifier,
    active: inputs.active,
    conditions: inputs.conditions,
  };
  if (inputs.credentials !== undefined) body.credentials = inputs.credentials;
  if (inputs.name !== undefined) body.name = inputs.name;
  if (inputs.check !== undefined) body.check = inputs.check;
  return body;
}

/**
 * The POST body for checked inputs: the update body plus what only a create sets (the service puts the
 * integration in the API key's environment).
 */
export function toCreateBody(inputs: IntegrationInputs): CreateIntegrationBody {
  return { providerId: inputs.providerId, channel: inputs.channel, ...toUpdateBody(inputs) };
}

/** Conditions as the service returns them, reduced to the fields we send (so they compare with inputs). */
function canonicalConditions(conditions: Integration["conditions"]): StepFilter[] {
  return (conditions ?? []).map(
    (c) =>
      canonical({
        isNegated: c.isNegated,
        type: c.type,
        value: c.value,
        children: c.children.map((p) => ({ field: p.field, value: p.value, operator: p.operator, on: p.on })),
      }) as StepFilter,
  );
}

/** Outputs from the service's integration plus what only the inputs know (the credentials written). */
export function toOutputs(
  remote: Integration,
  kept: { credentials?: IntegrationOutputs["credentials"] | undefined },
): IntegrationOutputs {
  return {
    environmentId: remote._environmentId,
    organizationId: remote._organizationId,
    name: remote.name,
    identifier: remote.identifier,
    providerId: remote.providerId,
    channel: remote.channel,
    credentials: canonicalCredentials(kept.credentials),
    active: remote.active,
    primary: remote.primary ?? false,
    deleted: remote.deleted ?? false,
    conditions: canonicalConditions(remote.conditions),
  };
}

function canonicalCredentials(
  c: IntegrationOutputs["credentials"] | undefined,
): IntegrationOutputs["credentials"] {
  return canonical(c ?? {}) as IntegrationOutputs["credentials"];
}

/**
 * The credentials a refresh records for an integration whose state holds `kept` (those last written): the
 * service's own when it answered credentials that differ from them, so that a credential changed outside
 * Pulumi shows as a change of the secret `credentials` in the next preview (and `up` writes the declared
 * ones back). The April 2026 service answers them in plaintext to an API key; the newest answers `{}`
 * (GHSA-rgr9-mpmj-mpw8), and a write's answer may have none: an empty or absent answer says nothing, never a
 * drift. Credentials this stack does not manage (none in state: an import, or left out) are never taken
 * from the service: state would hold a secret the program never declared. An answer that is not a valid
 * credentials object (a shape newer than this package) is taken as no answer, without echoing it.
 */
export function refreshedCredentials(
  remote: Integration,
  kept: IntegrationOutputs["credentials"] | undefined,
): IntegrationOutputs["credentials"] | undefined {
  if (isEmpty(kept) || isEmpty(remote.credentials)) return kept;
  const answered = credentialsDtoSchema.safeParse(remote.credentials);
  if (!answered.success) return kept;
  return canonicalJson(answered.data) === canonicalJson(kept) ? kept : answered.data;
}

/**
 * The inputs that describe `outputs` (returned by read so that refresh keeps later diffs right). Credentials
 * are left out when none were written (an import, or an integration whose credentials the service holds):
 * the inputs then say "held by the service, not managed here", which is what `pulumi import` generates.
 */
export function inputsOf(outputs: IntegrationOutputs): Omit<IntegrationOutputs, PlacementKey> & {
  credentials?: IntegrationOutputs["credentials"];
} {
  const { environmentId: _e, organizationId: _o, primary: _p, deleted: _d, credentials, ...inputs } = outputs;
  return isEmpty(credentials) ? inputs : { ...inputs, credentials };
}

/** Outputs that describe where the integration lives or what the service computed (never inputs). */
type PlacementKey = "environmentId" | "organizationId" | "primary" | "deleted" | "credentials";

/**
 * Whether an existing integration is what these inputs would create (used when a create answers 409 on the
 * identifier: a re-run after a lost answer must not fail or duplicate). Credentials cannot be compared.
 */
export function matchesInputs(remote: Integration, inputs: IntegrationInputs): boolean {
  if (!sameServiceName(remote.providerId, inputs.providerId) || remote.channel !== inputs.channel)
    return false;
  if (inputs.name !== undefined && remote.name !== inputs.name) return false;
  if (remote.active !== inputs.active) return false;
  return canonicalJson(canonicalConditions(remote.conditions)) === canonicalJson(inputs.conditions);
}
