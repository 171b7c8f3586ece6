/**
 * The pure part of the Integration provider: the input schema, normalization (so that diffs are exact),
 * check failures, the diff rule, and the mapping between provider inputs/outputs and service bodies.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import {
  type CreateIntegrationBody,
  type CredentialsDto,
  channelTypeSchema,
  credentialsDtoSchema,
  type Integration,
  missingCredentialKeys,
  providerChannel,
  type StepFilter,
  stepFilterSchema,
  type UpdateIntegrationBody,
} from "../../sdk/schemas";
import type { IdentifierOrigin } from "../default-identifier";
import { type CheckFailure, schemaFailures } from "./check-failures";
import { canonical, containsUnknown, isUnknown, stripNulls } from "./values";

/** The inputs of the Integration provider as validated by check (the wire names of `svc.Integration`). */
export const integrationInputsSchema = z.strictObject({
  providerId: z.string().min(1),
  channel: channelTypeSchema,
  name: z.string().min(1).optional(),
  identifier: z.string().min(1).max(255).optional(),
  credentials: credentialsDtoSchema.optional(),
  active: z.boolean().optional(),
  check: z.boolean().optional(),
  conditions: z.array(stepFilterSchema).optional(),
  environmentId: z.string().min(1).optional(),
  adopt: z.boolean().optional(),
  /** Set by `svc.Integration` when it chose the identifier (see provider/default-identifier.ts). */
  defaultIdentifierOf: z
    .strictObject({ project: z.string(), stack: z.string(), name: z.string() })
    .optional(),
});

/** Inputs after check: defaults applied, so that absent and default values compare equal. */
export interface IntegrationInputs {
  providerId: string;
  channel: string;
  name?: string;
  identifier: string;
  credentials: CredentialsDto;
  active: boolean;
  check?: boolean;
  conditions: StepFilter[];
  environmentId?: string;
  adopt: boolean;
  /** Where a default identifier came from (absent for an explicit one). */
  defaultIdentifierOf?: IdentifierOrigin;
}

/** Outputs of the Integration provider (the resource id is the service `_id`). */
export interface IntegrationOutputs {
  environmentId: string;
  organizationId: string;
  name: string;
  identifier: string;
  providerId: string;
  channel: string;
  /** Kept from the inputs: the service never returns credentials. */
  credentials: CredentialsDto;
  active: boolean;
  primary: boolean;
  deleted: boolean;
  conditions: StepFilter[];
  check?: boolean;
  adopt: boolean;
}

export type { CheckFailure } from "./check-failures";

type Props = Record<string, unknown>;

/** Input properties that force a replacement when they change. */
export const REPLACE_KEYS = ["providerId", "channel", "environmentId"] as const;
/** Input properties updated in place. */
export const UPDATE_KEYS = ["name", "identifier", "active", "conditions", "credentials"] as const;

/** A deterministic identifier for inputs that do not name one (stable across re-runs of the same program). */
export function defaultIdentifier(providerId: string, seed: string): string {
  const slug = providerId
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .slice(0, 40);
  return `${slug}-${createHash("sha256").update(seed).digest("hex").slice(0, 10)}`;
}

/**
 * Validates and normalizes new inputs. Unknown values (preview) are accepted as they are; every other
 * problem becomes a failure naming the property and, for enums, the allowed values.
 */
export function checkIntegration(olds: Props, news: Props): { inputs: Props; failures: CheckFailure[] } {
  const { __provider: _p, ...rest } = news;
  const raw = stripNulls(rest) as Props;
  const failures = schemaFailures(integrationInputsSchema, raw);
  const providerId = raw.providerId;
  const channel = raw.channel;
  if (
    typeof providerId === "string" &&
    !isUnknown(providerId) &&
    typeof channel === "string" &&
    !isUnknown(channel)
  ) {
    const expected = providerChannel(providerId);
    if (expected !== undefined && expected !== channel && failures.every((f) => f.property !== "channel")) {
      failures.push({
        property: "channel",
        reason: `channel: provider "${providerId}" delivers on ${expected}, not ${channel}`,
      });
    }
  }
  const active = raw.active === true;
  const creds = raw.credentials;
  if (active && typeof providerId === "string" && !isUnknown(providerId) && !isUnknown(creds)) {
    const missing = missingCredentialKeys(providerId, (creds ?? {}) as Record<string, unknown>);
    if (missing.length > 0) {
      failures.push({
        property: "credentials",
        reason: `credentials: provider "${providerId}" needs ${missing.join(", ")} when active (missing: ${missing.join(", ")})`,
      });
    }
  }
  return { inputs: normalizeInputs(olds, raw), failures };
}

/** Applies defaults and canonical ordering; leaves unknown values untouched. */
export function normalizeInputs(olds: Props, raw: Props): Props {
  const out: Props = { ...raw };
  out.active = raw.active ?? false;
  out.adopt = raw.adopt ?? false;
  out.conditions = raw.conditions ?? [];
  out.credentials = isUnknown(raw.credentials) ? raw.credentials : canonical(raw.credentials ?? {});
  if (Array.isArray(out.conditions)) out.conditions = out.conditions.map(canonical);
  if (out.identifier === undefined) {
    const oldId = olds.identifier;
    out.identifier =
      typeof oldId === "string" && oldId !== "" && !isUnknown(oldId)
        ? oldId
        : typeof raw.providerId === "string" && !containsUnknown([raw.providerId, raw.channel, raw.name])
          ? defaultIdentifier(
              raw.providerId,
              JSON.stringify([raw.providerId, raw.channel, raw.name ?? null, raw.environmentId ?? null]),
            )
          : undefined;
    if (out.identifier === undefined) delete out.identifier;
  }
  return canonical(out) as Props;
}

/** The result of diff, as `pulumi.dynamic.DiffResult`. */
export interface IntegrationDiff {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
}

function changed(key: string, olds: Props, news: Props): boolean {
  const n = news[key];
  if (containsUnknown(n)) return true;
  // An input left out means "whatever the service chose" (name, environment): not a change.
  if (n === undefined && (key === "name" || key === "environmentId")) return false;
  const o = olds[key];
  if (key === "conditions") return canonicalJson(n ?? []) !== canonicalJson(o ?? []);
  if (key === "credentials") return canonicalJson(n ?? {}) !== canonicalJson(o ?? {});
  if (key === "active") return (n ?? false) !== (o ?? false);
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
export function diffIntegration(olds: Props, news: Props): IntegrationDiff {
  const replaces = REPLACE_KEYS.filter((k) => changed(k, olds, news));
  const updates = UPDATE_KEYS.filter((k) => changed(k, olds, news));
  const sameIdentifier = !changed("identifier", olds, news);
  return {
    changes: replaces.length > 0 || updates.length > 0,
    replaces: [...replaces],
    deleteBeforeReplace: replaces.length > 0 && sameIdentifier,
  };
}

/** The POST body for checked inputs. */
export function toCreateBody(inputs: IntegrationInputs): CreateIntegrationBody {
  const body: CreateIntegrationBody = {
    providerId: inputs.providerId,
    channel: inputs.channel as CreateIntegrationBody["channel"],
    identifier: inputs.identifier,
    credentials: inputs.credentials,
    active: inputs.active,
    conditions: inputs.conditions,
  };
  if (inputs.name !== undefined) body.name = inputs.name;
  if (inputs.environmentId !== undefined) body._environmentId = inputs.environmentId;
  if (inputs.check !== undefined) body.check = inputs.check;
  return body;
}

/** The PUT body for checked inputs (credentials are replaced whole, so they are always sent). */
export function toUpdateBody(inputs: IntegrationInputs): UpdateIntegrationBody {
  const body: UpdateIntegrationBody = {
    identifier: inputs.identifier,
    credentials: inputs.credentials,
    active: inputs.active,
    conditions: inputs.conditions,
  };
  if (inputs.name !== undefined) body.name = inputs.name;
  if (inputs.check !== undefined) body.check = inputs.check;
  return body;
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

/** Outputs from the service's integration plus what only the inputs know (credentials, flags). */
export function toOutputs(
  remote: Integration,
  kept: { credentials?: unknown; check?: unknown; adopt?: unknown },
): IntegrationOutputs {
  const out: IntegrationOutputs = {
    environmentId: remote._environmentId,
    organizationId: remote._organizationId,
    name: remote.name,
    identifier: remote.identifier,
    providerId: remote.providerId,
    channel: remote.channel,
    credentials: canonical(kept.credentials ?? {}) as CredentialsDto,
    active: remote.active,
    primary: remote.primary ?? false,
    deleted: remote.deleted ?? false,
    conditions: canonicalConditions(remote.conditions),
    adopt: kept.adopt === true,
  };
  if (typeof kept.check === "boolean") out.check = kept.check;
  return out;
}

/** The inputs that describe `outputs` (returned by read so that refresh keeps later diffs right). */
export function inputsOf(outputs: IntegrationOutputs): IntegrationInputs {
  const inputs: IntegrationInputs = {
    providerId: outputs.providerId,
    channel: outputs.channel,
    name: outputs.name,
    identifier: outputs.identifier,
    credentials: outputs.credentials,
    active: outputs.active,
    conditions: outputs.conditions,
    environmentId: outputs.environmentId,
    adopt: outputs.adopt,
  };
  if (outputs.check !== undefined) inputs.check = outputs.check;
  return inputs;
}

/**
 * Whether an existing integration is what these inputs would create (used when a create answers 409 on the
 * identifier: a re-run after a lost answer must not fail or duplicate). Credentials cannot be compared.
 */
export function matchesInputs(remote: Integration, inputs: IntegrationInputs): boolean {
  if (remote.providerId !== inputs.providerId || remote.channel !== inputs.channel) return false;
  if (inputs.environmentId !== undefined && remote._environmentId !== inputs.environmentId) return false;
  if (inputs.name !== undefined && remote.name !== inputs.name) return false;
  if (remote.active !== inputs.active) return false;
  return canonicalJson(canonicalConditions(remote.conditions)) === canonicalJson(inputs.conditions);
}
