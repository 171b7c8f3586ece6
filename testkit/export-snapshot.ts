/**
 * What the `svc-export` engine tests (test/engine/export*.test.ts) compare between the environment a project was
 * exported from and the one a copy created: the declared fields of every object of a key's environment, read
 * over raw HTTP (no sdk, no provider), each kind sorted, with the issues the service stored on each workflow's
 * steps (the list's items: a workflow written before the integration of a step's channel keeps a
 * MISSING_INTEGRATION issue there); and the writes an emulator received (an adopting `up` must make none). The
 * in-app integration the service makes with each environment has an identifier generated there: it is compared
 * by its other fields.
 */
import { expect } from "vitest";
import type { Emulator } from "../emulator";
import { call } from "./emulator-http";

type Props = Record<string, unknown>;

/** The methods that change the service. */
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The writes `emu` received since its last `resetRequests()`, as `METHOD path`. */
export function writeRequests(emu: Emulator): string[] {
  return emu.requests.filter((r) => WRITES.has(r.method)).map((r) => `${r.method} ${r.path}`);
}

async function data(emu: Emulator, path: string): Promise<Props[]> {
  const res = await call(emu, "GET", path);
  expect(res.status).toBe(200);
  const body = res.body;
  return (body.data?.workflows ??
    body.data?.layouts ??
    body.workflows ??
    body.layouts ??
    body.data ??
    []) as Props[];
}

async function integrations(emu: Emulator): Promise<Props[]> {
  const envId = (await call(emu, "GET", "/v1/environments/me")).body.data._id;
  return (await data(emu, "/v1/integrations"))
    .filter((i) => i._environmentId === envId && i.deleted !== true)
    .map(({ name, identifier, providerId, channel, active }) => ({
      name,
      // The service's own in-app integration: `novu-inbox-<random>`, generated per environment.
      identifier: providerId === "novu" && channel === "in_app" ? "(generated)" : identifier,
      providerId,
      channel,
      active,
    }));
}

async function layouts(emu: Emulator): Promise<Props[]> {
  const out = [];
  for (const l of await data(emu, "/v2/layouts?limit=100")) {
    const whole = (await call(emu, "GET", `/v2/layouts/${l._id}`)).body.data;
    out.push({ layoutId: whole.layoutId, name: whole.name, content: whole.controls?.values });
  }
  return out;
}

async function workflows(emu: Emulator): Promise<Props[]> {
  const out = [];
  for (const w of await data(emu, "/v2/workflows?limit=100")) {
    const stored = (w.steps as Props[]).map((s) => ({ type: s.type, issues: s.issues ?? null }));
    const whole = (await call(emu, "GET", `/v2/workflows/${w.workflowId}`)).body.data;
    const { workflowId, name, description, tags, active, severity, preferences, payloadSchema } = whole;
    const steps = (whole.steps as Props[]).map((s) => ({
      name: s.name,
      type: s.type,
      controls: (s.controls as Props | undefined)?.values,
    }));
    out.push({
      workflowId,
      name,
      description,
      tags,
      active,
      severity,
      preferences,
      payloadSchema,
      steps,
      stored,
    });
  }
  return out;
}

async function topics(emu: Emulator): Promise<Props[]> {
  return (await call(emu, "GET", "/v2/topics?limit=100")).body.data.map((t: Props) => ({
    key: t.key,
    name: t.name,
  }));
}

/** This environment's values of the organization's variables (a secret's reads back as the mask on either side). */
async function variables(emu: Emulator): Promise<Props[]> {
  const envId = (await call(emu, "GET", "/v1/environments/me")).body.data._id;
  return (await data(emu, "/v1/environment-variables")).flatMap((v) => {
    const own = (v.values as Props[]).find((x) => x._environmentId === envId);
    return own === undefined ? [] : [{ key: v.key, isSecret: v.isSecret, type: v.type, value: own.value }];
  });
}

/** What a copy must reproduce, by kind: the declared fields of every object of the key's environment. */
export async function exportSnapshot(emu: Emulator): Promise<Props> {
  const byJson = (a: Props, b: Props) => JSON.stringify(a).localeCompare(JSON.stringify(b));
  return {
    integrations: (await integrations(emu)).sort(byJson),
    layouts: (await layouts(emu)).sort(byJson),
    workflows: (await workflows(emu)).sort(byJson),
    topics: (await topics(emu)).sort(byJson),
    variables: (await variables(emu)).sort(byJson),
  };
}
