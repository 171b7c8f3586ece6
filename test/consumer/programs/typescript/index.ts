// A user's TypeScript Pulumi program (test/consumer): both resource kinds, configured by stack config,
// compiled with the tsconfig of `pulumi new typescript`.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const cfg = new pulumi.Config("demo");

const emailArgs: svc.IntegrationArgs = {
  providerId: "sendgrid",
  channel: "email",
  name: cfg.require("integrationName"),
  active: true,
  credentials: { apiKey: cfg.requireSecret("sendgridApiKey"), from: "noreply@example.com" },
};

export const email = new svc.Integration("email", emailArgs);

export const phone = new svc.SubscriberCredentials("phone", {
  subscriberId: cfg.require("subscriberId"),
  providerId: "fcm",
  credentials: { deviceTokens: cfg.requireObject<string[]>("deviceTokens") },
});

export const emailIdentifier: pulumi.Output<string> = email.identifier;
