/**
 * IntegrationDirectory against the emulator: which integration an identifier names now, per environment,
 * after an out-of-band recreate, and after writes of this process.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../emulator";
import { DEFAULT_PROD_KEY } from "../../../emulator/auth";
import { IntegrationDirectory, integrationsChanged } from "../../../provider/runtime/integration-directory";
import { SvcClient } from "../../../sdk";

const PUSH = { providerId: "fcm", channel: "push", active: true, identifier: "fcm-main" } as const;

let emu: Emulator;
let client: SvcClient;
beforeEach(async () => {
  emu = await startEmulator({
    port: 0,
    // Seeding bypasses the organization-wide uniqueness of identifiers: the ambiguous case.
    fixtures: {
      integrations: [PUSH, { ...PUSH, identifier: "fcm-dev" }],
      environments: { [DEFAULT_PROD_KEY]: { integrations: [PUSH] } },
    },
  });
  client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
});
afterEach(async () => {
  await client.close();
  await emu.close();
});

const envOf = (n: number) => emu.keys[n]!.environmentId;
const liveIn = (env: string) =>
  emu.integrations().find((i) => i._environmentId === env && i.identifier === "fcm-main" && !i.deleted)?._id;

describe("IntegrationDirectory", () => {
  it("names the identifier's integration in the environment; ambiguous without one, null when gone", async () => {
    const directory = new IntegrationDirectory(() => client);
    const dev = envOf(0);
    expect((await directory.current({ environmentId: dev, integrationIdentifier: "fcm-main" }))?._id).toBe(
      liveIn(dev),
    );
    expect(await directory.current({ integrationIdentifier: "fcm-main" })).toBeUndefined();
    expect(await directory.current({ environmentId: dev })).toBeUndefined();
    expect(await directory.current({ environmentId: dev, integrationIdentifier: "nope" })).toBeNull();
  });

  it("sees an out-of-band recreate when asked fresh, and after any integration write of this process", async () => {
    const directory = new IntegrationDirectory(() => client, 60_000);
    const target = { environmentId: envOf(0), integrationIdentifier: "fcm-dev" };
    const first = (await directory.current(target))?._id;
    await client.integrations.delete(first ?? "");
    expect((await directory.current(target))?._id).toBe(first); // cached
    expect(await directory.current(target, true)).toBeNull();
    const made = await client.integrations.create({
      ...PUSH,
      identifier: "fcm-dev",
      credentials: { serviceAccount: "{}" },
    });
    integrationsChanged();
    expect((await directory.current(target))?._id).toBe(made._id);
  });
});
