/**
 * svc.Integration of a provider only the newest release lists (telegram, from the provider table's
 * `since: "newest"` rows): check knows its channel and refuses a credential key CredentialsDto lacks, naming
 * it and the allowed keys; create, read and diff are clean against the emulator of either release.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import type { ServiceVersion } from "../../../../emulator/service-version";
import { IntegrationProvider } from "../../../../provider/runtime/integration/provider";
import { SvcClient } from "../../../../sdk";

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function provider(serviceVersion: ServiceVersion): Promise<IntegrationProvider> {
  emu = await startEmulator({ port: 0, serviceVersion });
  const settings = { apiKey: emu.apiKey, baseUrl: emu.url };
  return new IntegrationProvider({ settings, client: (s) => new SvcClient(s) });
}

/** Telegram's bot token goes in `apiToken`, its webhook secret in `token` (the service's own integrations). */
const TELEGRAM = {
  providerId: "telegram",
  channel: "chat",
  identifier: "telegram-bot",
  name: "Ops bot",
  active: true,
  credentials: { apiToken: "12345678:AAAA-secret-bot-token", token: "tg-webhook-secret" },
};

describe("svc.Integration of telegram (newest service only)", () => {
  it("check: telegram delivers on chat; a key CredentialsDto lacks is named with the allowed keys", async () => {
    const p = await provider("newest");
    expect((await p.check({}, TELEGRAM)).failures).toEqual([]);
    const onSms = await p.check({}, { ...TELEGRAM, channel: "sms" });
    expect(onSms.failures).toEqual([
      { property: "channel", reason: 'channel: provider "telegram" delivers on chat, not sms' },
    ]);
    const misspelt = await p.check({}, { ...TELEGRAM, credentials: { botToken: "12345678:AAAA" } });
    expect(misspelt.failures).toHaveLength(1);
    const reason = misspelt.failures?.[0]?.reason ?? "";
    // Telegram's form is not in the files read: every CredentialsDto key is named.
    expect(reason).toMatch(
      /^credentials\.botToken: unknown field .*; the credential keys are apiKey, user, /,
    );
    expect(reason).toMatch(/, apiToken, /);
    expect(reason).not.toContain("12345678");
    // A provider whose form the table holds names its form's keys.
    const sendgrid = {
      providerId: "sendgrid",
      channel: "email",
      identifier: "m",
      credentials: { apikey: "SG.x" },
    };
    expect((await p.check({}, sendgrid)).failures?.[0]?.reason).toBe(
      'credentials.apikey: unknown field (not allowed here; check the spelling); provider "sendgrid" takes ' +
        "apiKey, from, senderName, region, ipPoolName",
    );
  });

  for (const version of ["2026-04", "newest"] as const) {
    it(`create, read and diff are clean (--service-version ${version})`, async () => {
      const p = await provider(version);
      const inputs = (await p.check({}, TELEGRAM)).inputs;
      const { id, outs } = await p.create(inputs);
      expect(outs).toMatchObject({
        providerId: "telegram",
        channel: "chat",
        credentials: TELEGRAM.credentials,
      });
      const stored = emu?.integrations().find((i) => i._id === id);
      expect(stored?.credentials).toEqual(TELEGRAM.credentials);
      const read = await p.read(id, outs);
      expect(read.props).toMatchObject({ providerId: "telegram", credentials: TELEGRAM.credentials });
      if (read.props) expect(await p.diff(id, read.props, inputs)).toMatchObject({ changes: false });
    });
  }
});
