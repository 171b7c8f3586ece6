/**
 * Layouts of the key's environment (`/v2/layouts`): the list carries no content, so each is read whole.
 * Declared by layoutId with `adopt`, in the form read answers (../../runtime/layout/model.ts). The default
 * layout the service made is left out (../built-in.ts): every environment has its own, under the same layoutId.
 */
import type { Layout } from "../../../sdk/schemas";
import { inputsOf, toOutputs } from "../../runtime/layout/model";
import { forEachLimited } from "../../runtime/shared/for-each-limited";
import { builtInLayout } from "../built-in";
import type { ExportKind, FoundObject } from "../kind";
import type { ExportValue } from "../model";

export const layoutKind: ExportKind = {
  name: "layouts",
  word: "layout",
  async read(ctx) {
    const listed: Layout[] = [];
    for await (const l of ctx.client.layouts.listAll({ limit: 100 })) listed.push(l);
    const out: FoundObject[] = [];
    let done = 0;
    await forEachLimited(listed, ctx.concurrency, async (item) => {
      const builtIn = builtInLayout(item);
      if (builtIn !== undefined) {
        ctx.leaveOut(builtIn);
        ctx.progress("layouts", ++done, listed.length);
        return;
      }
      const whole = await ctx.client.layouts.get(item._id);
      const inputs = inputsOf(toOutputs(whole, { workflows: [] }));
      out.push({
        type: "Layout",
        identifier: whole.layoutId,
        describe: `layout "${whole.layoutId}"${whole.isDefault ? " (the environment's default)" : ""}`,
        props: { ...(inputs as Record<string, ExportValue>), adopt: true },
      });
      ctx.progress("layouts", ++done, listed.length);
    });
    return out;
  },
};
