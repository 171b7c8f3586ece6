/** Regression tests for defects the reliability scenarios found in the emulator's request log. */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";

describe("emulator request log", () => {
  it("records the idempotency key of a request refused before it was read (429, 401)", async () => {
    const emu = await startEmulator({ port: 0, rateLimit: { global: 0.2 } });
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url, maxRetries: 0 });
    const wrong = new SvcClient({ apiKey: `wrong_${randomUUID()}`, baseUrl: emu.url, maxRetries: 0 });
    try {
      await client.integrations.create({ providerId: "twilio", channel: "sms", identifier: "a" });
      const refused = await client.integrations
        .create({ providerId: "twilio", channel: "sms", identifier: "b" }, { idempotencyKey: "key-429" })
        .catch((e: unknown) => e);
      const denied = await wrong.integrations
        .create({ providerId: "twilio", channel: "sms", identifier: "c" }, { idempotencyKey: "key-401" })
        .catch((e: unknown) => e);
      expect((refused as { status?: number }).status).toBe(429);
      expect((denied as { status?: number }).status).toBe(401);
      const byKey = Object.fromEntries(emu.requests.map((r) => [r.idempotencyKey ?? "-", r.status]));
      expect(byKey["key-429"]).toBe(429);
      expect(byKey["key-401"]).toBe(401);
    } finally {
      await client.close();
      await wrong.close();
      await emu.close();
    }
  });
});
