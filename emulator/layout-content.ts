import { badRequest, ObjectHttpError } from "./errors";

/**
 * The check of a layout body before any look-up
 * (apps/api/src/app/layouts-v2/usecases/upsert-layout/upsert-layout.usecase.ts `validateLayout`, with the
 * issue shape of build-layout-issues/build-layout-issues.usecase.ts): the body must be HTML (`<html`,
 * `</html>`, `<body`, `</body>`) or Maily JSON, the one its `editorType` names, and must hold the
 * `content` variable (`{{ content }}` in HTML, a `variable` node with id `content` in Maily JSON).
 */

/** An email layout's content as stored: the body and the editor that wrote it. */
export interface LayoutEmailContent {
  body: string;
  editorType: "html" | "block";
}

/** The variable every layout body must place (`LAYOUT_CONTENT_VARIABLE` of @novu/shared). */
const CONTENT_VARIABLE = "content";
const HTML_MESSAGE = "Content must be a valid HTML content";
const MAILY_MESSAGE = "Content must be a valid Maily JSON content";
const MISSING_VARIABLE_MESSAGE = `The layout body should contain the "${CONTENT_VARIABLE}" variable`;

/** The parsed Maily document of a body, or undefined when the body is not one (`isStringifiedMailyJSONContent`). */
function mailyDocument(body: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
    const doc = parsed as Record<string, unknown>;
    return doc["type"] === "doc" && Array.isArray(doc["content"]) ? doc : undefined;
  } catch {
    return undefined;
  }
}

/** True when a Maily node tree holds a `variable` node for `name` (`hasMailyVariable`). */
function hasMailyVariable(node: unknown, name: string): boolean {
  if (typeof node !== "object" || node === null) return false;
  const n = node as { type?: unknown; attrs?: { id?: unknown }; content?: unknown };
  if (n.type === "variable" && n.attrs?.id === name) return true;
  return Array.isArray(n.content) && n.content.some((child) => hasMailyVariable(child, name));
}

/** True when the body reads as an HTML document (the usecase's four substrings). */
function isHtmlDocument(body: string): boolean {
  return ["<html", "</html>", "<body", "</body>"].every((part) => body.includes(part));
}

/** True when HTML places `{{ name }}` (liquid output, spaces allowed). */
function hasHtmlVariable(body: string, name: string): boolean {
  return new RegExp(`\\{\\{\\s*${name}\\s*\\}\\}`).test(body);
}

/**
 * Refuses a body the service refuses: 400 "Content must be a valid HTML content" / "... Maily JSON
 * content" when it is neither or not the kind `editorType` names; 400 with the issue under
 * `ctx.controls["email.body"]` (issueType MISSING_VALUE) when the `content` variable is missing.
 */
export function checkLayoutContent(content: LayoutEmailContent): void {
  const doc = mailyDocument(content.body);
  const html = isHtmlDocument(content.body);
  if (!doc && !html) throw badRequest(content.editorType === "html" ? HTML_MESSAGE : MAILY_MESSAGE);
  if (content.editorType === "html" && !html) throw badRequest(HTML_MESSAGE);
  if (content.editorType === "block" && !doc) throw badRequest(MAILY_MESSAGE);
  const placed = doc
    ? hasMailyVariable(doc, CONTENT_VARIABLE)
    : hasHtmlVariable(content.body, CONTENT_VARIABLE);
  if (!placed) {
    const issue = { message: MISSING_VARIABLE_MESSAGE, issueType: "MISSING_VALUE" };
    throw new ObjectHttpError(400, {
      message: MISSING_VARIABLE_MESSAGE,
      ctx: { controls: { "email.body": [issue] } },
    });
  }
}

/**
 * The body a new layout stores whatever the create sent: an empty Maily document holding only the
 * `content` variable between two blank paragraphs (apps/api/src/app/layouts-v2/utils/layout-templates.ts
 * `EMPTY_LAYOUT`, stringified, editor `block`).
 */
export function emptyLayoutContent(): LayoutEmailContent {
  const blank = (textAlign: string | null) => ({
    type: "paragraph",
    attrs: { textAlign, showIfKey: null },
    content: [{ type: "text", text: " " }],
  });
  const variable = {
    type: "variable",
    attrs: { id: CONTENT_VARIABLE, label: null, fallback: null, required: false, aliasFor: null },
  };
  const doc = {
    type: "doc",
    content: [
      blank(null),
      { type: "paragraph", attrs: { textAlign: "left", showIfKey: null }, content: [variable] },
      blank(null),
    ],
  };
  return { body: JSON.stringify(doc), editorType: "block" };
}
