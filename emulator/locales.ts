/**
 * Novu's locale check (packages/shared/src/utils/locales/locale-validator.ts `validateLocale`, behind the
 * `@IsValidLocale()` of the settings and translation DTOs): hyphens are read as underscores (`en-US` is
 * `en_US`, locale-registry.ts `normalizeLocale`), then the code must be in Novu's list of supported locales.
 *
 * The list itself (packages/shared/src/utils/locales/locales.ts, language_REGION codes such as `en_US`,
 * `pt_BR`, `zh_TW`) was not readable; the emulator accepts a code of that shape whose language and region
 * are both known to ICU (`Intl.DisplayNames`), which holds every code of the list's common part
 * (locale-registry.ts `getCommonLocales`).
 */

/** The first supported locales the service names in its refusal (locale-registry.ts `getCommonLocales`). */
const COMMON_LOCALES = ["en_US", "en_GB", "es_ES", "fr_FR", "de_DE"];

const SHAPE = /^([a-z]{2,3})_([A-Z]{2})$/;
const languages = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
const regions = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** A locale as the service stores it: hyphens read as underscores. */
export function normalizeLocale(locale: string): string {
  return locale.replace(/-/g, "_");
}

/** Whether the service accepts the locale (after normalization). */
export function isSupportedLocale(value: unknown): boolean {
  if (typeof value !== "string" || value === "") return false;
  const m = SHAPE.exec(normalizeLocale(value));
  if (!m) return false;
  const language = m[1] ?? "";
  const region = m[2] ?? "";
  if (region === "ZZ") return false; // ICU's "Unknown Region"
  try {
    return languages.of(language) !== undefined && regions.of(region) !== undefined;
  } catch {
    return false;
  }
}

/** The service's message for a refused locale (locale-validator.ts `validateLocale`). */
export function unsupportedLocaleMessage(field: string, value: unknown): string {
  if (typeof value !== "string" || value === "")
    return `${field} must be a valid string. Please provide a locale code like 'en_US' or 'fr_FR'.`;
  return (
    `${field} '${value}' is not supported. Please use one of the supported locales (e.g., ` +
    `${COMMON_LOCALES.join(", ")}). See the full list of supported locales in the documentation.`
  );
}
