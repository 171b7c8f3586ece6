import { describe, expect, it } from "vitest";
import { formatIssues, preferenceChannelsSchema, subscriberPreferencesSchema } from "../../../sdk/schemas";

const prefs = {
  global: { enabled: true, channels: { email: true, sms: false, in_app: true, chat: false, push: true } },
  workflows: [
    {
      enabled: true,
      channels: { email: false },
      overrides: [
        { channel: "email", source: "subscriber" },
        { channel: "sms", source: "workflowOverride" },
      ],
      workflow: {
        slug: "welcome_wf",
        identifier: "welcome",
        name: "Welcome",
        updatedAt: "2024-01-01T00:00:00Z",
      },
    },
  ],
};

describe("subscriberPreferencesSchema", () => {
  it("parses global and per-workflow preferences with overrides", () => {
    const p = subscriberPreferencesSchema.parse(prefs);
    expect(p.global.channels.sms).toBe(false);
    expect(p.workflows[0]?.overrides.map((o) => o.source)).toEqual(["subscriber", "workflowOverride"]);
  });

  it("accepts an empty workflows list, new channels and new override sources", () => {
    expect(subscriberPreferencesSchema.parse({ ...prefs, workflows: [] }).workflows).toEqual([]);
    const p = subscriberPreferencesSchema.parse({
      ...prefs,
      workflows: [{ ...prefs.workflows[0], overrides: [{ channel: "whatsapp", source: "tenant" }] }],
    });
    expect(p.workflows[0]?.overrides[0]).toEqual({ channel: "whatsapp", source: "tenant" });
    expect(preferenceChannelsSchema.parse({ whatsapp: true })).toEqual({ whatsapp: true });
  });

  it("rejects missing required parts with paths", () => {
    const r = subscriberPreferencesSchema.safeParse({
      global: { channels: {} },
      workflows: [{ enabled: true }],
    });
    expect(formatIssues(r.error!)).toEqual([
      "global.enabled: is required (boolean)",
      "workflows[0].channels: is required (object)",
      "workflows[0].overrides: is required (array)",
      "workflows[0].workflow: is required (object)",
    ]);
    expect(preferenceChannelsSchema.safeParse({ email: "yes" }).success).toBe(false);
  });
});
