// A user's JavaScript Pulumi program (test/consumer): both resource kinds, configured by stack config.
"use strict";
const pulumi = require("@pulumi/pulumi");
const svc = require("pulumi-svc");

const cfg = new pulumi.Config("demo");

const email = new svc.Integration("email", {
  providerId: "sendgrid",
  channel: "email",
  name: cfg.require("integrationName"),
  active: true,
  credentials: { apiKey: cfg.requireSecret("sendgridApiKey"), from: "noreply@example.com" },
});

const phone = new svc.SubscriberCredentials("phone", {
  subscriberId: cfg.require("subscriberId"),
  providerId: "fcm",
  credentials: { deviceTokens: cfg.requireObject("deviceTokens") },
});

module.exports = { email, phone, emailIdentifier: email.identifier };
