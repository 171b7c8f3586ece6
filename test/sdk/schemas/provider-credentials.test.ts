import { describe, expect, it } from "vitest";
import {
  CHANNEL_TYPES,
  credentialsDtoSchema,
  demandedCredentialKeys,
  missingCredentialKeys,
  PROVIDER_CREDENTIALS,
  providerChannel,
  requiredCredentialKeys,
} from "../../../sdk/schemas";

const WELL_KNOWN = [
  "sendgrid",
  "mailgun",
  "ses",
  "postmark",
  "resend",
  "mailjet",
  "twilio",
  "sns",
  "plivo",
  "telnyx",
  "fcm",
  "apns",
  "expo",
  "one-signal",
  "slack",
  "discord",
  "msteams",
  "mattermost",
  "chat-webhook",
  "push-webhook",
  // Added by 2026 (issue 49).
  "unifonic",
  "sinch",
  "smsmode",
  "imedia",
  "isendpro-sms",
  "cm-telecom",
  "appio",
  "novu",
];

describe("PROVIDER_CREDENTIALS", () => {
  it("covers the well-known providers with a valid channel", () => {
    for (const id of WELL_KNOWN) {
      expect(PROVIDER_CREDENTIALS[id], id).toBeDefined();
      expect(CHANNEL_TYPES).toContain(PROVIDER_CREDENTIALS[id]?.channel);
    }
  });

  it("only names keys that exist in CredentialsDto", () => {
    const known = new Set(Object.keys(credentialsDtoSchema.shape));
    for (const [id, spec] of Object.entries(PROVIDER_CREDENTIALS)) {
      for (const key of [...spec.required, ...(spec.optional ?? [])])
        expect(known.has(key), `${id}.${key}`).toBe(true);
    }
  });

  it("has the source's requirements (the dashboard's forms), in the source's order", () => {
    expect(requiredCredentialKeys("sendgrid")).toEqual(["apiKey", "from", "senderName"]);
    expect(requiredCredentialKeys("mailgun")).toEqual(["apiKey", "user", "domain", "from", "senderName"]);
    expect(requiredCredentialKeys("ses")).toEqual(["apiKey", "secretKey", "region", "from", "senderName"]);
    expect(requiredCredentialKeys("twilio")).toEqual(["accountSid", "token", "from"]);
    expect(requiredCredentialKeys("sns")).toEqual(["apiKey", "secretKey", "region"]);
    expect(requiredCredentialKeys("fcm")).toEqual(["serviceAccount"]);
    expect(requiredCredentialKeys("one-signal")).toEqual(["applicationId", "apiKey"]);
    expect(requiredCredentialKeys("push-webhook")).toEqual(["webhookUrl", "secretKey"]);
    // The newest release's form (signingSecret became required there).
    expect(requiredCredentialKeys("slack")).toEqual([
      "applicationId",
      "clientId",
      "secretKey",
      "signingSecret",
    ]);
    expect(requiredCredentialKeys("unifonic")).toEqual(["appSid", "senderId", "from"]);
    expect(requiredCredentialKeys("appio")).toEqual(["AppIOBaseUrl"]);
    expect(requiredCredentialKeys("sinch")).toEqual(["servicePlanId", "apiToken", "region", "from"]);
    expect(PROVIDER_CREDENTIALS.msteams?.optional).toContain("tenantId");
    expect(PROVIDER_CREDENTIALS.braze?.undeclarable).toEqual(["apiURL", "appID"]);
    expect(providerChannel("twilio")).toBe("sms");
    expect(providerChannel("svc")).toBe("in_app");
    expect(providerChannel("apns")).toBe("push");
    expect(providerChannel("mattermost")).toBe("chat");
  });

  it("lists the newest release's providers the April 2026 tree lacks, as chat, with their keys unread", () => {
    for (const id of ["telegram", "line", "webex-messaging", "sendblue", "novu-web-chat"]) {
      expect(PROVIDER_CREDENTIALS[id], id).toMatchObject({
        channel: "chat",
        since: "newest",
        keysUnread: true,
      });
      expect(requiredCredentialKeys(id), id).toEqual([]);
    }
    expect(PROVIDER_CREDENTIALS["webex"], "webex's id is webex-messaging").toBeUndefined();
    const april = Object.entries(PROVIDER_CREDENTIALS).filter(([, spec]) => spec.since === undefined);
    expect(april).toHaveLength(78);
    expect(april.every(([, spec]) => spec.until === undefined)).toBe(true);
  });

  it("knows nothing about unknown providers (and is not fooled by prototype keys)", () => {
    expect(requiredCredentialKeys("brand-new")).toEqual([]);
    expect(requiredCredentialKeys("toString")).toEqual([]);
    expect(requiredCredentialKeys("__proto__")).toEqual([]);
    expect(providerChannel("constructor")).toBeUndefined();
  });

  it("is frozen", () => {
    expect(Object.isFrozen(PROVIDER_CREDENTIALS)).toBe(true);
  });
});

describe("demandedCredentialKeys", () => {
  it("is the required keys, but none of a chat provider's (targets live on subscribers) and never senderName", () => {
    expect(demandedCredentialKeys("sendgrid")).toEqual(["apiKey", "from"]);
    expect(demandedCredentialKeys("slack")).toEqual([]);
    expect(demandedCredentialKeys("rocket-chat")).toEqual([]);
    expect(demandedCredentialKeys("afro-message")).toEqual(["apiKey", "from"]);
    expect(demandedCredentialKeys("unifonic")).toEqual(["appSid", "senderId", "from"]);
    expect(demandedCredentialKeys("brand-new")).toEqual([]);
  });
});

describe("missingCredentialKeys", () => {
  it("lists absent, null and blank demanded keys in table order", () => {
    expect(missingCredentialKeys("sendgrid", {})).toEqual(["apiKey", "from"]);
    expect(missingCredentialKeys("sendgrid", undefined)).toEqual(["apiKey", "from"]);
    expect(missingCredentialKeys("ses", { apiKey: "AKIA", secretKey: "  ", region: null })).toEqual([
      "secretKey",
      "region",
      "from",
    ]);
  });

  it("is empty when everything required is there or the provider is unknown", () => {
    expect(missingCredentialKeys("twilio", { accountSid: "AC1", token: "t", from: "+15550100" })).toEqual([]);
    expect(missingCredentialKeys("discord", {})).toEqual([]);
    expect(missingCredentialKeys("brand-new", {})).toEqual([]);
  });

  it("returns key names only, never values", () => {
    const out = missingCredentialKeys("mailgun", { apiKey: "key-secret-123", domain: "" });
    expect(out).toEqual(["user", "domain", "from"]);
    expect(JSON.stringify(out)).not.toContain("key-secret-123");
  });
});
