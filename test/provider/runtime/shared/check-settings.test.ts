/**
 * The key and address checked once a resource's inputs are valid (issue 50 items 12-14), at the provider level
 * against a port-0 emulator: a refused key fails `check` with one line naming `svc:apiKey` (or the explicit
 * provider's `apiKey`) and its command, a dead address names `svc:baseUrl`; bad inputs are reported before any
 * request; an unknown key is not checked; `GET /v1/environments/me` is asked once per process and key; a
 * `read` outside a program run (`refresh`) names `pulumi refresh --run-program`, a `delete` `pulumi destroy
 * --run-program` (../../model/setting-fix.ts words them).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import { ConfigError } from "../../../../provider/config";
import { settingFix } from "../../../../provider/model/setting-fix";
import { UNKNOWN } from "../../../../provider/model/values";
import { IntegrationProvider } from "../../../../provider/runtime/integration/provider";
import { type TargetedProvider, withTarget } from "../../../../provider/runtime/shared/with-target";
import { failure } from "../../../../testkit/error-assertions";

const GOOD = "check-settings-good-1a";
let emu: Emulator;
const made: TargetedProvider[] = [];

beforeAll(async () => {
  emu = await startEmulator({ port: 0, keys: [{ apiKey: GOOD }], fixtures: "none" });
});
afterAll(async () => {
  for (const p of made) await p.session?.client().close();
  await emu.close();
});

/** An integration provider wrapped as the host wraps it. */
function provider(apiKey: string, baseUrl = emu.url) {
  const inner = new IntegrationProvider({ settings: { apiKey, baseUrl } });
  made.push(inner);
  return withTarget(inner);
}

const INPUTS = { providerId: "sendgrid", channel: "email", identifier: "check-settings-mail" };
const me = () => emu.requests.filter((r) => r.path === "/v1/environments/me").length;

/** A loopback address where nothing listens. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe("check: the key and address, once", () => {
  it("a refused key: one line naming svc:apiKey and its command, a ConfigError coded SVC_ERR_KEY_REFUSED", async () => {
    const key = "check-settings-refused-1b";
    const err = await failure(provider(key).check({}, INPUTS));
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).code).toBe("SVC_ERR_KEY_REFUSED");
    expect(err.message).toMatch(
      /^svc: check: GET \/v1\/environments\/me -> 401 \(req [0-9a-f-]{36}\): API Key not found\. The service refused svc:apiKey: set it with `pulumi config set --secret svc:apiKey <key>` \(a key of the environment the stack acts on\), then run the command again\.$/,
    );
    expect(err.message).not.toContain(key);
    expect(err.stack).toBe(err.message);
  });

  it("a dead address: names svc:baseUrl, the address and its command, coded SVC_ERR_UNREACHABLE", async () => {
    const url = await deadUrl();
    const err = await failure(provider(GOOD, url).check({}, INPUTS));
    expect((err as ConfigError).code).toBe("SVC_ERR_UNREACHABLE");
    expect(err.message).toContain(
      `. No answer from the service at svc:baseUrl (${url}): if the address is wrong, set it with \`pulumi config set svc:baseUrl <url>\`, then run the command again.`,
    );
  }, 30_000);

  it("bad inputs first, with no request; an unknown key is not checked; a good key is asked once", async () => {
    emu.resetRequests();
    const bad = await provider("check-settings-refused-1c").check({}, { ...INPUTS, channel: "pager" });
    expect(bad.failures?.length).toBeGreaterThan(0);
    const unknown = await provider(UNKNOWN).check({}, INPUTS);
    expect(unknown.failures).toEqual([]);
    expect(emu.requests).toEqual([]);
    const good = provider(GOOD);
    for (let i = 0; i < 3; i++) expect((await good.check({}, INPUTS)).failures).toEqual([]);
    expect(me()).toBe(1);
  });
});

describe("settingFix: the fix for each source and command", () => {
  it("an explicit provider's setting is set in the program; a stored key's read and delete name --run-program", () => {
    expect(settingFix("key", "create", { source: { provider: "prod" }, config: "current" })).toBe(
      'The service refused the apiKey of svc.Provider "prod": set it in the program (a key of the environment the stack acts on), then run the command again.',
    );
    expect(
      settingFix("address", "read", { source: {}, config: "stored", baseUrl: "http://u:p@h:1/x?y" }),
    ).toBe(
      "No answer from the service at svc:baseUrl (http://h:1): if the address is wrong, set it with `pulumi config set svc:baseUrl <url>`, then run `pulumi refresh --run-program` (`pulumi refresh` acts with the settings stored at the last `pulumi up`; this form acts with those set now).",
    );
    expect(settingFix("key", "delete", { config: "stored" })).toMatch(
      /then run `pulumi destroy --run-program`/,
    );
    expect(settingFix("key", "read", { config: "current" })).toMatch(/then run the command again\.$/);
  });
});
