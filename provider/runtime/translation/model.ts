/**
 * The pure rules of a Translation: check, diff, its id, outputs from the service's answer, and the inputs a
 * read describes. Locales compare with `-` read as `_` (the service stores `fr_FR`).
 */
import { normalizeLocale, type Translation } from "../../../sdk/schemas";
import type { CheckOutcome, DiffOutcome } from "../../model/pulumi-results";
import {
  type TranslationInputs,
  type TranslationOutputs,
  translationArgsSchema,
} from "../../model/translation-schema";
import { canonical, isUnknown } from "../../model/values";
import { schemaFailures } from "../shared/check-failures";
import { engineInputs } from "../shared/engine-values";

type Props = Record<string, unknown>;

/** The result of check for a Translation. */
export type TranslationCheck = CheckOutcome<TranslationInputs>;

/** Validates new inputs before any request. */
export function checkTranslation(news: Props): TranslationCheck {
  const raw = engineInputs(news);
  return { inputs: raw as TranslationInputs, failures: schemaFailures(translationArgsSchema, raw) };
}

/** The id of a translation: `<resourceType>/<resourceId>/<locale>`, the locale normalized. */
export function translationId(t: { resourceType: string; resourceId: string; locale: string }): string {
  return `${t.resourceType}/${t.resourceId}/${normalizeLocale(t.locale)}`;
}

/** The parts of a translation id (the resourceId may hold `/`: the locale and type are its ends). */
export function parseTranslationId(id: string): { resourceType: string; resourceId: string; locale: string } {
  const first = id.indexOf("/");
  const last = id.lastIndexOf("/");
  if (first <= 0 || last <= first + 1 || last === id.length - 1)
    throw new Error(
      `svc: read: "${id}" is not a translation id; it is <resourceType>/<resourceId>/<locale>, e.g. workflow/welcome/fr_FR`,
    );
  return {
    resourceType: id.slice(0, first),
    resourceId: id.slice(first + 1, last),
    locale: id.slice(last + 1),
  };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));
}

/** A new resource type, resource or locale replaces the translation; new content updates it. */
export function diffTranslation(olds: Props, news: Props): DiffOutcome {
  const replaces: string[] = [];
  for (const key of ["resourceType", "resourceId"] as const)
    if (isUnknown(news[key]) || news[key] !== olds[key]) replaces.push(key);
  const locale = news.locale;
  if (isUnknown(locale) || typeof locale !== "string" || normalizeLocale(locale) !== olds.locale)
    replaces.push("locale");
  const changed = isUnknown(news.content) || !same(olds.content, news.content);
  return { changes: replaces.length > 0 || changed, replaces, deleteBeforeReplace: false };
}

/** The outputs of a translation as the service holds it. */
export function toTranslationOutputs(remote: Translation): TranslationOutputs {
  return {
    resourceType: remote.resourceType,
    resourceId: remote.resourceId,
    locale: remote.locale,
    content: remote.content,
  };
}

/** The inputs that describe read outputs (what `pulumi import` writes in the program). */
export function translationInputsOf(outs: TranslationOutputs): Props {
  return { ...outs };
}
