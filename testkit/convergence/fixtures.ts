/**
 * The emulator fixtures every convergence run starts from: the application's own integrations (no stack
 * declares them: `fcm-main`, `fcm-app`, `slack-main`, `slack-app`, all active, and `fcm-retired`, deleted) and
 * subscribers, some with entries the application wrote (foreign to every stack: on a live integration they
 * must stay exactly as they are), one of them bound to the deleted integration (inert: a stack may remove
 * it). Every subscriber of {@link SUBSCRIBERS} is here: credentials need existing subscribers. Entries carry
 * no `integrationIdentifier`, as in the service. The application's integrations are older than anything a
 * stack creates, so a stack's own integration is the newest active one of its provider while it is active.
 * The application also has an in-app, an email and an SMS integration (so workflow steps of every channel
 * have one), and its own workflows ({@link createForeignWorkflows}), made through the service's API before
 * any stack runs. Layouts and topics: the environment's "Default layout" (the service seeds it when the
 * organization is made, so no stack's layout is ever the default here) and the application's topic
 * {@link FOREIGN_TOPIC}; the application's own subscribers ({@link APP_SUBSCRIBERS}) it subscribes to topics.
 */
import type { Emulator, Fixtures } from "../../emulator";
import type { ChannelSettings } from "../../sdk/schemas";
import { call } from "../emulator-http";
import { SUBSCRIBERS } from "./generator";
import { APP_SUBSCRIBERS, FOREIGN_TOPIC } from "./topic-model";
import { FOREIGN_WORKFLOW_IDS } from "./workflow-generator";
import { type ForeignWorkflow, liveWorkflowOf } from "./workflow-oracle";

/** The `_id`s of the application's integrations. */
export const FOREIGN_IDS = {
  "fcm-main": "65f000000000000000000001",
  "slack-main": "65f000000000000000000002",
  "fcm-app": "65f000000000000000000003",
  "slack-app": "65f000000000000000000004",
  "fcm-retired": "65f000000000000000000005",
  "novu-inbox": "65f000000000000000000006",
  "sendgrid-mail": "65f000000000000000000007",
  "twilio-sms": "65f000000000000000000008",
} as const;

/** The channel of each of the application's integrations. */
const CHANNELS: Record<string, string> = {
  fcm: "push",
  slack: "chat",
  novu: "in_app",
  sendgrid: "email",
  twilio: "sms",
};

const integration = (
  identifier: keyof typeof FOREIGN_IDS,
  name: string,
  createdAt: string,
  extra: { active?: boolean; deleted?: boolean; credentials?: Record<string, string> } = {},
) => {
  const providerId = identifier.split("-")[0]!;
  return {
    _id: FOREIGN_IDS[identifier],
    name,
    identifier,
    providerId,
    channel: CHANNELS[providerId] ?? "chat",
    active: extra.active ?? true,
    ...(extra.deleted ? { deleted: true } : {}),
    ...(extra.credentials ? { credentials: extra.credentials } : {}),
    createdAt,
  };
};

/** Fixtures of a convergence run (a fresh copy each call). */
export function convergenceFixtures(): Fixtures {
  const channels: Record<string, ChannelSettings[]> = {
    "user-ada": [
      {
        providerId: "fcm",
        _integrationId: FOREIGN_IDS["fcm-main"],
        credentials: { deviceTokens: ["fixture-token-ada"] },
      },
    ],
    "user-grace": [
      {
        providerId: "slack",
        _integrationId: FOREIGN_IDS["slack-main"],
        credentials: { webhookUrl: "https://hooks.example/fixture/grace" },
      },
    ],
    "user-alan": [
      {
        providerId: "fcm",
        _integrationId: FOREIGN_IDS["fcm-app"],
        credentials: { deviceTokens: ["fixture-token-alan-1", "fixture-token-alan-2"] },
      },
    ],
    "conv-2": [
      {
        providerId: "slack",
        _integrationId: FOREIGN_IDS["slack-app"],
        credentials: { webhookUrl: "https://hooks.example/fixture/conv-2", channel: "#fixture" },
      },
    ],
    "conv-3": [
      {
        providerId: "fcm",
        _integrationId: FOREIGN_IDS["fcm-retired"],
        credentials: { deviceTokens: ["fixture-token-retired"] },
      },
    ],
  };
  return {
    integrations: [
      integration("fcm-retired", "Old push", "2024-01-01T00:00:00.000Z", { active: false, deleted: true }),
      integration("fcm-main", "Push (FCM)", "2024-01-02T00:00:00.000Z", {
        credentials: { serviceAccount: "fixture-service-account" },
      }),
      integration("slack-main", "Team Slack", "2024-01-03T00:00:00.000Z"),
      integration("fcm-app", "App push", "2024-01-04T00:00:00.000Z", {
        credentials: { serviceAccount: "fixture-app-account" },
      }),
      integration("slack-app", "App Slack", "2024-01-05T00:00:00.000Z"),
      integration("novu-inbox", "Inbox", "2024-01-06T00:00:00.000Z"),
      integration("sendgrid-mail", "Mail", "2024-01-07T00:00:00.000Z", {
        credentials: { apiKey: "fixture-mail-key", from: "app@example.com", senderName: "App" },
      }),
      integration("twilio-sms", "SMS", "2024-01-08T00:00:00.000Z", {
        credentials: { accountSid: "fixture-sid", token: "fixture-sms-token", from: "+15550100" },
      }),
    ],
    subscribers: [
      ...SUBSCRIBERS.map((subscriberId) => ({
        subscriberId,
        ...(subscriberId === "user-ada" ? { firstName: "Ada" } : {}),
        ...(subscriberId === "user-grace" ? { firstName: "Grace" } : {}),
        ...(channels[subscriberId] ? { channels: channels[subscriberId] } : {}),
      })),
      ...APP_SUBSCRIBERS.map((subscriberId) => ({ subscriberId })),
    ],
    layouts: [{ layoutId: "default-layout", name: "Default layout" }],
    topics: [structuredClone(FOREIGN_TOPIC)],
  };
}

/** The bodies of the application's own workflows (`POST /v2/workflows`), by workflowId. */
const FOREIGN_WORKFLOW_BODIES: Record<(typeof FOREIGN_WORKFLOW_IDS)[number], Record<string, unknown>> = {
  "app-welcome": {
    name: "Welcome",
    description: "The application's own",
    tags: ["app"],
    steps: [
      { name: "Inbox", type: "in_app", controlValues: { subject: "Welcome", body: "Hello" } },
      { name: "Mail", type: "email", controlValues: { subject: "Welcome", body: "<p>Hello</p>" } },
    ],
  },
  "app-digest": {
    name: "Daily digest",
    steps: [
      { name: "Wait", type: "digest", controlValues: { type: "regular", amount: 1, unit: "days" } },
      { name: "Push", type: "push", controlValues: { subject: "Today", body: "{{step.events.length}} new" } },
    ],
  },
};

/**
 * Makes a workflow of the application through the service's API (`body` without workflowId) and reads it
 * back from the store, to hold every later step to leaving it as it is.
 */
export async function createForeignWorkflow(
  emu: Emulator,
  workflowId: string,
  body: Record<string, unknown>,
  source: string,
): Promise<ForeignWorkflow> {
  const created = await call(emu, "POST", "/v2/workflows", { body: { workflowId, ...body } });
  if (created.status !== 201)
    throw new Error(`creating the application's workflow ${workflowId}: ${created.status}`);
  return foreignWorkflowRecord(emu, String(created.body?.data?._id), source);
}

/** The application's workflow `_id` as stored now, as a {@link ForeignWorkflow}. */
export function foreignWorkflowRecord(emu: Emulator, _id: string, source: string): ForeignWorkflow {
  const stored = emu.workflows(emu.keys[0]!.environmentId).find((w) => w._id === _id);
  if (!stored) throw new Error(`the application's workflow ${_id} is not stored`);
  const live = liveWorkflowOf(stored);
  return { _id, workflowId: live.workflowId, record: live.record, source };
}

/** Makes the application's own workflows ({@link FOREIGN_WORKFLOW_IDS}) in the emulator's first environment. */
export async function createForeignWorkflows(emu: Emulator): Promise<ForeignWorkflow[]> {
  const out: ForeignWorkflow[] = [];
  for (const id of FOREIGN_WORKFLOW_IDS)
    out.push(await createForeignWorkflow(emu, id, FOREIGN_WORKFLOW_BODIES[id], "fixture"));
  return out;
}
