import { describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import { IntegrationProvider } from "../../provider/runtime/integration/provider";
import { permanentErrors } from "../../testkit/scenarios/permanent-errors";

describe("permanent errors are never retried", () => {
  it("400, 401, 404, 409 (identifier conflict) and 422 are sent exactly once", async () => {
    const rows = await permanentErrors();
    expect(rows.map((r) => r.expectedStatus)).toEqual(expect.arrayContaining([400, 401, 404, 409, 422]));
    for (const r of rows) {
      expect({ name: r.name, status: r.status, requests: r.requests }).toEqual({
        name: r.name,
        status: r.expectedStatus,
        requests: 1,
      });
      expect(r.operation, r.name).toBe(r.name.split(" ")[1]);
    }
  });

  it("a provider create whose identifier is taken by a different integration posts once and explains", async () => {
    const emu = await startEmulator({ port: 0 });
    try {
      const p = new IntegrationProvider({ settings: { apiKey: emu.apiKey, baseUrl: emu.url } });
      const first = await p.check({}, { providerId: "twilio", channel: "sms", identifier: "dup", name: "A" });
      await p.create(first.inputs as never);
      emu.resetRequests();
      const second = await p.check(
        {},
        { providerId: "twilio", channel: "sms", identifier: "dup", name: "B" },
      );
      const err = await p.create(second.inputs as never).catch((e: unknown) => e as Error);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(/already exists.*adopt: true/);
      expect(emu.requests.filter((r) => r.method === "POST")).toHaveLength(1);
      // The 409, then reads only: the integrations (which one holds the identifier) and the key's environment.
      expect(emu.requests.map((r) => `${r.status} ${r.method} ${r.path}`).sort()).toEqual([
        "200 GET /v1/environments/me",
        "200 GET /v1/integrations",
        "409 POST /v1/integrations",
      ]);
    } finally {
      await emu.close();
    }
  });
});
