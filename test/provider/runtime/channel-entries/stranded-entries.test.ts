/**
 * The warning for an entry left holding the stack's credentials (provider/runtime/channel-entries/stranded-entries.ts,
 * issue 33): it names the resource, the subscriber, the provider and the integration (deleted, or inactive),
 * says what kind of credentials it holds, never their values, and is sent once per entry and process.
 */
import { describe, expect, it } from "vitest";
import { IntegrationIndex } from "../../../../provider/runtime/channel-entries/channel-entry-rules";
import {
  LEFT_ENTRY_README,
  leftEntryWarning,
  warnLeftEntries,
} from "../../../../provider/runtime/channel-entries/stranded-entries";
import type { EngineLog } from "../../../../provider/runtime/shared/engine-log";
import type { ChannelSettings } from "../../../../sdk/schemas";
import { integrationRecord } from "../../../../testkit/subscriber-record";

const OFF = integrationRecord("int-off", "fcm-off", "2026-03-01T00:00:00Z", { active: false });
const index = new IntegrationIndex([OFF]);
const entry = (integrationId: string, credentials: ChannelSettings["credentials"]): ChannelSettings => ({
  providerId: "fcm",
  _integrationId: integrationId,
  credentials,
});

describe("the warning for an entry left holding the stack's credentials", () => {
  it("names subscriber, provider and the deleted integration, and what it holds by kind only", () => {
    const left = entry("int-dead", { deviceTokens: ["tok-secret-1", "tok-secret-2"] });
    const text = leftEntryWarning('SubscriberCredentials "ada/fcm"', "ada", "fcm", left, index);
    expect(text).toBe(
      'svc: SubscriberCredentials "ada/fcm": subscriber "ada" keeps an entry of fcm bound to deleted integration ' +
        "int-dead that still holds this stack's credentials (2 device tokens, not shown). The service cannot " +
        "remove that entry alone (its only DELETE removes every fcm entry of the subscriber, your application's " +
        `too), so it is left as it is; remove it by hand (${LEFT_ENTRY_README}).`,
    );
    expect(text).not.toContain("tok-secret");
  });

  it("an inactive integration is named with its identifier; a webhook URL is never shown", () => {
    const left = entry("int-off", { webhookUrl: "https://hooks.test/secret-path" });
    const text = leftEntryWarning("x", "ada", "fcm", left, index);
    expect(text).toContain('bound to integration "fcm-off" (int-off), which is inactive');
    expect(text).toContain("(a webhook URL, not shown)");
    expect(text).not.toContain("secret-path");
  });

  it("is sent as an engine warning once per entry in a process", async () => {
    const sent: string[] = [];
    const log: EngineLog = { status: () => {}, info: async () => {}, warn: async (m) => void sent.push(m) };
    const left = [entry("int-once", { deviceTokens: ["t"] })];
    await warnLeftEntries("r", "bob", "fcm", left, index, log);
    await warnLeftEntries("r", "bob", "fcm", left, index, log);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('subscriber "bob"');
  });
});
