/**
 * check of a Layout: its fields against its schema, then its content against the service's rule
 * (sdk/schemas/layout-content.ts: a body of its `editorType` holding `{{content}}`), before any request. A
 * failure names the field (`content.body`) and what it must be. Values not known yet (a preview) are checked
 * in `up`.
 */
import { layoutContentIssue } from "../../../sdk/schemas";
import { type LayoutInputs, layoutInputsSchema } from "../../model/layout-schema";
import type { CheckFailure, CheckOutcome } from "../../model/pulumi-results";
import { canonical, containsUnknown } from "../../model/values";
import { schemaFailures } from "../shared/check-failures";
import { engineInputs } from "../shared/engine-values";

/** The result of check for a Layout. */
export type LayoutCheck = CheckOutcome<LayoutInputs>;

/** The content's failure, when its body and editorType are known and the service would refuse them. */
function contentFailures(content: unknown): CheckFailure[] {
  if (content === null || typeof content !== "object" || containsUnknown(content)) return [];
  const { body, editorType } = content as Record<string, unknown>;
  if (typeof body !== "string" || (editorType !== "html" && editorType !== "block")) return [];
  const issue = layoutContentIssue(body, editorType);
  return issue === undefined ? [] : [{ property: "content", reason: `content.body: ${issue}` }];
}

/** Validates and normalizes new inputs (see the file header); failures name what to fix. */
export function checkLayout(news: Record<string, unknown>): LayoutCheck {
  const raw = engineInputs(news);
  const failures = [...schemaFailures(layoutInputsSchema, raw), ...contentFailures(raw.content)];
  return { inputs: canonical(raw) as LayoutInputs, failures };
}
