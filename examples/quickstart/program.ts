/**
 * Quickstart: integrations on three channels (email with credentials, chat, push), a subscriber's push
 * credentials, and stack outputs read back through the data sources.
 *
 * Settings (all optional; `pulumi config set <key> <value>`):
 * - `sendgridApiKey` (secret): the email provider's key; a demo value is used without it.
 * - `emailFrom`, `emailSenderName`: the email sender.
 * - `chatProvider`: `slack` (default) or `discord`; changing it replaces the chat integration.
 * - `expoAccessToken` (secret): the push provider's token; a demo value is used without it.
 * - `adaDeviceToken`: the device token registered for the subscriber `user-ada` (of the emulator's fixtures).
 * - `workflowId`: the workflow described in the outputs (default `welcome`, of the emulator's fixtures).
 */
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const cfg = new pulumi.Config();

const email = new svc.Integration("email", {
  providerId: "sendgrid",
  channel: "email",
  name: "Transactional email",
  active: true,
  credentials: {
    apiKey: cfg.getSecret("sendgridApiKey") ?? pulumi.secret("SG.quickstart-demo-key"),
    from: cfg.get("emailFrom") ?? "noreply@example.com",
    senderName: cfg.get("emailSenderName") ?? "Example App",
  },
});

const chat = new svc.Integration("chat", {
  providerId: cfg.get("chatProvider") ?? "slack",
  channel: "chat",
  name: "Team alerts",
  active: true,
});

const push = new svc.Integration("push", {
  providerId: "expo",
  channel: "push",
  name: "Mobile push",
  active: true,
  credentials: { apiKey: cfg.getSecret("expoAccessToken") ?? pulumi.secret("expo-quickstart-demo-token") },
});

// Push credentials of one subscriber (user-ada exists in the emulator's default fixtures), bound to the push
// integration above: its identifier is an output of `push`, so Pulumi creates the integration first.
const adaPush = new svc.SubscriberCredentials("ada-push", {
  subscriberId: "user-ada",
  providerId: "expo",
  integrationIdentifier: push.identifier,
  credentials: { deviceTokens: [cfg.get("adaDeviceToken") ?? "ExponentPushToken[quickstart-ada-phone]"] },
});

/** Identifier of each integration (generated, stable across runs). */
export const integrations = {
  email: email.identifier,
  chat: chat.identifier,
  push: push.identifier,
};
/** The environment the API key acts on. */
export const environmentId = email.environmentId;
/** Whether the email integration became its channel's primary (the service computes it for email and SMS). */
export const emailPrimary = email.primary;
/** The id of the subscriber's push credentials (`subscriberId/providerId/integrationIdentifier`). */
export const adaPushCredentials = adaPush.id;

// Data sources run in the program. Passing an output of every integration as an argument makes the read
// wait until they exist (during a preview of new integrations it is skipped: its argument is unknown).
const active = svc.getActiveIntegrationsOutput({
  environmentId: pulumi.all([email.environmentId, chat.id, push.id]).apply(([env]) => env),
});
/**
 * Identifiers of the active integrations of this environment, per channel (ours and any others). The data
 * source's answer is secret as a whole (a service may answer credentials in it); identifiers are not, so the
 * program takes them out and says so with `pulumi.unsecret`.
 */
export const activeIntegrations = pulumi.unsecret(
  active.apply((list) => {
    const byChannel: Record<string, string[]> = {};
    for (const i of list) byChannel[i.channel] = [...(byChannel[i.channel] ?? []), i.identifier].sort();
    return byChannel;
  }),
);

const workflow = svc.getWorkflowOutput({ workflowId: cfg.get("workflowId") ?? "welcome" });
/** A workflow of the service, read by its identifier: name, status and the types of its steps. */
export const workflowSummary = workflow.apply((w) => ({
  name: w.name,
  status: w.status,
  steps: w.steps.map((step) => step.type),
}));
