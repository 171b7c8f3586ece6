/**
 * scripts/provider-table: reads a Novu-shaped source tree (here a small synthetic one, written by the test) and
 * writes the table. The committed table itself is checked in test/sdk/schemas/provider-credentials.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tableText } from "../../scripts/provider-table/main";
import { directorySource } from "../../scripts/provider-table/novu-source";
import { readProviders } from "../../scripts/provider-table/read-providers";

const root = mkdtempSync(join(tmpdir(), "provider-table-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

const P = "packages/shared/src/consts/providers";
write(
  "packages/shared/src/types/providers.ts",
  `export enum CredentialsKeyEnum { ApiKey = 'apiKey', From = 'from', SenderName = 'senderName', AppSid = 'appSid', ApiURL = 'apiURL' }
   export enum SmsProviderIdEnum { Novu = 'novu-sms', Unifonic = 'unifonic' }
   export enum EmailProviderIdEnum { Braze = 'braze' }`,
);
write("packages/shared/src/types/channel.ts", "export enum ChannelTypeEnum { SMS = 'sms', EMAIL = 'email' }");
write(
  `${P}/credentials/provider-credentials.ts`,
  `const base: IConfigCredential[] = [{ key: CredentialsKeyEnum.From, displayName: 'From', required: true }];
   export const unifonicConfig: IConfigCredential[] = [
     { key: CredentialsKeyEnum.AppSid, required: true }, { key: CredentialsKeyEnum.SenderName, required: false }, ...base];
   export const brazeConfig: IConfigCredential[] = [{ key: CredentialsKeyEnum.ApiURL, required: true }, ...base];`,
);
write(
  `${P}/channels/sms.ts`,
  `export const smsProviders: IProviderConfig[] = [
     { id: SmsProviderIdEnum.Novu, displayName: 'Novu SMS', channel: ChannelTypeEnum.SMS, credentials: [] as IConfigCredential[] },
     { id: SmsProviderIdEnum.Unifonic, displayName: 'Unifonic', channel: ChannelTypeEnum.SMS, credentials: unifonicConfig }];`,
);
write(
  `${P}/channels/email.ts`,
  "export const emailProviders = [{ id: EmailProviderIdEnum.Braze, displayName: 'Braze', channel: ChannelTypeEnum.EMAIL, credentials: brazeConfig }];",
);
write(`${P}/channels/index.ts`, "export * from './sms';");

describe("provider-table generator", () => {
  it("reads ids, channels and keys through enums and spreads", () => {
    expect(readProviders(directorySource(root))).toEqual([
      {
        id: "braze",
        displayName: "Braze",
        channel: "email",
        credentials: [
          { key: "apiURL", required: true },
          { key: "from", required: true },
        ],
      },
      { id: "novu-sms", displayName: "Novu SMS", channel: "sms", credentials: [] },
      {
        id: "unifonic",
        displayName: "Unifonic",
        channel: "sms",
        credentials: [
          { key: "appSid", required: true },
          { key: "senderName", required: false },
          { key: "from", required: true },
        ],
      },
    ]);
  });

  it("writes the service's own ids through the vocabulary and keeps undeclarable keys apart", () => {
    const text = tableText(readProviders(directorySource(root)), "test tree");
    expect(text).toContain(
      '[V.smsProviderId]: { channel: "sms", name: "Novu SMS", required: [], optional: [] },',
    );
    expect(text).toContain(
      '"unifonic": { channel: "sms", name: "Unifonic", required: ["appSid", "from"], optional: ["senderName"] },',
    );
    expect(text).toContain('required: ["from"], optional: [], undeclarable: ["apiURL"] },');
  });
});
