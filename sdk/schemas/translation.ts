/**
 * Translations of workflows and layouts (`/v2/translations`), Novu's enterprise edition only (its source is
 * private; the contract is @novu/api's `CreateTranslationRequestDto`, `TranslationResponseDto` and
 * `TranslationGroupDto`). A community server answers 404 `Cannot POST /v2/translations`. What we send is
 * strict, what we read tolerant.
 */
import { z } from "zod";
import { strictEnum } from "./common";
import { localeSchema } from "./organization-settings";

/** The kinds of resource a translation belongs to. */
export const TRANSLATION_RESOURCE_TYPES = ["workflow", "layout"] as const;
/** One of {@link TRANSLATION_RESOURCE_TYPES}. */
export type TranslationResourceType = (typeof TRANSLATION_RESOURCE_TYPES)[number];
/** A translation's resource type (strict). */
export const translationResourceTypeSchema = strictEnum(TRANSLATION_RESOURCE_TYPES);

/** A translation's content: a JSON object of translation keys (nested objects allowed). */
export const translationContentSchema = z.record(z.string(), z.unknown());

/** Body of `POST /v2/translations`, an upsert by resource and locale (strict). */
export const upsertTranslationBodySchema = z.strictObject({
  /** The resource's identifier (a workflowId or layoutId) or slug. */
  resourceId: z.string().min(1, "must not be empty"),
  resourceType: translationResourceTypeSchema,
  /** The locale (`fr_FR`; `-` is read as `_`). */
  locale: localeSchema,
  content: translationContentSchema,
});
/** Body of the translation upsert. */
export type UpsertTranslationBody = z.infer<typeof upsertTranslationBodySchema>;

/** A translation as read (tolerant). */
export const translationSchema = z.looseObject({
  resourceId: z.string(),
  resourceType: z.string(),
  locale: z.string(),
  content: translationContentSchema,
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
/** A translation. */
export type Translation = z.infer<typeof translationSchema>;

/** A resource's translations (tolerant). */
export const translationGroupSchema = z.looseObject({
  resourceId: z.string(),
  resourceType: z.string(),
  resourceName: z.string().optional(),
  /** The locales the resource has a translation in. */
  locales: z.array(z.string()),
  /** Locales older than the default locale's translation (only when there are some). */
  outdatedLocales: z.array(z.string()).optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
/** A resource's translations. */
export type TranslationGroup = z.infer<typeof translationGroupSchema>;
