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

// A workflow's shipped types (steps typed by `type`, with their controls): compiled, not declared here.
export const welcomeArgs: svc.WorkflowArgs = {
  name: "Welcome",
  steps: [
    { name: "Mail", type: "email", controls: { subject: "Welcome", body: "<p>Hello</p>", editorType: "html" } },
    { name: "Batch", type: "digest", controls: { amount: 1, unit: "hours" } },
  ],
};
export const workflowLookups = [svc.listWorkflows, svc.getEnvironment, svc.Workflow.get] as const;
