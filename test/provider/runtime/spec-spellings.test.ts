/**
 * Programs written with the spec's spellings of the service's names (`providerId: "svc"`, `svc-slack`) keep
 * working: check maps them to the service's own (`novu`, `novu-slack`), and a stack made by the last release
 * (inputs, outputs and the service's record all `svc`) previews clean after the upgrade, with no write: diff
 * reads `svc` as `novu` (the upgrade rule).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../emulator";
import type { IntegrationOutputs } from "../../../provider/model/integration-schema";
import { IntegrationProvider } from "../../../provider/runtime/integration/provider";
import {
  checkSubscriberCredentials,
  diffSubscriberCredentials,
} from "../../../provider/runtime/subscriber-credentials/model";
import { diffSubscriberCredentialsSet } from "../../../provider/runtime/subscriber-credentials-set/diff";
import { checkSubscriberCredentialsSet } from "../../../provider/runtime/subscriber-credentials-set/model";
import { SvcClient } from "../../../sdk";
import { call } from "../../../testkit/emulator-http";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(() => emu.close());

const provider = () =>
  new IntegrationProvider({
    settings: { apiKey: emu.apiKey, baseUrl: emu.url },
    client: (s) => new SvcClient(s),
  });

describe("check maps the spec's spellings to the service's names", () => {
  it("Integration: svc is novu (in_app), svc-email is novu-email", async () => {
    const p = provider();
    const inApp = await p.check({}, { providerId: "svc", channel: "in_app", identifier: "spelled-inbox" });
    expect(inApp.failures).toEqual([]);
    expect(inApp.inputs.providerId).toBe("novu");
    const mail = await p.check({}, { providerId: "svc-email", channel: "email", identifier: "spelled-mail" });
    expect(mail.inputs.providerId).toBe("novu-email");
  });

  it("SubscriberCredentials and SubscriberCredentialsSet: svc-slack is novu-slack", () => {
    const one = checkSubscriberCredentials({
      subscriberId: "ada",
      providerId: "svc-slack",
      credentials: { webhookUrl: "https://hooks.example/x" },
    });
    expect(one.failures).toEqual([]);
    expect(one.inputs.providerId).toBe("novu-slack");
    const set = checkSubscriberCredentialsSet({
      providerId: "svc-slack",
      credentials: { ada: { webhookUrl: "https://hooks.example/x" } },
    });
    expect(set.failures).toEqual([]);
    expect(set.inputs.providerId).toBe("novu-slack");
    expect(
      diffSubscriberCredentials({ ...one.inputs, providerId: "svc-slack" }, one.inputs).replaces,
    ).toEqual([]);
    expect(
      diffSubscriberCredentialsSet(
        { ...set.inputs, providerId: "svc-slack" },
        set.inputs as Record<string, unknown>,
      ).replaces,
    ).toEqual([]);
  });
});

describe("the upgrade rule: a stack of the last release, providerId svc everywhere", () => {
  it("previews clean with no write, declared as svc or as novu, before and after a refresh", async () => {
    // What the last release made: an integration created with providerId "svc" (the service stores it as
    // a provider it does not know), and its state.
    const made = await call(emu, "POST", "/v1/integrations", {
      body: { providerId: "svc", channel: "in_app", identifier: "old-inbox", name: "Inbox", check: false },
    });
    expect(made.status).toBe(201);
    const id: string = made.body.data._id;
    const p = provider();
    const read = await p.read(id, { identifier: "old-inbox" });
    const olds = read.props as IntegrationOutputs;
    expect(olds.providerId).toBe("svc");
    emu.resetRequests();
    for (const providerId of ["svc", "novu"]) {
      const news = await p.check(
        { providerId: "svc", channel: "in_app", identifier: "old-inbox", name: "Inbox" },
        { providerId, channel: "in_app", identifier: "old-inbox", name: "Inbox" },
      );
      expect(news.failures).toEqual([]);
      expect(await p.diff(id, olds, news.inputs), providerId).toMatchObject({ changes: false, replaces: [] });
    }
    const refreshed = await p.read(id, olds);
    const news = await p.check(read.inputs ?? {}, {
      providerId: "svc",
      channel: "in_app",
      identifier: "old-inbox",
      name: "Inbox",
    });
    expect(await p.diff(id, refreshed.props as IntegrationOutputs, news.inputs)).toMatchObject({
      changes: false,
    });
    expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });
});
