import { variablesSource } from "./environment-variable-program";
import { layoutInputs, layoutOfStep, topicInputs } from "./layout-topic-program";
import type { EntryValue, IntegrationDecl, ProgramModel } from "./model";
import { PROVIDER_CHANNELS } from "./model";
import type { WorkflowDecl } from "./workflow-model";

/** The integration credentials a declaration writes (its secret, plus the non-secret keys APNs requires). */
export function integrationCredentials(i: IntegrationDecl): Record<string, string> {
  if (i.providerId === "fcm") return { serviceAccount: i.secret };
  if (i.providerId === "apns") {
    return {
      secretKey: i.secret,
      apiKey: "conv-key-id",
      projectName: "conv-team",
      applicationId: "com.example.conv",
    };
  }
  return { secretKey: i.secret };
}

const js = (v: unknown): string => JSON.stringify(v);

function varOf(m: ProgramModel, integration: string): string {
  return `i${m.integrations.findIndex((i) => i.name === integration)}`;
}

function integrationSource(i: IntegrationDecl, index: number): string {
  const options: string[] = [];
  if (i.aliases?.length) options.push(`aliases: ${js(i.aliases.map((name) => ({ name })))}`);
  // One after the other: each integration is created after the previous one, so "the newest active
  // integration of a provider" (createdAt) is never a tie between two created at once.
  if (index > 0) options.push(`dependsOn: [i${index - 1}]`);
  const args: string[] = [
    `providerId: ${js(i.providerId)}`,
    `channel: ${js(PROVIDER_CHANNELS[i.providerId])}`,
    `name: ${js(i.title)}`,
    "active: true",
    `credentials: ${js(integrationCredentials(i))}`,
  ];
  if (i.identifier !== undefined) args.push(`identifier: ${js(i.identifier)}`);
  if (i.adopt) args.push("adopt: true");
  const opts = options.length > 0 ? `, { ${options.join(", ")} }` : "";
  return `const i${index} = new svc.Integration(${js(i.name)}, { ${args.join(", ")} }${opts});`;
}

/**
 * The inputs of a declared workflow, as both renderings write them: `workflowId` when explicit, the
 * workflow's `name`, the optional fields when set, and the steps in order (`name`, `type`, `controls`).
 */
export function workflowInputs(w: WorkflowDecl): [string, unknown][] {
  const inputs: [string, unknown][] = [];
  if (w.workflowId !== undefined) inputs.push(["workflowId", w.workflowId]);
  inputs.push(["name", w.title]);
  if (w.description !== undefined) inputs.push(["description", w.description]);
  if (w.tags !== undefined) inputs.push(["tags", w.tags]);
  if (w.active !== undefined) inputs.push(["active", w.active]);
  for (const key of [
    "preferences",
    "validatePayload",
    "payloadSchema",
    "severity",
    "isTranslationEnabled",
  ] as const)
    if (w[key] !== undefined) inputs.push([key, w[key]]);
  inputs.push(["steps", w.steps.map((s) => ({ name: s.name, type: s.type, controls: s.controls }))]);
  if (w.adopt) inputs.push(["adopt", true]);
  return inputs;
}

const binding = (v: string) => `providerId: ${v}.providerId, integrationIdentifier: ${v}.identifier`;

/**
 * The JavaScript program of a model, as a new user writes it (`require("pulumi-svc")`, plain literals:
 * the resources must make the credentials secret themselves). Credentials and sets take their provider and
 * identifier from their integration's outputs, which also orders them after it; credentials without
 * identifier (`newest`) take only the provider, and come after every integration (`dependsOn`).
 * Workflows come last, independent of the rest.
 */
export function renderProgram(m: ProgramModel): string {
  const lines = ['const svc = require("pulumi-svc");'];
  m.integrations.forEach((i, n) => {
    lines.push(integrationSource(i, n));
  });
  for (const c of m.credentials) {
    const creds: EntryValue = c.value;
    const v = varOf(m, c.integration);
    const bound = c.newest ? `providerId: ${v}.providerId` : binding(v);
    const all = m.integrations.map((_, n) => `i${n}`).join(", ");
    const opts = c.newest ? `, { dependsOn: [${all}] }` : "";
    lines.push(
      `new svc.SubscriberCredentials(${js(c.name)}, { subscriberId: ${js(c.subscriberId)}, ${bound}, credentials: ${js(creds)} }${opts});`,
    );
  }
  for (const s of m.sets) {
    lines.push(
      `new svc.SubscriberCredentialsSet(${js(s.name)}, { ${binding(varOf(m, s.integration))}, credentials: ${js(s.entries)} });`,
    );
  }
  lines.push(...layoutsAndTopicsSource(m));
  lines.push(...variablesSource(m));
  const layoutOf = layoutOfStep(m);
  const layoutVar = (name: string) => `l${(m.layouts ?? []).findIndex((l) => l.name === name)}`;
  for (const w of m.workflows ?? []) {
    const args = workflowInputs(w).map(([k, v]) => {
      if (k !== "steps") return `${k}: ${js(v)}`;
      const steps = w.steps.map((s) => {
        const step = { name: s.name, type: s.type, controls: s.controls };
        const layout = layoutOf(w.name, s.name);
        if (!layout) return js(step);
        const controls = js(s.controls);
        const open = controls === "{}" ? "{" : `${controls.slice(0, -1)},`;
        return `${js({ name: s.name, type: s.type }).slice(0, -1)},"controls":${open}"layoutId":${layoutVar(layout)}.layoutId}}`;
      });
      return `steps: [${steps.join(",")}]`;
    });
    lines.push(`new svc.Workflow(${js(w.name)}, { ${args.join(", ")} });`);
  }
  return lines.join("\n");
}

/** Layouts (`l<n>`), topics (`t<n>`) and the TopicSubscriptions of each topic (by `topic.key`). */
function layoutsAndTopicsSource(m: ProgramModel): string[] {
  const lines: string[] = [];
  const args = (inputs: [string, unknown][]) => inputs.map(([k, v]) => `${k}: ${js(v)}`).join(", ");
  (m.layouts ?? []).forEach((l, n) => {
    lines.push(`const l${n} = new svc.Layout(${js(l.name)}, { ${args(layoutInputs(l))} });`);
  });
  (m.topics ?? []).forEach((t, n) => {
    lines.push(`const t${n} = new svc.Topic(${js(t.name)}, { ${args(topicInputs(t))} });`);
  });
  for (const s of m.subscriptions ?? []) {
    const topic = `t${(m.topics ?? []).findIndex((t) => t.name === s.topic)}`;
    lines.push(
      `new svc.TopicSubscriptions(${js(s.name)}, { topicKey: ${topic}.key, subscriberIds: ${js(s.subscriberIds)} });`,
    );
  }
  return lines;
}
