/**
 * Translations (`/v2/translations`, enterprise edition) of the workflows and layouts this export declares:
 * each resource's group (`GET /v2/translations/group/{type}/{id}`: its locales; 404 when it has none), then
 * each locale's content. Declared as `Translation` whose `resourceId` is a reference to the exported
 * workflow's `workflowId` or layout's `layoutId`, so the translation follows it on a copy (the Translation
 * resource takes over one already there with equal content, writing nothing). Read after the other kinds
 * (it needs what they found). A service without the route (community: 404 `Cannot GET`) is found by the
 * first read and gives one line on stderr, with no other request.
 */
import { NotFoundError } from "../../../sdk/errors";
import { isMissingRoute } from "../../runtime/shared/edition-probe";
import { forEachLimited } from "../../runtime/shared/for-each-limited";
import type { ExportKind, FoundObject, ReadContext } from "../kind";
import { type ExportValue, Ref } from "../model";

/** A workflow or layout whose translations are read. */
interface Translatable {
  resourceType: "workflow" | "layout";
  resourceId: string;
}

/** The workflows and layouts among what the other kinds found. */
function translatables(found: readonly FoundObject[]): Translatable[] {
  return found.flatMap((f): Translatable[] => {
    if (f.type === "Workflow") return [{ resourceType: "workflow", resourceId: f.identifier }];
    if (f.type === "Layout") return [{ resourceType: "layout", resourceId: f.identifier }];
    return [];
  });
}

/** A resource's locales; none when it has no translation (404 of the group). */
async function localesOf(ctx: ReadContext, t: Translatable): Promise<string[]> {
  try {
    return (await ctx.client.translations.group(t.resourceType, t.resourceId)).locales;
  } catch (e) {
    if (e instanceof NotFoundError && !isMissingRoute(e)) return [];
    throw e;
  }
}

/** Every translation of `t`, as found objects. */
async function translationsOf(ctx: ReadContext, t: Translatable, locales: string[]): Promise<FoundObject[]> {
  const out: FoundObject[] = [];
  for (const locale of locales) {
    const found = await ctx.client.translations.get(t.resourceType, t.resourceId, locale);
    out.push({
      type: "Translation",
      identifier: `${t.resourceId}-${found.locale}`,
      describe: `the ${found.locale} translation of ${t.resourceType} "${t.resourceId}"`,
      props: {
        resourceType: t.resourceType,
        resourceId: t.resourceId,
        locale: found.locale,
        content: found.content as Record<string, ExportValue>,
      },
    });
  }
  return out;
}

export const translationKind: ExportKind = {
  name: "translations",
  word: "translation",
  late: true,
  async read(ctx) {
    const all = translatables(ctx.found);
    const [head, ...rest] = all;
    if (head === undefined) return [];
    let headLocales: string[];
    try {
      headLocales = await localesOf(ctx, head);
    } catch (e) {
      if (!isMissingRoute(e)) throw e;
      ctx.say(
        "translations: the service has no translations (404 Cannot GET /v2/translations/...: a community edition); none exported",
      );
      return [];
    }
    const out = await translationsOf(ctx, head, headLocales);
    let done = 1;
    ctx.progress("translations", done, all.length);
    await forEachLimited(rest, ctx.concurrency, async (t) => {
      out.push(...(await translationsOf(ctx, t, await localesOf(ctx, t))));
      ctx.progress("translations", ++done, all.length);
    });
    return out;
  },
  link(found, lookup) {
    const { resourceType, resourceId } = found.props;
    if (typeof resourceId !== "string") return found.props;
    const type = resourceType === "layout" ? "Layout" : "Workflow";
    const name = lookup(type, resourceId);
    const property = type === "Layout" ? "layoutId" : "workflowId";
    return name === undefined ? found.props : { ...found.props, resourceId: new Ref(name, property) };
  },
};
