/**
 * The emulator fixtures every convergence run starts from: the application's own integrations (no stack
 * declares them: `fcm-main`, `fcm-app`, `slack-main`, `slack-app`, all active, and `fcm-retired`, deleted) and
 * subscribers, some with entries the application wrote (foreign to every stack: on a live integration they
 * must stay exactly as they are), one of them bound to the deleted integration (inert: a stack may remove
 * it). Every subscriber of {@link SUBSCRIBERS} is here: credentials need existing subscribers. Entries carry
 * no `integrationIdentifier`, as in the service. The application's integrations are older than anything a
 * stack creates, so a stack's own integration is the newest active one of its provider while it is active.
 */
import type { Fixtures } from "../../emulator";
import type { ChannelSettings } from "../../sdk/schemas";
import { SUBSCRIBERS } from "./generator";

/** The `_id`s of the application's integrations. */
export const FOREIGN_IDS = {
  "fcm-main": "65f000000000000000000001",
  "slack-main": "65f000000000000000000002",
  "fcm-app": "65f000000000000000000003",
  "slack-app": "65f000000000000000000004",
  "fcm-retired": "65f000000000000000000005",
} as const;

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
    channel: providerId === "fcm" ? "push" : "chat",
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
    ],
    subscribers: SUBSCRIBERS.map((subscriberId) => ({
      subscriberId,
      ...(subscriberId === "user-ada" ? { firstName: "Ada" } : {}),
      ...(subscriberId === "user-grace" ? { firstName: "Grace" } : {}),
      ...(channels[subscriberId] ? { channels: channels[subscriberId] } : {}),
    })),
  };
}
