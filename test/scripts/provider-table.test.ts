/**
 * scripts/provider-table: reads a Novu-shaped source tree (here a small synthetic one, written by the test) and
 * writes the table. The committed table itself is checked in test/sdk/schemas/provider-credentials.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { providersOf, tableText } from "../../scripts/provider-table/main";
import { directorySource, overlaySource } from "../../scripts/provider-table/novu-source";
import { readProviders } from "../../scripts/provider-table/read-providers";

const root = mkdtempSync(join(tmpdir(), "provider-table-"));
/** The newest single files, laid over `root` (the April tree's stand-in). */
const newest = mkdtempSync(join(tmpdir(), "provider-table-newest-"));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(newest, { recursive: true, force: true });
});

function write(path: string, text: string, under = root): void {
  mkdirSync(dirname(join(under, path)), { recursive: true });
  writeFileSync(join(under, path), text);
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

// The newest files: a chat channel file naming a credential list no file defines (telegram), braze's form
// likewise unread, the SMS form of unifonic with senderName required, no novu-sms in sms.ts, and the API's
// enum listing line and webex-messaging besides telegram.
write(
  "packages/shared/src/types/providers.ts",
  `export enum CredentialsKeyEnum { ApiKey = 'apiKey', From = 'from', SenderName = 'senderName', AppSid = 'appSid' }
   export enum SmsProviderIdEnum { Novu = 'novu-sms', Unifonic = 'unifonic' }
   export enum ChatProviderIdEnum { Telegram = 'telegram' }
   export enum PushProviderIdEnum { Fcm = 'fcm' }
   export enum EmailProviderIdEnum { Braze = 'braze' }`,
  newest,
);
write(
  `${P}/credentials/provider-credentials.ts`,
  `const base: IConfigCredential[] = [{ key: CredentialsKeyEnum.From, required: true }];
   export const unifonicConfig: IConfigCredential[] = [
     { key: CredentialsKeyEnum.AppSid, required: true }, { key: CredentialsKeyEnum.SenderName, required: true }, ...base];`,
  newest,
);
write(
  `${P}/channels/email.ts`,
  "export const emailProviders = [{ id: EmailProviderIdEnum.Braze, displayName: 'Braze', channel: ChannelTypeEnum.EMAIL, credentials: brazeConfigV2 }];",
  newest,
);
write(
  `${P}/channels/sms.ts`,
  "export const smsProviders = [{ id: SmsProviderIdEnum.Unifonic, displayName: 'Unifonic', channel: ChannelTypeEnum.SMS, credentials: unifonicConfig }];",
  newest,
);
write(
  `${P}/channels/chat.ts`,
  "export const chatProviders = [{ id: ChatProviderIdEnum.Telegram, displayName: 'Telegram', channel: ChannelTypeEnum.CHAT, credentials: telegramConfig }];",
  newest,
);
write(
  "packages/shared/src/types/channel.ts",
  "export enum ChannelTypeEnum { SMS = 'sms', EMAIL = 'email', CHAT = 'chat' }",
  newest,
);
write(
  "src/models/components/chatorpushproviderenum.ts",
  'export const ChatOrPushProviderEnum = { Telegram: "telegram", Line: "line", WebexMessaging: "webex-messaging", Fcm: "fcm" } as const;',
  newest,
);

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

describe("provider-table generator, the newest files laid over the April tree", () => {
  const sources = () => {
    const base = directorySource(root);
    return { base, newest: overlaySource(newest, base, "newest: test files") };
  };

  it("holds every provider of either release, keys from the newest, and which release lists it", () => {
    const byId = new Map(providersOf(sources()).map((p) => [p.id, p]));
    expect([...byId.keys()]).toEqual([
      "braze",
      "novu-sms",
      "unifonic",
      "telegram",
      "line",
      "webex-messaging",
      "fcm",
    ]);
    expect(byId.get("novu-sms")).toMatchObject({ until: "2026-04" });
    expect(byId.get("braze"), "April's keys where the newest form is unread").toEqual({
      id: "braze",
      displayName: "Braze",
      channel: "email",
      credentials: [
        { key: "apiURL", required: true },
        { key: "from", required: true },
      ],
    });
    expect(byId.get("unifonic")?.credentials).toContainEqual({ key: "senderName", required: true });
    expect(byId.get("unifonic")).not.toHaveProperty("since");
    expect(byId.get("telegram")).toEqual({
      id: "telegram",
      displayName: "Telegram",
      channel: "chat",
      credentials: [],
      keysUnread: true,
      since: "newest",
    });
    expect(byId.get("webex-messaging")).toMatchObject({ displayName: "Webex Messaging", channel: "chat" });
    expect(byId.get("fcm")).toMatchObject({ channel: "push", since: "newest", keysUnread: true });
  });

  it("writes the release fields and the same bytes for the same inputs", () => {
    const text = tableText(providersOf(sources()), "test");
    expect(text).toContain(
      '"telegram": { channel: "chat", name: "Telegram", required: [], optional: [], keysUnread: true, since: "newest" },',
    );
    expect(text).toContain('until: "2026-04" },');
    expect(text).toContain('required: ["appSid", "senderName", "from"], optional: [] },');
    expect(tableText(providersOf(sources()), "test")).toBe(text);
  });

  it("refuses a credential list no file defines when reading one whole tree", () => {
    expect(() => readProviders(sources().newest)).toThrow(/cannot read the credentials of/);
  });
});
