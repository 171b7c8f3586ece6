/**
 * The translations of one environment (the enterprise translations module, `/v2/translations`): one per
 * resource (a workflow or a layout, by its identifier) and locale, holding a JSON object of keys. The
 * module's source is private; the fields are those of @novu/api's `TranslationResponseDto`.
 */

/** The kinds of resource a translation belongs to (@novu/api `ResourceType`). */
export const TRANSLATION_RESOURCE_TYPES = ["workflow", "layout"] as const;
/** One of {@link TRANSLATION_RESOURCE_TYPES}. */
export type TranslationResourceType = (typeof TRANSLATION_RESOURCE_TYPES)[number];

/** A stored translation. */
export interface StoredTranslation {
  /** The resource's identifier (workflowId or layoutId). */
  resourceId: string;
  resourceType: TranslationResourceType;
  /** The locale, normalized (`en_US`). */
  locale: string;
  content: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

const keyOf = (type: string, resourceId: string, locale: string) =>
  `${type}\u0000${resourceId}\u0000${locale}`;

/** The translations of one environment, in creation order. */
export class TranslationTable {
  private readonly rows = new Map<string, StoredTranslation>();

  /** The translation of a resource in a locale, or undefined. */
  get(type: string, resourceId: string, locale: string): StoredTranslation | undefined {
    return this.rows.get(keyOf(type, resourceId, locale));
  }

  /** Writes (creates or replaces the content of) a translation; answers the stored row. */
  upsert(row: Omit<StoredTranslation, "createdAt" | "updatedAt">): StoredTranslation {
    const key = keyOf(row.resourceType, row.resourceId, row.locale);
    const now = new Date().toISOString();
    const previous = this.rows.get(key);
    const stored = { ...row, createdAt: previous?.createdAt ?? now, updatedAt: now };
    this.rows.set(key, stored);
    return stored;
  }

  /** Removes a translation; false when there was none. */
  remove(type: string, resourceId: string, locale: string): boolean {
    return this.rows.delete(keyOf(type, resourceId, locale));
  }

  /** Every translation of a resource, in creation order. */
  ofResource(type: string, resourceId: string): StoredTranslation[] {
    return [...this.rows.values()].filter((t) => t.resourceType === type && t.resourceId === resourceId);
  }

  /** Every translation (persistence). */
  all(): StoredTranslation[] {
    return [...this.rows.values()];
  }

  /** Loads saved translations (persistence). */
  load(rows: readonly StoredTranslation[]): void {
    for (const r of rows) this.rows.set(keyOf(r.resourceType, r.resourceId, r.locale), r);
  }
}
