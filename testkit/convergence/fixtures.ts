/**
 * The emulator fixtures every convergence run starts from: the demo integrations (`fcm-main`, `slack-main`)
 * and subscribers (two with entries of their own, which no stack may touch) plus three without channels.
 * Every subscriber of {@link SUBSCRIBERS} is here: credentials need existing subscribers.
 */
import type { Fixtures } from "../../emulator";
import { SUBSCRIBERS } from "./generator";

const FCM_MAIN_ID = "65f000000000000000000001";
const SLACK_MAIN_ID = "65f000000000000000000002";

/** Fixtures of a convergence run (a fresh copy each call). */
export function convergenceFixtures(): Fixtures {
  const named = new Set<string>(["user-ada", "user-grace"]);
  return {
    integrations: [
      {
        _id: FCM_MAIN_ID,
        name: "Push (FCM)",
        identifier: "fcm-main",
        providerId: "fcm",
        channel: "push",
        active: true,
        credentials: { serviceAccount: "fixture-service-account" },
      },
      {
        _id: SLACK_MAIN_ID,
        name: "Team Slack",
        identifier: "slack-main",
        providerId: "slack",
        channel: "chat",
        active: true,
      },
    ],
    subscribers: [
      {
        subscriberId: "user-ada",
        firstName: "Ada",
        channels: [
          {
            providerId: "fcm",
            integrationIdentifier: "fcm-main",
            _integrationId: FCM_MAIN_ID,
            credentials: { deviceTokens: ["fixture-token-ada"] },
          },
        ],
      },
      {
        subscriberId: "user-grace",
        firstName: "Grace",
        channels: [
          {
            providerId: "slack",
            integrationIdentifier: "slack-main",
            _integrationId: SLACK_MAIN_ID,
            credentials: { webhookUrl: "https://hooks.example/fixture/grace" },
          },
        ],
      },
      ...SUBSCRIBERS.filter((s) => !named.has(s)).map((subscriberId) => ({ subscriberId })),
    ],
  };
}
