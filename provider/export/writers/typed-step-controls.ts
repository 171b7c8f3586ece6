/**
 * A workflow step's controls as its type's typed block (`email: { subject, body }` rather than `controls: {...}`),
 * for the writers on the plugin's schema (YAML, Python, Go, C#), so that an exported program is typed as a user
 * would write it. The block is the `WorkflowStep` property named after the step's type, camelCase (`in_app` ->
 * `inApp`, `http_request` -> `httpRequest`); the plugin's check moves it back into `controls`, so the stored form,
 * and what a preview compares, are unchanged. An email of no layout at all (`layoutId: null`) is written
 * `layoutId: ""`, the form every language can declare (check sends the service `null` for it:
 * ../../runtime/workflow/check.ts). A step keeps `controls` when its values do not fit the block: a key the block
 * lacks, a value of another type, or a `null` where the block has a typed field. The TypeScript and JavaScript writers
 * keep `controls` (the dynamic resources' `controls` is typed already). Which block fits is read from the package
 * schema (./schema-types.ts), so a schema without the blocks leaves every step as it is.
 */

import { NO_LAYOUT } from "../../model/workflow-schema";
import { type ExportProject, type ExportValue, isPlainObject, Ref } from "../model";
import { camelCase } from "../names";
import { resolved, type Spec, typeProperties } from "./schema-types";

/** The package schema's free-form value. */
const ANY = "pulumi.json#/Any";

/** Whether `value` is one `spec` types (a Ref stands for the string output it names). */
function fits(value: ExportValue, spec: Spec | undefined): boolean {
  if (spec === undefined || value === null) return false;
  if (spec.$ref === ANY) return true;
  if (value instanceof Ref) return spec.type === "string";
  const s = resolved(spec);
  if (s === undefined) return false;
  if (s.properties !== undefined) {
    const properties = s.properties;
    return isPlainObject(value) && Object.entries(value).every(([k, v]) => fits(v, properties[k]));
  }
  switch (s.type) {
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "array":
      return Array.isArray(value) && value.every((item) => fits(item, s.items));
    case "object":
      // A map (free-form values, as in controls): its values as the schema types them.
      return (
        isPlainObject(value) &&
        (s.additionalProperties === undefined ||
          Object.values(value).every((v) => v === null || fits(v, s.additionalProperties)))
      );
    default:
      return false;
  }
}

/** The step with its controls under its type's block where they fit it; else the step as it is. */
export function typedStep(step: ExportValue): ExportValue {
  if (!isPlainObject(step) || typeof step.type !== "string" || !isPlainObject(step.controls)) return step;
  const block = camelCase(step.type);
  const spec = typeProperties("WorkflowStep")[block];
  const controls = step.type === "email" ? withNoLayoutAsEmpty(step.controls) : step.controls;
  if (block === "controls" || step[block] !== undefined || !fits(controls, spec)) return step;
  // The block takes the place of controls, so the step's keys keep their order.
  return Object.fromEntries(
    Object.entries(step).map(([k, v]): [string, ExportValue] =>
      k === "controls" ? [block, controls] : [k, v],
    ),
  );
}

/** An email's controls with "no layout" (`layoutId: null`) as {@link NO_LAYOUT}, which a typed block can carry. */
function withNoLayoutAsEmpty(controls: { [key: string]: ExportValue }): { [key: string]: ExportValue } {
  return controls.layoutId === null ? { ...controls, layoutId: NO_LAYOUT } : controls;
}

/** The project with every workflow step's controls under its typed block where they fit it (see the header). */
export function withTypedStepControls(project: ExportProject): ExportProject {
  const resources = project.resources.map((r) => {
    const steps = r.props.steps;
    if (r.type !== "Workflow" || !Array.isArray(steps)) return r;
    return { ...r, props: { ...r.props, steps: steps.map(typedStep) } };
  });
  return { ...project, resources };
}
