/**
 * The pure rules of OrganizationSettings: check, diff, the PATCH that converges, what destroy puts back, and
 * outputs from the service's answer. Locales compare with `-` read as `_`, as the service reads them.
 */
import { normalizeLocale, type OrganizationSettings } from "../../../sdk/schemas";
import {
  type OrganizationSettingsInputs,
  type OrganizationSettingsOutputs,
  organizationSettingsArgsSchema,
  type SettingsPrior,
} from "../../model/organization-settings-schema";
import type { CheckOutcome, DiffOutcome } from "../../model/pulumi-results";
import { canonical, isUnknown } from "../../model/values";
import { schemaFailures } from "../shared/check-failures";
import { engineInputs } from "../shared/engine-values";

type Props = Record<string, unknown>;

/** The managed fields, in the order the outputs list them. */
export const SETTINGS_FIELDS = ["defaultLocale", "targetLocales", "removeNovuBranding"] as const;
/** One managed field. */
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

/** The result of check for OrganizationSettings. */
export type OrganizationSettingsCheck = CheckOutcome<OrganizationSettingsInputs>;

/** Validates new inputs before any request. */
export function checkOrganizationSettings(news: Props): OrganizationSettingsCheck {
  const raw = engineInputs(news);
  return {
    inputs: raw as OrganizationSettingsInputs,
    failures: schemaFailures(organizationSettingsArgsSchema, raw),
  };
}

/** A field's value in the form the service compares it: locales with `_`, a list as a list. */
function comparable(field: SettingsField, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (field === "defaultLocale" && typeof value === "string") return normalizeLocale(value);
  if (field === "targetLocales" && Array.isArray(value))
    return value.map((v) => (typeof v === "string" ? normalizeLocale(v) : v));
  return value;
}

/** Whether two values of a field are the same to the service. */
export function sameValue(field: SettingsField, a: unknown, b: unknown): boolean {
  return (
    JSON.stringify(canonical(comparable(field, a) ?? null)) ===
    JSON.stringify(canonical(comparable(field, b) ?? null))
  );
}

/** The fields the declaration manages (those it gives). */
export function declaredFields(inputs: Props): SettingsField[] {
  return SETTINGS_FIELDS.filter((f) => inputs[f] !== undefined && inputs[f] !== null);
}

/** The fields the state manages (those it holds a value of). */
export function managedFields(outs: Props): SettingsField[] {
  return SETTINGS_FIELDS.filter((f) => outs[f] !== undefined && outs[f] !== null);
}

/** Declared fields that differ from the state, and fields no longer declared: updates, never a replace. */
export function diffOrganizationSettings(olds: Props, news: Props): DiffOutcome {
  const changed = SETTINGS_FIELDS.some((f) => {
    const n = news[f];
    if (n === undefined || n === null) return olds[f] !== undefined && olds[f] !== null;
    return isUnknown(n) || !sameValue(f, olds[f], n);
  });
  return { changes: changed, replaces: [], deleteBeforeReplace: false };
}

/** A field's value in the service's answer (`targetLocales` absent reads as none). */
export function currentValue(current: OrganizationSettings, field: SettingsField): unknown {
  if (field === "targetLocales") return current.targetLocales ?? [];
  return current[field];
}

/** The PATCH body that writes `fields` of the declaration, only those the service does not already hold. */
export function settingsPatch(
  inputs: OrganizationSettingsInputs,
  current: OrganizationSettings,
  fields: readonly SettingsField[],
): Partial<OrganizationSettingsInputs> {
  const body: Props = {};
  for (const f of fields) if (!sameValue(f, currentValue(current, f), inputs[f])) body[f] = inputs[f];
  return body as Partial<OrganizationSettingsInputs>;
}

/** The prior values of `fields`, read from the service's answer. */
export function priorOf(current: OrganizationSettings, fields: readonly SettingsField[]): SettingsPrior {
  const prior: Props = {};
  for (const f of fields) prior[f] = currentValue(current, f);
  return prior as SettingsPrior;
}

/** The outputs: the organization, the managed fields as the service holds them, and the prior values. */
export function toSettingsOutputs(
  organizationId: string,
  current: OrganizationSettings,
  fields: readonly SettingsField[],
  prior: SettingsPrior,
): OrganizationSettingsOutputs {
  const outs: Props = { organizationId };
  for (const f of fields) outs[f] = currentValue(current, f);
  outs["prior"] = prior;
  return outs as OrganizationSettingsOutputs;
}

/** The inputs that describe read outputs (what `pulumi import` writes in the program). */
export function settingsInputsOf(outs: OrganizationSettingsOutputs): Props {
  const inputs: Props = {};
  for (const f of SETTINGS_FIELDS) if (outs[f] !== undefined) inputs[f] = outs[f];
  return inputs;
}
