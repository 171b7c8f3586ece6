/**
 * The service's rule for a layout's content (`PUT /v2/layouts/{id}`, `controlValues.email`), written once:
 * the client refuses such a body before any request and `svc.Layout`'s check names it. The service refuses
 * with 400 (apps/api/src/app/layouts-v2/usecases/upsert-layout/upsert-layout.usecase.ts `validateLayout`):
 * - the body is a block-editor (Maily) document, JSON text of `{ "type": "doc", "content": [...] }`
 *   (apps/api/src/app/shared/helpers/maily-utils.ts `isStringifiedMailyJSONContent`), or HTML holding
 *   `<html`, `</html>`, `<body` and `</body>`;
 * - it is of its `editorType`: `html` needs the HTML, `block` the Maily document;
 * - it holds the `content` variable where the workflow's email goes: `{{content}}` (spaces allowed inside
 *   the braces) in HTML, a `variable` node whose `attrs.id` is `content` in a Maily document
 *   (`hasMailyVariable`).
 */

/** The editors a layout's body is written with. */
export const LAYOUT_EDITOR_TYPES = ["html", "block"] as const;
/** One of {@link LAYOUT_EDITOR_TYPES}. */
export type LayoutEditorType = (typeof LAYOUT_EDITOR_TYPES)[number];

/** The variable a layout must hold: where the workflow's email body goes. */
export const LAYOUT_CONTENT_VARIABLE = "content";

/** The parsed Maily document `body` is, or undefined when it is none. */
function mailyDocument(body: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
    const doc = parsed as Record<string, unknown>;
    return doc.type === "doc" && Array.isArray(doc.content) ? doc : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `body` is an HTML document as the service tests it (both tags, opened and closed). */
function isHtmlDocument(body: string): boolean {
  return ["<html", "</html>", "<body", "</body>"].every((tag) => body.includes(tag));
}

/** Whether a Maily node, or one below it, is the `content` variable (a `variable` node, `attrs.id`). */
function holdsMailyVariable(node: unknown): boolean {
  if (node === null || typeof node !== "object") return false;
  if (Array.isArray(node)) return node.some(holdsMailyVariable);
  const n = node as Record<string, unknown>;
  const attrs = n.attrs as Record<string, unknown> | null | undefined;
  if (n.type === "variable" && attrs?.id === LAYOUT_CONTENT_VARIABLE) return true;
  return holdsMailyVariable(n.content);
}

/** Whether HTML holds `{{content}}`. */
function holdsHtmlVariable(body: string): boolean {
  return new RegExp(`\\{\\{\\s*${LAYOUT_CONTENT_VARIABLE}\\s*\\}\\}`).test(body);
}

/**
 * Why the service would refuse this layout body of `editorType`, or undefined when it takes it. The message
 * says what the body must be, for an error that names the field.
 */
export function layoutContentIssue(body: string, editorType: LayoutEditorType): string | undefined {
  const maily = mailyDocument(body);
  if (editorType === "html" && !isHtmlDocument(body)) {
    return 'must be an HTML document holding <html>...</html> and <body>...</body> (editorType "html")';
  }
  if (editorType === "block" && maily === undefined) {
    return 'must be a block-editor (Maily) document: JSON text of { "type": "doc", "content": [...] } (editorType "block")';
  }
  const holds = maily !== undefined ? holdsMailyVariable(maily) : holdsHtmlVariable(body);
  if (!holds) {
    return maily !== undefined
      ? 'must hold the "content" variable (a node of type "variable" with attrs.id "content"), where the email goes'
      : "must hold the {{content}} variable, where the email goes";
  }
  return undefined;
}
