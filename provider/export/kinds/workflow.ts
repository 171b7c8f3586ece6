/**
 * Workflows of the key's environment (`/v2/workflows`): the dashboard's (origin `novu-cloud`) are read whole
 * and declared by workflowId with `adopt`, in the form read answers (../../runtime/workflow/model.ts,
 * stored-form.ts: what the service rewrites, as it previews clean). Workflows another tool owns (the
 * code-first framework's, origin `external`; the v1 dashboard's) are left out and listed. An email step's
 * `layoutId` naming an exported layout becomes a reference to it (so the workflow follows the layout). An
 * http_request step's credential-looking headers are never written: the workflow reads them from a secret config
 * key ({@link secretHeadersKey}).
 *
 * A workflow is created after the exported integrations of its steps' channels: the service stores, with each
 * step it writes, a `MISSING_INTEGRATION` issue when the environment has no active integration of the step's
 * channel at that moment (libs/application-generic/src/usecases/build-step-issues/build-step-issues.usecase.ts
 * `validateIntegration`), and list items keep the stored issues; a copy that made the workflow first would
 * carry issues the source has not.
 */
import type { WorkflowListItem } from "../../../sdk/schemas";
import { CHANNEL_TYPES } from "../../../sdk/schemas/common";
import { SERVICE_VOCABULARY } from "../../../sdk/schemas/service-vocabulary";
import { forEachLimited } from "../../runtime/shared/for-each-limited";
import { inputsOf, toOutputs } from "../../runtime/workflow/model";
import type { ExportKind, FoundObject } from "../kind";
import { ConfigValue, type ExportValue, isPlainObject, Ref } from "../model";
import { camelCase } from "../names";

/** The config key holding a workflow's secret headers (`welcomeSecretHeaders`). */
export function secretHeadersKey(workflowId: string): string {
  const words = camelCase(workflowId);
  return `${words === "" ? "workflow" : words}SecretHeaders`;
}

/**
 * The workflow's inputs as read, its secret headers (split out of the steps by
 * provider/model/secret-headers.ts: credential-looking names) replaced by a secret config key, so that no
 * file holds their values; unset, the workflow declares none and adopting keeps what the service holds.
 */
function declaredInputs(
  inputs: Record<string, ExportValue>,
  workflowId: string,
): Record<string, ExportValue> {
  const read = inputs.secretHeaders;
  if (read === undefined) return inputs;
  // The names (step, header) the README gives a command for; the values are never kept.
  const leaves = isPlainObject(read)
    ? Object.entries(read).flatMap(([step, headers]) =>
        isPlainObject(headers) ? Object.keys(headers).map((header) => [step, header]) : [],
      )
    : [];
  return {
    ...inputs,
    secretHeaders: new ConfigValue(secretHeadersKey(workflowId), "secretHeaders", leaves),
  };
}

/** The step types that deliver through an integration of the same channel. */
const CHANNELS: ReadonlySet<string> = new Set(CHANNEL_TYPES);

/** The origin of workflows the dashboard and the API make. */
const DASHBOARD_ORIGIN = SERVICE_VOCABULARY.cloudOrigin;

export const workflowKind: ExportKind = {
  name: "workflows",
  word: "workflow",
  async read(ctx) {
    const listed: WorkflowListItem[] = [];
    for await (const w of ctx.client.workflows.listAll({ limit: 100 })) listed.push(w);
    const ours = listed.filter((w) => {
      if (w.origin === DASHBOARD_ORIGIN) return true;
      ctx.leaveOut(
        `workflow "${w.workflowId}": origin ${w.origin}, owned by another tool (not the dashboard's)`,
      );
      return false;
    });
    const out: FoundObject[] = [];
    let done = 0;
    await forEachLimited(ours, ctx.concurrency, async (item) => {
      const whole = await ctx.client.workflows.get(item.workflowId);
      const inputs = declaredInputs(
        inputsOf(toOutputs(whole)) as Record<string, ExportValue>,
        whole.workflowId,
      );
      out.push({
        type: "Workflow",
        identifier: whole.workflowId,
        describe: `workflow "${whole.workflowId}"`,
        props: { ...inputs, adopt: true },
      });
      ctx.progress("workflows", ++done, ours.length);
    });
    return out;
  },
  link(found, lookup) {
    const steps = found.props.steps;
    if (!Array.isArray(steps)) return found.props;
    const linked = steps.map((step) => {
      if (!isPlainObject(step) || step.type !== "email" || !isPlainObject(step.controls)) return step;
      const layoutId = step.controls.layoutId;
      const name = typeof layoutId === "string" ? lookup("Layout", layoutId) : undefined;
      if (name === undefined) return step;
      return { ...step, controls: { ...step.controls, layoutId: new Ref(name, "layoutId") } };
    });
    return { ...found.props, steps: linked };
  },
  dependsOn(found, all) {
    const steps = Array.isArray(found.props.steps) ? found.props.steps : [];
    const channels = new Set(
      steps.flatMap((s) =>
        isPlainObject(s) && typeof s.type === "string" && CHANNELS.has(s.type) ? [s.type] : [],
      ),
    );
    return all
      .filter(({ object }) => object.type === "Integration" && channels.has(String(object.props.channel)))
      .map(({ name }) => name);
  },
};
