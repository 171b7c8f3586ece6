/**
 * An environment as a dashboard user leaves it, seeded over raw HTTP (no sdk, no provider): what the
 * export tests and bench/export.ts read. `seedDashboardEnvironment` is the engine test's small set (two
 * integrations of different channels, one of the sibling environment, a layout, workflows with every step
 * type between them, an email step naming the layout, an in-app step with a primary action, partial
 * preferences, tags, two topics, a plain and a secret environment variable, and one valued in the sibling
 * environment only; with a push credential, an active push integration too);
 * `seedScale` the bench's (many of each).
 */
import type { Emulator } from "../emulator";
import { type Answer, call } from "./emulator-http";

/** The layout's HTML body (it must hold `{{content}}`). */
export const SEED_LAYOUT_BODY = '<html><body><h1 style="color:#333">Acme</h1>{{content}}</body></html>';

/**
 * The secret header value of the seeded http_request step (`Authorization`): never in a file, a state or a
 * line printed.
 */
export const SEED_WEBHOOK_TOKEN = "Bearer seeded-crm-7b21";

/** Steps of every type (the email step names `layoutId` when given). */
export function everyStep(layoutId: string | undefined): Record<string, unknown>[] {
  return [
    {
      name: "Inbox",
      type: "in_app",
      controlValues: {
        subject: "Welcome",
        body: "Hi {{subscriber.firstName}}",
        primaryAction: { label: "Get started", redirect: { url: "/start", target: "_self" } },
      },
    },
    {
      name: "Mail",
      type: "email",
      controlValues: {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: content a YAML program must escape
        subject: "Welcome to ${acme}",
        body: "<p>Hello {{subscriber.firstName}}</p>",
        editorType: "html",
        ...(layoutId !== undefined ? { layoutId } : {}),
      },
    },
    { name: "Chat", type: "chat", controlValues: { body: "Welcome aboard" } },
    { name: "Phone", type: "push", controlValues: { subject: "Welcome", body: "Open the app" } },
    { name: "Text", type: "sms", controlValues: { body: "Welcome" } },
    { name: "Batch", type: "digest", controlValues: { amount: 1, unit: "hours" } },
    { name: "Wait", type: "delay", controlValues: { amount: 5, unit: "minutes" } },
    { name: "Limit", type: "throttle", controlValues: { type: "fixed", amount: 1, unit: "hours" } },
    { name: "Hook", type: "custom", controlValues: { custom: { plan: "pro" } } },
    {
      name: "Notify CRM",
      type: "http_request",
      controlValues: {
        method: "POST",
        url: "https://crm.acme.test/hooks/{{payload.account}}",
        headers: [
          { key: "Content-Type", value: "application/json" },
          { key: "Authorization", value: SEED_WEBHOOK_TOKEN },
        ],
        body: [{ key: "email", value: "{{subscriber.email}}" }],
        continueOnFailure: true,
      },
    },
  ];
}

/**
 * An email step with no layout at all (`layoutId: null`; absent would be the environment's default layout), which
 * a typed block cannot declare (the export engine test's third workflow).
 */
export const PLAIN_MAIL = {
  name: "Plain mail",
  type: "email",
  controlValues: { subject: "Your week", body: "<p>The news</p>", editorType: "html", layoutId: null },
} as const;

async function ok(answer: Promise<Answer>, what: string): Promise<Answer> {
  const a = await answer;
  if (a.status >= 300) throw new Error(`seed: ${what}: ${a.status} ${JSON.stringify(a.body)}`);
  return a;
}

/** POST then PUT of a layout (the service ignores content on create). */
export async function seedLayout(emu: Emulator, layoutId: string, name: string, key?: string): Promise<void> {
  const k = key === undefined ? {} : { key };
  const created = await ok(
    call(emu, "POST", "/v2/layouts", { ...k, body: { layoutId, name } }),
    `layout ${layoutId}`,
  );
  await ok(
    call(emu, "PUT", `/v2/layouts/${created.body.data._id}`, {
      ...k,
      body: { name, controlValues: { email: { body: SEED_LAYOUT_BODY, editorType: "html" } } },
    }),
    `layout ${layoutId} content`,
  );
}

/** An integration (no credentials check). */
export async function seedIntegration(
  emu: Emulator,
  body: Record<string, unknown>,
  key?: string,
): Promise<void> {
  await ok(
    call(emu, "POST", "/v1/integrations", {
      ...(key === undefined ? {} : { key }),
      body: { check: false, ...body },
    }),
    `integration ${String(body.identifier)}`,
  );
}

/** A workflow as the dashboard makes it. */
export async function seedWorkflow(
  emu: Emulator,
  body: Record<string, unknown>,
  key?: string,
): Promise<void> {
  await ok(
    call(emu, "POST", "/v2/workflows", { ...(key === undefined ? {} : { key }), body }),
    `workflow ${String(body.workflowId)}`,
  );
}

/** A topic. */
export async function seedTopic(emu: Emulator, topicKey: string, name: string, key?: string): Promise<void> {
  await ok(
    call(emu, "POST", "/v2/topics", { ...(key === undefined ? {} : { key }), body: { key: topicKey, name } }),
    `topic ${topicKey}`,
  );
}

/** The plain environment variable of the engine test's environment, and its value. */
export const SEED_PLAIN_VARIABLE = { key: "API_BASE", value: "https://api.acme.test" } as const;
/** The secret environment variable of the engine test's environment (its value: the seed's argument). */
export const SEED_SECRET_VARIABLE = "SIGNING_KEY";

/** An environment variable with a value in the environment of `key` (default: the emulator's). */
export async function seedVariable(
  emu: Emulator,
  body: { key: string; value: string; isSecret?: boolean },
  key?: string,
): Promise<void> {
  const k = key === undefined ? {} : { key };
  const me = await ok(call(emu, "GET", "/v1/environments/me", k), "environment");
  const { value, ...record } = body;
  await ok(
    call(emu, "POST", "/v1/environment-variables", {
      ...k,
      body: { ...record, values: [{ _environmentId: me.body.data._id, value }] },
    }),
    `environment variable ${body.key}`,
  );
}

/** The engine test's environment (see the file header); `siblingKey` is another environment's key. */
export async function seedDashboardEnvironment(
  emu: Emulator,
  siblingKey: string,
  credentials: { slack?: string; signingKey?: string; push?: string } = {},
): Promise<void> {
  await seedIntegration(emu, {
    providerId: "slack",
    channel: "chat",
    name: "Team Slack",
    identifier: "team-slack",
    active: true,
    credentials: { applicationId: credentials.slack ?? "A1" },
  });
  await seedIntegration(emu, {
    providerId: "sendgrid",
    channel: "email",
    name: "SendGrid",
    identifier: "sendgrid-main",
    active: false,
  });
  // With a push credential, an active push integration too (before the workflows: their push steps find it).
  if (credentials.push !== undefined) {
    await seedIntegration(emu, {
      providerId: "fcm",
      channel: "push",
      name: "Mobile push",
      identifier: "mobile-push",
      active: true,
      credentials: { serviceAccount: credentials.push },
    });
  }
  await seedIntegration(
    emu,
    { providerId: "twilio", channel: "sms", name: "Prod Twilio", identifier: "prod-twilio", active: false },
    siblingKey,
  );
  await seedLayout(emu, "brand", "Brand");
  const steps = everyStep("brand");
  await seedWorkflow(emu, {
    workflowId: "welcome",
    name: "Welcome",
    tags: ["onboarding", "email"],
    steps: steps.slice(0, 5),
    preferences: { user: { all: { enabled: true, readOnly: false }, channels: { sms: { enabled: false } } } },
  });
  await seedWorkflow(emu, {
    workflowId: "weekly-digest",
    name: "Weekly digest",
    description: "The week's news",
    severity: "high",
    steps: steps.slice(5),
  });
  await seedTopic(emu, "beta-users", "Beta users");
  await seedTopic(emu, "ops:on-call", "On call");
  await seedVariable(emu, SEED_PLAIN_VARIABLE);
  await seedVariable(emu, {
    key: SEED_SECRET_VARIABLE,
    value: credentials.signingKey ?? "seeded-signing-key",
    isSecret: true,
  });
  // A variable with a value in the sibling environment only: not this environment's.
  await seedVariable(emu, { key: "SIBLING_ONLY", value: "theirs" }, siblingKey);
}

/** The bench's environment: `workflows` of every step type, `layouts`, `topics`, `integrations`. */
export async function seedScale(
  emu: Emulator,
  counts: { workflows: number; layouts: number; topics: number; integrations: number },
): Promise<void> {
  for (let i = 0; i < counts.layouts; i++) await seedLayout(emu, `layout-${i}`, `Layout ${i}`);
  for (let i = 0; i < counts.integrations; i++) {
    await seedIntegration(emu, {
      providerId: "slack",
      channel: "chat",
      name: `Slack ${i}`,
      identifier: `slack-${i}`,
      active: false,
    });
  }
  for (let i = 0; i < counts.workflows; i++) {
    await seedWorkflow(emu, {
      workflowId: `workflow-${i}`,
      name: `Workflow ${i}`,
      tags: [`group-${i % 5}`],
      steps: everyStep(counts.layouts > 0 ? `layout-${i % counts.layouts}` : undefined),
    });
  }
  for (let i = 0; i < counts.topics; i++) await seedTopic(emu, `topic-${i}`, `Topic ${i}`);
}
