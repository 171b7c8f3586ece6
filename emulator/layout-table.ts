import { objectId } from "./ids";
import type { LayoutEmailContent } from "./layout-content";
import { EMULATOR_VOCABULARY } from "./service-vocabulary";

/**
 * The v2 layouts of one environment (apps/api/src/app/layouts-v2/): by `_id` and by `layoutId` (the
 * layout's `identifier`), in creation order. Look-ups follow
 * libs/application-generic/src/usecases/get-layout-v0/get-layout.use-case.ts: an ObjectId is looked up as
 * `_id` only, anything else as the identifier.
 */

/** A stored v2 layout. */
export interface StoredLayout {
  _id: string;
  /** The identifier, unique in the environment. */
  layoutId: string;
  name: string;
  /** The environment's default layout: the first v2 layout created in it. */
  isDefault: boolean;
  isTranslationEnabled: boolean;
  origin: string;
  type: "BRIDGE";
  createdAt: string;
  updatedAt: string;
  /** The layout's control values (`LAYOUT_CONTROLS`); null once a PUT deleted them. */
  controlValues: { email?: LayoutEmailContent } | null;
}

/** `LayoutRepository.isInternalId`: a 24-hex ObjectId. */
const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The layouts of one environment. */
export class LayoutTable {
  private readonly byId = new Map<string, StoredLayout>();
  private readonly byLayoutId = new Map<string, StoredLayout>();

  /** The layout named by `_id` (an ObjectId) or `layoutId` (anything else). */
  find(idOrLayoutId: string): StoredLayout | undefined {
    return OBJECT_ID.test(idOrLayoutId) ? this.byId.get(idOrLayoutId) : this.byLayoutId.get(idOrLayoutId);
  }

  /** The layout with this identifier. */
  byIdentifier(layoutId: string): StoredLayout | undefined {
    return this.byLayoutId.get(layoutId);
  }

  /** The environment's default layout, if any. */
  defaultLayout(): StoredLayout | undefined {
    for (const l of this.byId.values()) if (l.isDefault) return l;
    return undefined;
  }

  /** Stores a new or changed layout (its `_id` and `layoutId` never change). */
  put(layout: StoredLayout): void {
    this.byId.set(layout._id, layout);
    this.byLayoutId.set(layout.layoutId, layout);
  }

  /** Removes a layout. */
  remove(layout: StoredLayout): void {
    this.byId.delete(layout._id);
    this.byLayoutId.delete(layout.layoutId);
  }

  /** Every layout, in creation order. */
  all(): StoredLayout[] {
    return [...this.byId.values()];
  }

  /**
   * A new layout of this environment (not stored yet): the default when the environment has none
   * (upsert-layout.usecase.ts `isDefault: !defaultLayout`), origin novu-cloud, type BRIDGE.
   */
  create(fields: {
    layoutId: string;
    name: string;
    isTranslationEnabled: boolean;
    content: LayoutEmailContent;
  }) {
    const now = new Date().toISOString();
    const layout: StoredLayout = {
      _id: objectId(),
      layoutId: fields.layoutId,
      name: fields.name,
      isDefault: this.defaultLayout() === undefined,
      isTranslationEnabled: fields.isTranslationEnabled,
      origin: EMULATOR_VOCABULARY.cloudOrigin,
      type: "BRIDGE",
      createdAt: now,
      updatedAt: now,
      controlValues: { email: fields.content },
    };
    return layout;
  }

  /** Loads saved layouts (persistence). */
  load(layouts: readonly StoredLayout[]): void {
    for (const l of layouts) this.put(l);
  }
}
