/**
 * Environments: one program, one stack, two service environments. Each environment has its own explicit
 * `svc.Provider` (its API key decides the environment the integrations land in), and every resource and data
 * source names the provider it goes through. (../environments-stacks does the same with one stack per
 * environment and the stack's `svc:apiKey`.)
 *
 * Settings (`pulumi config set <key> <value>`):
 * - `devKey`, `prodKey` (secret, required): the API key of each environment.
 * - `svc:baseUrl`: the service's base URL of both providers; `devBaseUrl` / `prodBaseUrl` override it.
 * - `prodEmailActive`, `devEmailActive`: whether that environment's email integration is active.
 * - `sendgridApiKey` (secret): the email provider's key; a demo value is used without it.
 */
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const cfg = new pulumi.Config();

/** What differs between the environments, besides the key. */
const ENVIRONMENTS = {
  dev: { emailFrom: "dev-noreply@example.com", emailActive: false },
  prod: { emailFrom: "noreply@example.com", emailActive: true },
} as const;

type Environment = keyof typeof ENVIRONMENTS;

/** The provider, integrations and a lookup of one environment. */
function environment(env: Environment) {
  const settings = ENVIRONMENTS[env];
  // Without `baseUrl`, the provider takes the stack's `svc:baseUrl`.
  const baseUrl = cfg.get(`${env}BaseUrl`);
  const provider = new svc.Provider(env, {
    apiKey: cfg.requireSecret(`${env}Key`),
    ...(baseUrl ? { baseUrl } : {}),
  });
  const email = new svc.Integration(
    `${env}-email`,
    {
      providerId: "sendgrid",
      channel: "email",
      name: `Email (${env})`,
      active: cfg.getBoolean(`${env}EmailActive`) ?? settings.emailActive,
      credentials: {
        apiKey: cfg.getSecret("sendgridApiKey") ?? pulumi.secret(`SG.${env}-demo-key`),
        from: settings.emailFrom,
      },
    },
    { provider },
  );
  // A chat integration (the in-app one is the environment's own: the service makes it with the environment
  // and refuses a second).
  const chat = new svc.Integration(
    `${env}-chat`,
    { providerId: "slack", channel: "chat", name: `Team chat (${env})`, active: true },
    { provider },
  );
  // A data source goes through the same provider (the list is organization-wide: filter by environment).
  const active = svc.getActiveIntegrationsOutput(
    { environmentId: email.environmentId },
    { provider, dependsOn: [email, chat] },
  );
  return {
    environmentId: email.environmentId,
    identifiers: [email.identifier, chat.identifier],
    emailActive: email.active,
    // The data source's answer is secret as a whole (a service may answer credentials in it); channels are not.
    activeChannels: pulumi.unsecret(active.apply((list) => list.map((i) => i.channel).sort())),
  };
}

/** Per environment: where its integrations landed, their identifiers, and what a lookup through its provider sees. */
export const dev = environment("dev");
export const prod = environment("prod");
