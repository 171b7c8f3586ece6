/**
 * IntegrationDirectory against the emulator: the organization's integrations, where a write lands per
 * environment, after an out-of-band recreate, and after writes of this process.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import { DEFAULT_PROD_KEY } from "../../../../emulator/auth";
import { writeTarget } from "../../../../provider/runtime/channel-entries/channel-entry-rules";
import {
  IntegrationDirectory,
  integrationsChanged,
} from "../../../../provider/runtime/shared/integration-directory";
import { SvcClient } from "../../../../sdk";

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

const target = { providerId: "fcm", integrationIdentifier: "fcm-main" };

describe("IntegrationDirectory", () => {
  it("gives the organization's live integrations: a write target per environment", async () => {
    const directory = new IntegrationDirectory(() => client);
    const index = await directory.index();
    for (const n of [0, 1]) expect(writeTarget(index, envOf(n), target)?._id).toBe(liveIn(envOf(n)));
    expect(writeTarget(index, envOf(0), { ...target, integrationIdentifier: "nope" })).toBeUndefined();
  });

  it("sees an out-of-band recreate when asked fresh, and after any integration write of this process", async () => {
    const directory = new IntegrationDirectory(() => client, 60_000);
    const dev = { providerId: "fcm", integrationIdentifier: "fcm-dev" };
    const first = writeTarget(await directory.index(), envOf(0), dev)?._id;
    expect(first).toBeDefined();
    await client.integrations.delete(first ?? "");
    expect(writeTarget(await directory.index(), envOf(0), dev)?._id).toBe(first); // cached
    const fresh = await directory.index(true);
    expect(writeTarget(fresh, envOf(0), dev)).toBeUndefined();
    expect(fresh.live(first)).toBeUndefined();
    const made = await client.integrations.create({
      ...PUSH,
      identifier: "fcm-dev",
      credentials: { serviceAccount: "{}" },
    });
    integrationsChanged();
    expect(writeTarget(await directory.index(), envOf(0), dev)?._id).toBe(made._id);
  });
});
