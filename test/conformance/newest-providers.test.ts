/**
 * Integrations of the providers the newest release lists and the April 2026 tree lacks (issue 49): `telegram`
 * (packages/shared/src/consts/providers/channels/chat.ts, novuhq/novu 0e6954db), `line`, `webex-messaging`,
 * `sendblue`, `novu-web-chat` (`@novu/api`'s ChatOrPushProviderEnum, novuhq/novu-ts 8b9bceff), all chat.
 *
 * Neither release checks a provider id: create-integration-request.dto.ts has `providerId` `@IsDefined()
 * @IsString()` only, and create-integration.usecase.ts stores any id (943f64bd and the newest file alike). So
 * the April 2026 service stores these integrations too, named (when the body has no name) as the id with its
 * first letter upper-cased, the `providers` list lacking them; the newest names telegram by its displayName
 * ("Telegram"). The credentials keep the CredentialsDto keys the service's own code puts there (telegram's bot
 * token in `apiToken` and webhook secret in `token`: link-telegram-chat, the e2e integrations; line's channel
 * access token in `apiToken`; webex's OAuth app in `clientId`/`secretKey`; sendblue's `apiKey`, `secretKey`,
 * `from`). Raw HTTP against the emulator process, once per release. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorProcess, raw, single, startEmulatorProcess } from "./emulator-process";

/** Each new provider, the credentials its integration holds, and the default name April 2026 gives it. */
const NEW_PROVIDERS = [
  {
    providerId: "telegram",
    credentials: { apiToken: "12345678:AAAA-conformance", token: "tg-secret" },
    april: "Telegram",
  },
  { providerId: "line", credentials: { apiToken: "line-channel-access-token" }, april: "Line" },
  {
    providerId: "webex-messaging",
    credentials: { clientId: "webex-client", secretKey: "webex-secret" },
    april: "Webex-messaging",
  },
  {
    providerId: "sendblue",
    credentials: { apiKey: "sb-key", secretKey: "sb-secret", from: "+15559990000" },
    april: "Sendblue",
  },
  { providerId: "novu-web-chat", credentials: {}, april: "Novu-web-chat" },
] as const;

/** The newest release's default names: telegram from its channel file; the others as April (no file names them). */
const NEWEST_NAMES: Readonly<Record<string, string>> = { telegram: "Telegram" };

// biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field
const byIdentifier = (list: any[], identifier: string): any => list.find((i) => i.identifier === identifier);

for (const version of ["2026-04", "newest"] as const) {
  describe(`integrations of the newest release's chat providers (--service-version ${version})`, () => {
    let emu: EmulatorProcess;

    beforeAll(async () => {
      emu = await startEmulatorProcess({}, [], ["--service-version", version]);
    }, 30_000);
    afterAll(async () => {
      await emu?.stop();
    });

    for (const p of NEW_PROVIDERS) {
      it(`${p.providerId}: stored as a chat integration with its keys`, async () => {
        const identifier = `${p.providerId}-${version}`;
        const created = await raw(emu, "POST", "/v1/integrations", {
          body: {
            identifier,
            providerId: p.providerId,
            channel: "chat",
            credentials: p.credentials,
            active: true,
          },
        });
        expect(created.status).toBe(201);
        expect(single(created)).toMatchObject({ providerId: p.providerId, channel: "chat", active: true });
        const listed = byIdentifier(single(await raw(emu, "GET", "/v1/integrations")), identifier);
        expect(listed).toMatchObject({ providerId: p.providerId, channel: "chat" });
        expect(listed.credentials).toEqual(version === "2026-04" ? p.credentials : {});
      });

      it(`${p.providerId}: named, without a name, as this release names it`, async () => {
        const created = await raw(emu, "POST", "/v1/integrations", {
          body: { providerId: p.providerId, channel: "chat" },
        });
        expect(created.status).toBe(201);
        const name = version === "newest" ? (NEWEST_NAMES[p.providerId] ?? p.april) : p.april;
        expect(single(created).name).toBe(name);
        expect(single(created).identifier.startsWith(`${p.providerId}-`)).toBe(true);
      });
    }

    it("an id neither release lists is stored all the same, named as the id capitalized", async () => {
      const created = await raw(emu, "POST", "/v1/integrations", {
        body: { providerId: "pigeon-post", channel: "chat", credentials: { apiKey: "coo" } },
      });
      expect(created.status).toBe(201);
      expect(single(created)).toMatchObject({ providerId: "pigeon-post", name: "Pigeon-post" });
    });
  });
}
