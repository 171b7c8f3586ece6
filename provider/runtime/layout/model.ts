/**
 * The mapping between a Layout's inputs/outputs and the service's v2 layout (apps/api/src/app/layouts-v2/):
 * the create and update bodies, the outputs of a stored layout, and the inputs that describe it (what read
 * answers, so that refresh and import give exact diffs), and the lines the engine shows about a layout the
 * service keeps.
 */
import type { CreateLayoutBody, Layout, LayoutUsage, UpdateLayoutBody } from "../../../sdk/schemas";
import type { LayoutContent, LayoutInputs, LayoutOutputs } from "../../model/layout-schema";

type Props = Record<string, unknown>;

/** The POST body: identifier and name (the service ignores content on create: the PUT writes it). */
export function toCreateBody(inputs: LayoutInputs): CreateLayoutBody {
  return { layoutId: inputs.layoutId, name: inputs.name };
}

/** The PUT body: the name and the declared content. */
export function toUpdateBody(inputs: LayoutInputs): UpdateLayoutBody {
  return {
    name: inputs.name,
    controlValues: { email: { body: inputs.content.body, editorType: inputs.content.editorType } },
  };
}

/** The stored content (`controls.values.email`); a layout without content yet has an empty html body. */
function storedContent(remote: Layout): LayoutContent {
  const email = remote.controls?.values?.email ?? undefined;
  return {
    body: email?.body ?? "",
    editorType: (email?.editorType === "block" ? "block" : "html") as LayoutContent["editorType"],
  };
}

/** Outputs from the service's layout and its usage (the placement is added by ../shared/with-target.ts). */
export function toOutputs(remote: Layout, usage: LayoutUsage): LayoutOutputs {
  return {
    layoutId: remote.layoutId,
    name: remote.name,
    content: storedContent(remote),
    isDefault: remote.isDefault,
    usage: usage.workflows.map((w) => w.workflowId).sort(),
  };
}

/**
 * The inputs that describe `outputs` (read answers them): every managed field. Pasted as a program
 * (`pulumi import`), they give a no-op preview.
 */
export function inputsOf(outputs: LayoutOutputs): Props {
  return { layoutId: outputs.layoutId, name: outputs.name, content: outputs.content };
}

/** The one line naming a stored layout: `"<layoutId>" (_id <id>)`. */
export function describeLayout(l: { layoutId: string; _id?: string }, id?: string): string {
  return `"${l.layoutId}" (_id ${l._id ?? id})`;
}

/** The warning of a destroy that leaves the environment's default layout. */
export function defaultLayoutLeftWarning(layout: string): string {
  return (
    `svc: layout ${layout} is its environment's default layout, which the service never deletes and v2 ` +
    "cannot make another layout take over: destroying this resource removes it from the stack and leaves " +
    "the layout in the environment"
  );
}

/** The warning of a destroy of a layout that workflows name. */
export function usedLayoutWarning(layout: string, workflowIds: readonly string[]): string {
  return (
    `svc: layout ${layout} is used by the email steps of workflow(s) ${workflowIds.join(", ")}: ` +
    "deleting it makes those steps use the environment's default layout"
  );
}
