/**
 * Layouts in the convergence model: what a generated program declares as `svc.Layout` (a layoutId, explicit
 * or the resource's default, a name and the email content, HTML or block), which email steps of the
 * program's workflows name a layout (`layoutId: layout.layoutId`), and the edits a script makes to them.
 * Plain JSON, as the rest of the model; nothing here imports provider or sdk code. Every body the generator
 * writes is one the service stores (it places `{{content}}` and is the kind its `editorType` names).
 */
import type { WorkflowDecl } from "./workflow-model";

/** A layout body's editor. */
export type LayoutEditor = "html" | "block";

/** One declared `svc.Layout`. */
export interface LayoutDecl {
  /** Pulumi resource name. */
  name: string;
  /** Explicit layoutId; absent: the resource's default (`<slug of the resource name>-<hash>`). */
  layoutId?: string;
  /** The layout's `name` field. */
  title: string;
  editorType: LayoutEditor;
  body: string;
  /** Set only as the documented remedy for a layout a failed run made but did not record (./adopt-remedy.ts). */
  adopt?: boolean;
}

/** An email step of a declared workflow that names a declared layout. */
export interface LayoutUse {
  layout: string;
  workflow: string;
  step: string;
}

/** What the layouts of a program hold. */
export interface LayoutHolder {
  layouts?: LayoutDecl[];
  layoutUses?: LayoutUse[];
  workflows?: WorkflowDecl[];
}

/** An edit of a program's layouts. */
export type LayoutEdit =
  | { edit: "add-layout"; decl: LayoutDecl }
  | { edit: "remove-layout"; layout: string }
  | { edit: "set-layout-name"; layout: string; title: string }
  | { edit: "set-layout-content"; layout: string; editorType: LayoutEditor; body: string }
  | { edit: "set-layout-id"; layout: string; layoutId: string }
  | { edit: "use-layout"; use: LayoutUse }
  | { edit: "unuse-layout"; workflow: string; step: string };

/** The kinds of {@link LayoutEdit}. */
const LAYOUT_EDITS: readonly LayoutEdit["edit"][] = [
  "add-layout",
  "remove-layout",
  "set-layout-name",
  "set-layout-content",
  "set-layout-id",
  "use-layout",
  "unuse-layout",
];

/** Whether `e` (any edit of the model) is a layout edit. */
export function isLayoutEdit(e: { edit: string }): e is LayoutEdit {
  return (LAYOUT_EDITS as readonly string[]).includes(e.edit);
}

/** The layout named `name`, if declared. */
export function layoutOf(m: LayoutHolder, name: string): LayoutDecl | undefined {
  return m.layouts?.find((l) => l.name === name);
}

/**
 * The uses of `m` that the program renders: the layout is declared and the workflow still has that step, an
 * email one (a workflow edit may have removed it since). One use per step.
 */
export function layoutUsesOf(m: LayoutHolder): LayoutUse[] {
  return (m.layoutUses ?? []).filter((u) => {
    const step = m.workflows?.find((w) => w.name === u.workflow)?.steps.find((s) => s.name === u.step);
    return step?.type === "email" && layoutOf(m, u.layout) !== undefined;
  });
}

/** An HTML body that places `{{content}}` (`mark` makes it distinct). */
export function htmlBody(mark: string): string {
  return `<html><body><h1>Header ${mark}</h1>{{content}}<p>Footer ${mark}</p></body></html>`;
}

/** A block (Maily JSON) body that places the `content` variable (`mark` makes it distinct). */
export function blockBody(mark: string): string {
  const text = (t: string) => ({ type: "paragraph", content: [{ type: "text", text: t }] });
  const variable = { type: "paragraph", content: [{ type: "variable", attrs: { id: "content" } }] };
  return JSON.stringify({ type: "doc", content: [text(`Header ${mark}`), variable, text(`Footer ${mark}`)] });
}

/** Applies a layout edit to `m` in place; false when it does not apply. */
export function applyLayoutEdit(
  m: LayoutHolder,
  e: LayoutEdit,
  nameTaken: (name: string) => boolean,
): boolean {
  if (e.edit === "add-layout") {
    if (nameTaken(e.decl.name) || layoutIdTaken(m, e.decl.layoutId)) return false;
    m.layouts = [...(m.layouts ?? []), structuredClone(e.decl)];
    return true;
  }
  if (e.edit === "use-layout" || e.edit === "unuse-layout") return editUses(m, e);
  const l = layoutOf(m, e.layout);
  if (!l) return false;
  switch (e.edit) {
    case "remove-layout":
      m.layouts = (m.layouts ?? []).filter((x) => x !== l);
      m.layoutUses = (m.layoutUses ?? []).filter((u) => u.layout !== l.name);
      return true;
    case "set-layout-name":
      l.title = e.title;
      return true;
    case "set-layout-content":
      l.editorType = e.editorType;
      l.body = e.body;
      return true;
    case "set-layout-id":
      if (l.layoutId === e.layoutId || layoutIdTaken(m, e.layoutId)) return false;
      l.layoutId = e.layoutId;
      return true;
  }
}

function layoutIdTaken(m: LayoutHolder, layoutId: string | undefined): boolean {
  return layoutId !== undefined && (m.layouts ?? []).some((l) => l.layoutId === layoutId);
}

function editUses(m: LayoutHolder, e: Extract<LayoutEdit, { edit: "use-layout" | "unuse-layout" }>): boolean {
  const at = (m.layoutUses ?? []).findIndex(
    (u) =>
      u.workflow === (e.edit === "use-layout" ? e.use.workflow : e.workflow) &&
      u.step === (e.edit === "use-layout" ? e.use.step : e.step),
  );
  if (e.edit === "unuse-layout") {
    if (at < 0) return false;
    m.layoutUses = (m.layoutUses ?? []).filter((_, n) => n !== at);
    return true;
  }
  if (!layoutOf(m, e.use.layout)) return false;
  const step = m.workflows?.find((w) => w.name === e.use.workflow)?.steps.find((s) => s.name === e.use.step);
  if (step?.type !== "email") return false;
  const uses = (m.layoutUses ?? []).filter((_, n) => n !== at);
  m.layoutUses = [...uses, structuredClone(e.use)];
  return true;
}

/** Someone edits a declared layout's content in the dashboard (a PUT of the layout); the next `up` writes it back. */
export interface LayoutOob {
  oob: "edit-layout-content";
  layout: string;
  editorType: LayoutEditor;
  body: string;
}
