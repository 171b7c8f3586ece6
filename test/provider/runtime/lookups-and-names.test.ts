/**
 * The pure parts of lookups, renames, progress and data-source errors: what a SubscriberCredentials or set
 * id names; a default identifier kept across a rename; the progress text and when it is sent; the engine
 * address of the dynamic-provider host; a data-source failure as a `pulumi.RunError` without a stack.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultIdentifier, keepDefaultIdentifier } from "../../../provider/default-identifier";
import { dataSourceError } from "../../../provider/functions/invoke";
import { progressText, SyncProgress } from "../../../provider/runtime/set-sync/sync-progress";
import { type EngineLog, engineAddress } from "../../../provider/runtime/shared/engine-log";
import {
  credentialsKeyOf,
  credentialsSetKeyOf,
  parseCredentialsId,
  parseCredentialsSetId,
} from "../../../provider/runtime/shared/lookup-ids";
import { ApiError } from "../../../sdk/errors";

describe("ids of lookups", () => {
  it("parses subscriberId/providerId[/integrationIdentifier], the provider found from the right", () => {
    expect(parseCredentialsId("alice/fcm")).toEqual({ subscriberId: "alice", providerId: "fcm" });
    expect(parseCredentialsId("alice/fcm/fcm-main")).toEqual({
      subscriberId: "alice",
      providerId: "fcm",
      integrationIdentifier: "fcm-main",
    });
    expect(parseCredentialsId("org/team/alice/slack/alerts")).toEqual({
      subscriberId: "org/team/alice",
      providerId: "slack",
      integrationIdentifier: "alerts",
    });
    expect(parseCredentialsId("alice")).toBeUndefined();
    expect(parseCredentialsId("alice/sendgrid")).toBeUndefined();
  });

  it("parses providerId[/integrationIdentifier]", () => {
    expect(parseCredentialsSetId("fcm")).toEqual({ providerId: "fcm" });
    expect(parseCredentialsSetId("fcm/fcm-main")).toEqual({
      providerId: "fcm",
      integrationIdentifier: "fcm-main",
    });
    expect(parseCredentialsSetId("sendgrid/x")).toBeUndefined();
  });

  it("props given win over the id; an id that names nothing is an error naming it", () => {
    expect(credentialsKeyOf("a/b/fcm", { subscriberId: "a/b", providerId: "fcm", credentials: {} })).toEqual({
      subscriberId: "a/b",
      providerId: "fcm",
    });
    expect(credentialsKeyOf("alice/fcm/main", undefined)).toEqual({
      subscriberId: "alice",
      providerId: "fcm",
      integrationIdentifier: "main",
    });
    expect(() => credentialsKeyOf("nope", {})).toThrow(/"nope" is not a SubscriberCredentials id/);
    expect(credentialsSetKeyOf("apns/x", { integrationIdentifier: "y" })).toEqual({
      providerId: "apns",
      integrationIdentifier: "y",
    });
    expect(() => credentialsSetKeyOf("twilio", undefined)).toThrow(
      /"twilio" is not a SubscriberCredentialsSet id/,
    );
  });
});

describe("a default identifier survives a rename", () => {
  const origin = (name: string) => ({ project: "p", stack: "dev", name });
  const inputs = (name: string) => ({
    providerId: "novu",
    channel: "in_app",
    identifier: defaultIdentifier(origin(name)),
    defaultIdentifierOf: origin(name),
  });

  it("keeps the old default identifier and its origin when the new one is a default too", () => {
    expect(keepDefaultIdentifier(inputs("old"), inputs("new"))).toEqual(inputs("old"));
  });

  it("leaves explicit identifiers, first creates and changed explicit-to-default alone", () => {
    const explicitNew = { ...inputs("new"), identifier: "chosen" };
    expect(keepDefaultIdentifier(inputs("old"), explicitNew)).toEqual(explicitNew);
    expect(keepDefaultIdentifier({}, inputs("new"))).toEqual(inputs("new"));
    expect(keepDefaultIdentifier(undefined, inputs("new"))).toEqual(inputs("new"));
    const explicitOld = { providerId: "novu", channel: "in_app", identifier: "chosen" };
    expect(keepDefaultIdentifier(explicitOld, inputs("new"))).toEqual(inputs("new"));
    // A transform that set the old identifier: it was not the old origin's default.
    const transformedOld = { ...inputs("old"), identifier: "set-by-transform" };
    expect(keepDefaultIdentifier(transformedOld, inputs("new"))).toEqual(inputs("new"));
  });
});

describe("sync progress", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts with separators; leaves out a part with nothing to do", () => {
    const standing = (write: number, written: number, clear: number, cleared: number, failed: number) => ({
      parts: [
        { verb: "written", total: write, done: written },
        { verb: "cleared", total: clear, done: cleared },
      ],
      failed,
    });
    expect(progressText(standing(10_000, 4200, 0, 0, 0))).toBe("4,200 / 10,000 written, 0 failed");
    expect(progressText(standing(0, 0, 40, 3, 1))).toBe("3 / 40 cleared, 1 failed");
    expect(progressText(standing(5, 5, 2, 2, 0))).toBe("5 / 5 written, 2 / 2 cleared, 0 failed");
    expect(progressText(standing(0, 0, 0, 0, 0))).toBe("0 / 0 written, 0 failed");
  });

  function recorder(): EngineLog & { lines: [string, string][] } {
    const lines: [string, string][] = [];
    return {
      lines,
      status: (m) => void lines.push(["status", m]),
      info: async (m) => void lines.push(["info", m]),
      warn: async (m) => void lines.push(["warn", m]),
    };
  }

  it("sends an ephemeral status each interval, then one final line", async () => {
    vi.useFakeTimers();
    const log = recorder();
    let written = 0;
    const p = new SyncProgress(
      "Set fcm",
      () => ({ parts: [{ verb: "written", total: 3, done: written }], failed: 0 }),
      log,
    );
    written = 1;
    vi.advanceTimersByTime(2000);
    written = 2;
    vi.advanceTimersByTime(2000);
    written = 3;
    vi.advanceTimersByTime(4000);
    await p.finish("update");
    vi.advanceTimersByTime(4000);
    expect(log.lines).toEqual([
      ["status", "svc: Set fcm: 1 / 3 written, 0 failed"],
      ["status", "svc: Set fcm: 2 / 3 written, 0 failed"],
      ["status", "svc: Set fcm: 3 / 3 written, 0 failed"],
      ["status", "svc: Set fcm: 3 / 3 written, 0 failed"],
      ["info", "svc: Set fcm: update took 8s: 3 / 3 written, 0 failed"],
    ]);
  });

  it("a sync shorter than one interval says nothing", async () => {
    vi.useFakeTimers();
    const log = recorder();
    const p = new SyncProgress(
      "Set fcm",
      () => ({ parts: [{ verb: "written", total: 3, done: 3 }], failed: 0 }),
      log,
    );
    vi.advanceTimersByTime(1999);
    await p.finish("create");
    expect(log.lines).toEqual([]);
  });

  it("finds the engine address the host was started with (its last argument)", () => {
    expect(engineAddress(["node", "/bin/pulumi-resource-pulumi-nodejs", "127.0.0.1:45617"])).toBe(
      "127.0.0.1:45617",
    );
    expect(engineAddress(["node", "host", "--logtostderr", "-v=9", "127.0.0.1:1"])).toBe("127.0.0.1:1");
    expect(engineAddress(["node", "vitest.mjs", "run"])).toBeUndefined();
    expect(engineAddress(["node"])).toBeUndefined();
  });
});

describe("data-source errors", () => {
  it("are a RunError: function, status and request id in one line, no stack, no key", () => {
    const cause = new ApiError({
      operation: "integrations.listActive",
      method: "GET",
      url: "https://api.example.com/v1/integrations/active",
      status: 401,
      requestId: "req-1234",
      body: { message: "API Key not found (key sk_live_secret)" },
    });
    const e = dataSourceError("getActiveIntegrations", cause, ["sk_live_secret"]);
    expect(pulumi.RunError.isInstance(e)).toBe(true);
    expect(e.message).toMatch(/^svc: getActiveIntegrations: .*401.*req-1234/);
    expect(e.message).not.toContain("sk_live_secret");
    expect(e.message).not.toContain("\n");
    expect(e.stack).toBe(e.message);
  });
});
