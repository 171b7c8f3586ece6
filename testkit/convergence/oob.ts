/**
 * Out-of-band changes of a convergence script, made over raw HTTP as another tool or a person would:
 * delete an integration, recreate one under the same identifier, change its fields, change or clear a
 * subscriber's entry (each marks the run drifted until the next `refresh`); and the application writing an
 * entry on one of its own integrations, beside the stack's (recorded as foreign, as the service stored it:
 * the oracle then holds every later step to leaving it exactly so). Workflows: ./workflow-oob.ts.
 */
import { call } from "../emulator-http";
import { isVariableOob } from "./environment-variable-model";
import { runVariableOob } from "./environment-variable-oob";
import { isLayoutTopicOob, runLayoutTopicOob } from "./layout-topic-oob";
import { applyEdit, claimsOf, type EntryValue, FOREIGN_INTEGRATIONS, PROVIDER_CHANNELS } from "./model";
import { identifierOf } from "./oracle";
import { integrationCredentials } from "./program";
import type { ConvergenceRun } from "./runner";
import type { OobAction } from "./script";
import { isWorkflowOob, runWorkflowOob } from "./workflow-oob";

/** The live `_id` of the declared integration `name`, if it is declared and live. */
function liveId(run: ConvergenceRun, name: string): { id: string; identifier: string } | undefined {
  const decl = run.lane.model.integrations.find((i) => i.name === name);
  if (!decl) return undefined;
  const identifier = identifierOf(run.view(), decl, run.emu.integrations());
  const id = run.emu.integrations().find((i) => i.identifier === identifier)?._id;
  return id ? { id, identifier } : undefined;
}

async function expectStatus(
  run: ConvergenceRun,
  what: string,
  p: Promise<{ status: number }>,
): Promise<boolean> {
  const { status } = await p;
  if (status >= 200 && status < 300) return true;
  run.note(`out-of-band ${what}: answered ${status}`);
  return false;
}

async function recreate(run: ConvergenceRun, name: string, secret: string): Promise<boolean> {
  const decl = run.lane.model.integrations.find((i) => i.name === name);
  const live = liveId(run, name);
  if (!decl || !live) return false;
  await expectStatus(run, "delete", call(run.emu, "DELETE", `/v1/integrations/${live.id}`));
  const body = {
    providerId: decl.providerId,
    channel: PROVIDER_CHANNELS[decl.providerId],
    identifier: live.identifier,
    name: `Recreated ${decl.title}`,
    active: true,
    credentials: integrationCredentials({ ...decl, secret }),
  };
  const created = await call(run.emu, "POST", "/v1/integrations", { body });
  const id: unknown = created.body?.data?._id;
  if (typeof id === "string") run.foreign.add(id);
  if (decl.identifier !== undefined && !decl.adopt) {
    // An explicit identifier taken by someone else is adopted only when asked (README: adopting).
    const next = applyEdit(run.lane.model, { edit: "set-adopt", integration: name, adopt: true });
    if (next) run.lane.setModel(next);
    run.note(`explicit ${live.identifier} recreated out of band: the program sets adopt: true`);
  }
  return true;
}

async function writeEntry(
  run: ConvergenceRun,
  integration: string,
  subscriberId: string,
  value: EntryValue | "clear",
): Promise<boolean> {
  const decl = run.lane.model.integrations.find((i) => i.name === integration);
  if (!decl) return false;
  // Only an entry the program still owns through this integration's identifier (a shrunk script may have
  // dropped the resource; an entry nobody owns would then be the application's, which this is not).
  const owned = claimsOf(run.lane.model).some(
    (c) => !c.newest && c.subscriberId === subscriberId && c.integration === integration,
  );
  if (!owned) return false;
  const push = PROVIDER_CHANNELS[decl.providerId] === "push";
  const credentials = value !== "clear" ? value : clearing(push);
  const body = {
    providerId: decl.providerId,
    integrationIdentifier: identifierOf(run.view(), decl, run.emu.integrations()),
    credentials,
  };
  const path = `/v1/subscribers/${encodeURIComponent(subscriberId)}/credentials`;
  return expectStatus(run, "entry write", call(run.emu, "PUT", path, { body }));
}

/** The credentials that empty an entry in place (PUT merges other keys: each must be sent empty). */
const clearing = (push: boolean) => (push ? { deviceTokens: [] } : { webhookUrl: "", channel: "" });

/** The application writes `subscriberId`'s entry on its integration `identifier`; recorded as foreign. */
async function writeForeign(
  run: ConvergenceRun,
  action: Extract<OobAction, { oob: "foreign-entry" }>,
): Promise<boolean> {
  const providerId = FOREIGN_INTEGRATIONS[action.identifier];
  const integration = run.emu.integrations().find((i) => i.identifier === action.identifier);
  if (!integration?._id) return false;
  const credentials = action.value ?? clearing(PROVIDER_CHANNELS[providerId] === "push");
  const body = { providerId, integrationIdentifier: action.identifier, credentials };
  const path = `/v1/subscribers/${encodeURIComponent(action.subscriberId)}/credentials`;
  if (!(await expectStatus(run, "foreign entry write", call(run.emu, "PUT", path, { body })))) return false;
  const envId = run.emu.keys[0]!.environmentId;
  const stored = run.emu
    .subscriber(envId, action.subscriberId)
    ?.channels?.find((c) => c.providerId === providerId && c._integrationId === integration._id);
  if (!stored) {
    run.note(`foreign entry write: ${action.subscriberId}/${action.identifier} has no entry after it`);
    return true;
  }
  run.recordForeign({
    subscriberId: action.subscriberId,
    providerId,
    _integrationId: integration._id,
    credentials: structuredClone(stored.credentials ?? {}),
    source: `out-of-band step ${run.step}`,
  });
  return true;
}

/** Performs `action`; false when it does not apply (its integration is not declared or not live). */
export async function runOob(run: ConvergenceRun, action: OobAction): Promise<boolean> {
  // The application's own entry: the stack's objects are untouched, nothing to refresh.
  if (action.oob === "foreign-entry") return writeForeign(run, action);
  if (isWorkflowOob(action)) return runWorkflowOob(run, action);
  if (isLayoutTopicOob(action)) return runLayoutTopicOob(run, action);
  if (isVariableOob(action)) return runVariableOob(run, action);
  let applied: boolean;
  if (action.oob === "recreate-integration") applied = await recreate(run, action.integration, action.secret);
  else if (action.oob === "set-entry" || action.oob === "clear-entry") {
    const value = action.oob === "set-entry" ? action.value : "clear";
    applied = await writeEntry(run, action.integration, action.subscriberId, value);
  } else {
    const live = liveId(run, action.integration);
    if (!live) return false;
    const path = `/v1/integrations/${live.id}`;
    applied =
      action.oob === "delete-integration"
        ? await expectStatus(run, "delete", call(run.emu, "DELETE", path))
        : await expectStatus(
            run,
            "update",
            call(run.emu, "PUT", path, { body: { name: action.title, active: !action.deactivate } }),
          );
  }
  if (applied) run.flags.drifted = true;
  return applied;
}
