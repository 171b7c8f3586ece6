/** The one rule for generated integration identifiers (sdk/identifier.ts), used by the provider and the emulator. */
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import { generatedIdentifier, IDENTIFIER_SLUG_MAX_LENGTH, identifierSlug } from "../../sdk/identifier";
import { call } from "../../testkit/emulator-http";

describe("identifierSlug", () => {
  it("lowercases, turns other characters into one dash each run, and trims dashes", () => {
    expect(identifierSlug("Transactional Email!")).toBe("transactional-email");
    expect(identifierSlug("  __SMS (EU) __ ")).toBe("sms-eu");
    expect(identifierSlug("novu-sms")).toBe("novu-sms");
  });

  it("keeps at most the maximum length and falls back on a fixed word", () => {
    expect(identifierSlug("a".repeat(100))).toHaveLength(IDENTIFIER_SLUG_MAX_LENGTH);
    expect(identifierSlug("ÉÉÉ")).toBe("integration");
    expect(identifierSlug("")).toBe("integration");
  });

  it("appends the suffix after one dash", () => {
    expect(generatedIdentifier("Mail Main", "3f9c2a1b")).toBe("mail-main-3f9c2a1b");
  });
});

describe("the emulator names integrations as the service does (create-integration.usecase.ts)", () => {
  it("slug of the name (or provider), then a shortid; the client's slug of the same name agrees", async () => {
    const emu = await startEmulator({ port: 0 });
    try {
      const named = await call(emu, "POST", "/v1/integrations", {
        body: { providerId: "sendgrid", channel: "email", name: "  Mail: Main (EU) ", check: false },
      });
      const identifier = String(named.body.data.identifier);
      expect(identifier.startsWith(`${identifierSlug("  Mail: Main (EU) ")}-`)).toBe(true);
      expect(identifier).toMatch(/^mail-main-eu-[A-Za-z0-9_-]{7,14}$/);
    } finally {
      await emu.close();
    }
  });
});
