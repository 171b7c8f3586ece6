/**
 * Environments, one stack each: one program, one stack per service environment. Each stack has its own
 * `svc:apiKey` (the key decides the environment the integrations land in) and its own settings in
 * Pulumi.<stack>.yaml. (../environments does the same in one stack, with an explicit provider per environment.)
 *
 * Settings per stack (`pulumi config set <key> <value> --stack <stack>`):
 * - `emailFrom` (required): sender address of this environment.
 * - `activateEmail`: whether the email integration is active (default false, as the service).
 * - `sendgridApiKey` (secret): the email provider's key; a demo value is used without it.
 */
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const cfg = new pulumi.Config();
const stack = pulumi.getStack();

const email = new svc.Integration("email", {
  providerId: "sendgrid",
  channel: "email",
  name: `Email (${stack})`,
  active: cfg.getBoolean("activateEmail") ?? false,
  credentials: {
    apiKey: cfg.getSecret("sendgridApiKey") ?? pulumi.secret(`SG.${stack}-demo-key`),
    from: cfg.require("emailFrom"),
  },
});

// A chat integration (the in-app one is the environment's own: the service makes it with the environment and
// refuses a second).
const chat = new svc.Integration("chat", {
  providerId: "slack",
  channel: "chat",
  name: `Team chat (${stack})`,
  active: true,
});

/** The environment the stack's API key acts on: different for dev and prod. */
export const environmentId = email.environmentId;
/** Identifiers differ per stack too (derived from project, stack and resource name). */
export const identifiers = [email.identifier, chat.identifier];
export const emailActive = email.active;
