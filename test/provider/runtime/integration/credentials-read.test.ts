/**
 * Integration's read (refresh, `Integration.get`) against a service that answers credentials in plaintext
 * (April 2026, the emulator's default) and one that answers `{}` (newest): a credential changed outside
 * Pulumi shows as the service's credentials on the first, never on the second; credentials this stack does
 * not manage are never taken from the service; and no credential value is echoed by an error.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import type { ServiceVersion } from "../../../../emulator/service-version";
import type { IntegrationInputs } from "../../../../provider/model/integration-schema";
import { IntegrationProvider } from "../../../../provider/runtime/integration/provider";
import { SvcClient } from "../../../../sdk";
import { parsePayload } from "../../../../sdk/response";
import { integrationListSchema } from "../../../../sdk/schemas";

const DECLARED = { accountSid: "AC-read-sid-1", token: "tw-read-token-2", from: "+15550001" };
const ROTATED = { ...DECLARED, token: "tw-rotated-outside-3" };

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function setUp(serviceVersion: ServiceVersion) {
  emu = await startEmulator({ port: 0, serviceVersion });
  const settings = { apiKey: emu.apiKey, baseUrl: emu.url };
  const p = new IntegrationProvider({ settings, listTtlMs: 0 });
  const outside = new SvcClient(settings);
  return { p, outside };
}

async function create(p: IntegrationProvider, credentials?: object) {
  const r = await p.check(
    {},
    {
      providerId: "twilio",
      channel: "sms",
      identifier: "sms-read",
      // Without credentials: inactive (an active one needs its provider's keys).
      active: credentials !== undefined,
      check: false,
      ...(credentials ? { credentials } : {}),
    },
  );
  expect(r.failures).toEqual([]);
  const inputs = r.inputs as IntegrationInputs;
  return { inputs, ...(await p.create(inputs)) };
}

describe.each(["2026-04", "newest"] as const)("read on the %s service", (version) => {
  const answers = version === "2026-04";

  it("credentials unchanged: what state holds, and no diff", async () => {
    const { p, outside } = await setUp(version);
    const made = await create(p, DECLARED);
    const read = await p.read(made.id, made.outs);
    expect(read.props?.credentials).toEqual(DECLARED);
    expect((await p.diff(made.id, read.props!, made.inputs)).changes).toBe(false);
    await outside.close();
  });

  it(`a credential changed outside Pulumi: ${answers ? "read as the service's, a diff of credentials" : "not seen (the service answers {})"}`, async () => {
    const { p, outside } = await setUp(version);
    const made = await create(p, DECLARED);
    await outside.integrations.update(made.id, { credentials: ROTATED });
    const read = await p.read(made.id, made.outs);
    expect(read.props?.credentials).toEqual(answers ? ROTATED : DECLARED);
    expect(read.inputs?.credentials).toEqual(answers ? ROTATED : DECLARED);
    const diff = await p.diff(made.id, read.props!, made.inputs);
    expect(diff.changes).toBe(answers);
    await outside.close();
  });

  it("credentials not managed here (left out, or a lookup): never taken from the service", async () => {
    const { p, outside } = await setUp(version);
    const made = await create(p);
    await outside.integrations.update(made.id, { credentials: ROTATED });
    const read = await p.read(made.id, made.outs);
    expect(read.props?.credentials).toEqual({});
    expect(read.inputs).not.toHaveProperty("credentials");
    const lookup = await p.read(made.id);
    expect(JSON.stringify(lookup)).not.toContain(ROTATED.token);
    await outside.close();
  });
});

describe("a malformed answer", () => {
  it("is described without quoting the body (V8 quotes the text around the failure)", () => {
    const text = '{"data":[{"credentials":{"apiKey":SG.leaky-secret-4}}]}';
    const parsed = parsePayload(200, "application/json", text, integrationListSchema);
    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).not.toContain("SG.leaky");
    expect(JSON.stringify(parsed)).toContain("malformed JSON (unexpected token), 55 bytes");
  });
});
