/**
 * The step controls a program in some languages cannot declare: a `null` inside a map (`data: { plan: null }` of
 * an in-app step) never reaches the plugin from a Go program (the Pulumi Go SDK leaves a map's null entries out
 * when it marshals inputs: sdk/go/pulumi/rpc.go, `marshalInputOptions`, `if !mv.IsNull()`) nor from a Pulumi
 * YAML one (measured: test/engine/export.test.ts). The step then declares the control unset: adopting keeps what
 * the service holds (no write), but a copy made by the program leaves it unset. So the export says so, per step,
 * under "Left out" of the README and on stderr. Python and TypeScript send the null as written. An email of no
 * layout at all is not one of them: it is written `layoutId: ""` (./typed-step-controls.ts).
 */
import { type ExportProject, type ExportValue, isPlainObject } from "../model";
import { camelCase } from "../names";
import { typedStep } from "./typed-step-controls";

/** The languages whose programs drop a null inside a map, by title. */
const DROPPING: Readonly<Record<string, string>> = { yaml: "Pulumi YAML", go: "Go" };

/** The paths of the nulls in a value (`layoutId`, `data.plan`), in order. */
function nullPaths(value: ExportValue, prefix: string): string[] {
  if (value === null) return [prefix];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullPaths(v, `${prefix}[${i}]`));
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => nullPaths(v, prefix === "" ? k : `${prefix}.${k}`));
}

/**
 * One line per workflow step whose controls hold a null the program of `language` cannot declare (none for a
 * language that sends nulls).
 */
export function droppedNulls(language: string, project: ExportProject): string[] {
  const title = DROPPING[language];
  if (title === undefined) return [];
  return project.resources.flatMap((r) => {
    if (r.type !== "Workflow" || !Array.isArray(r.props.steps)) return [];
    return r.props.steps.flatMap((raw) => {
      // The step as the program declares it: its controls in its block or in controls.
      const step = typedStep(raw);
      if (!isPlainObject(step) || typeof step.type !== "string") return [];
      const controls = step.controls ?? step[camelCase(step.type)];
      if (!isPlainObject(controls)) return [];
      const paths = nullPaths(controls, "");
      if (paths.length === 0) return [];
      return [
        `${r.describe} step ${JSON.stringify(String(step.name))}: its null controls (${paths.join(", ")}) are not ` +
          `declared: a ${title} program drops a null inside a map: adopting keeps what the service holds; a copy ` +
          "leaves them unset",
      ];
    });
  });
}
