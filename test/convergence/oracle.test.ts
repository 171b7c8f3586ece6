/**
 * The convergence oracle (testkit/convergence/oracle.ts) on hand-built snapshots, no emulator and no CLI:
 * it must fail on what the provider's contract forbids (a foreign entry changed or removed, a leftover that
 * holds credentials, an inert leftover after a destroy where no foreign entry of the provider holds
 * credentials) and pass on what it allows (an inert leftover beside a foreign live entry, an entry bound to
 * a deleted integration, a removed inert foreign entry, "" and [] the same as absent).
 */
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import {
  checkForeign,
  checkService,
  defaultIdentifier,
  foreignEntriesOf,
  type OracleContext,
  type ProgramModel,
  readService,
  type ServiceSnapshot,
  type StackView,
  SUBSCRIBERS,
} from "../../testkit/convergence";
import { convergenceFixtures } from "../../testkit/convergence/fixtures";
import type { LiveEntry, LiveIntegration } from "../../testkit/convergence/oracle";

const FCM_MAIN = "f0000000000000000000000a";
const FCM_OLD = "f0000000000000000000000b"; // deleted: not in any snapshot's integrations
const STACK_FCM = "c0000000000000000000000a";
const STACK_FCM_2 = "c0000000000000000000000b";
const STACK_SLACK = "c0000000000000000000000c";

const integration = (
  _id: string,
  identifier: string,
  providerId: string,
  createdAt: string,
  credentials: Record<string, unknown> = {},
): LiveIntegration => ({
  _id,
  identifier,
  providerId,
  channel: providerId === "slack" ? "chat" : "push",
  name: identifier,
  active: true,
  credentials,
  createdAt,
});

const FIXTURE_INTEGRATIONS = [integration(FCM_MAIN, "fcm-main", "fcm", "2024-01-01T00:00:00.000Z")];

/** The program: two fcm integrations, one slack; ada on the first fcm, grace without identifier, alan on slack. */
const MODEL: ProgramModel = {
  integrations: [
    { name: "push", providerId: "fcm", identifier: "t-push", title: "Push", secret: "isec-a" },
    { name: "push2", providerId: "fcm", identifier: "t-push2", title: "Push 2", secret: "isec-b" },
    { name: "chat", providerId: "slack", identifier: "t-chat", title: "Chat", secret: "isec-c" },
  ],
  credentials: [
    { name: "ada", subscriberId: "ada", integration: "push", value: { deviceTokens: ["t1", "t2"] } },
    {
      name: "grace",
      subscriberId: "grace",
      integration: "push",
      value: { deviceTokens: ["g1"] },
      newest: true,
    },
    { name: "alan", subscriberId: "alan", integration: "chat", value: { channel: "#ops" } },
  ],
  sets: [],
};
const VIEW: StackView = { project: "p", stack: "s", model: MODEL };
const EMPTY: ProgramModel = { integrations: [], credentials: [], sets: [] };
const DESTROYED: StackView = { ...VIEW, model: EMPTY };

const STACK_INTEGRATIONS = [
  {
    ...integration(STACK_FCM, "t-push", "fcm", "2025-01-01T00:00:00.001Z", { serviceAccount: "isec-a" }),
    name: "Push",
  },
  {
    ...integration(STACK_FCM_2, "t-push2", "fcm", "2025-01-01T00:00:00.002Z", { serviceAccount: "isec-b" }),
    name: "Push 2",
  },
  {
    ...integration(STACK_SLACK, "t-chat", "slack", "2025-01-01T00:00:00.003Z", { secretKey: "isec-c" }),
    name: "Chat",
  },
];

const entry = (providerId: string, _integrationId: string, credentials: LiveEntry["credentials"]) => ({
  providerId,
  _integrationId,
  credentials,
});

/** The fixtures: ada has the application's fcm entry, carl one bound to a deleted integration (inert). */
function fixtures(): ServiceSnapshot {
  return {
    integrations: structuredClone(FIXTURE_INTEGRATIONS),
    entries: new Map([
      ["ada", [entry("fcm", FCM_MAIN, { deviceTokens: ["app-ada"] })]],
      ["grace", []],
      ["alan", []],
      ["carl", [entry("fcm", FCM_OLD, { deviceTokens: ["app-old"] })]],
    ]),
  };
}

function context(): OracleContext {
  const f = fixtures();
  return { fixtures: f, foreignEntries: foreignEntriesOf(f) };
}

/** The converged service: the fixtures plus the stack's integrations and entries (grace on the newest fcm). */
function converged(): ServiceSnapshot {
  const s = fixtures();
  s.integrations.push(...structuredClone(STACK_INTEGRATIONS));
  s.entries.get("ada")!.push(entry("fcm", STACK_FCM, { deviceTokens: ["t2", "t1"] }));
  s.entries.get("grace")!.push(entry("fcm", STACK_FCM_2, { deviceTokens: ["g1"], webhookUrl: "" }));
  s.entries
    .get("alan")!
    .push(entry("slack", STACK_SLACK, { channel: "#ops", webhookUrl: "", deviceTokens: [] }));
  return s;
}

/** The service after destroy: the stack's integrations gone; what is left of its entries is up to each test. */
function destroyed(): ServiceSnapshot {
  return fixtures();
}

const kinds = (r: { findings: { kind: string }[] }) => r.findings.map((f) => f.kind);

describe("the convergence oracle", () => {
  it("passes the converged service; entries carry no integrationIdentifier and match by _integrationId", () => {
    const r = checkService([VIEW], converged(), context());
    expect(r.findings).toEqual([]);
    expect(r.objectsChecked).toBeGreaterThan(6);
  });

  it("fails on a declared entry bound to another integration, or with other credentials", () => {
    const s = converged();
    s.entries.get("grace")![0]!._integrationId = STACK_FCM; // not the newest active fcm
    s.entries.get("alan")![0]!.credentials = { channel: "#ops", webhookUrl: "https://hooks.example/old" };
    // grace's entry on the older fcm is now declared by no one and holds a token: stale as well.
    expect(kinds(checkService([VIEW], s, context()))).toEqual([
      "entry-not-bound",
      "entry-value",
      "stale-entry",
    ]);
  });

  it("follows the newest active integration: deactivating it moves the target", () => {
    const s = converged();
    s.integrations.find((i) => i._id === STACK_FCM_2)!.active = false;
    const r = checkService([VIEW], s, context());
    expect(kinds(r)).toContain("entry-not-bound");
    expect(r.findings.find((f) => f.kind === "entry-not-bound")!.detail).toContain(STACK_FCM);
  });

  it("accepts either integration when two newest ones tie on createdAt", () => {
    const s = converged();
    s.integrations.find((i) => i._id === STACK_FCM)!.createdAt = "2025-01-01T00:00:00.002Z";
    s.entries.get("grace")![0]!._integrationId = STACK_FCM;
    expect(checkService([VIEW], s, context()).findings).toEqual([]);
  });

  it("fails when a foreign entry's token changed (after any step, not only a converged up)", () => {
    const s = converged();
    s.entries.get("ada")![0]!.credentials = { deviceTokens: ["app-ada", "intruder"] };
    expect(kinds(checkService([VIEW], s, context()))).toEqual(["foreign-entry-changed"]);
    expect(kinds(checkForeign(s, context()))).toEqual(["foreign-entry-changed"]);
  });

  it("fails when a foreign entry holding credentials was removed", () => {
    const s = converged();
    s.entries.set(
      "ada",
      s.entries.get("ada")!.filter((e) => e._integrationId !== FCM_MAIN),
    );
    expect(kinds(checkForeign(s, context()))).toEqual(["foreign-entry-removed"]);
  });

  it("counts another stack's declared entries as theirs, and the application's later writes as foreign", () => {
    const s = converged();
    s.entries.get("alan")!.push(entry("fcm", FCM_MAIN, { deviceTokens: ["app-alan"] }));
    const ctx = context();
    // Not recorded: an entry that holds credentials, declared by no stack.
    expect(kinds(checkService([VIEW], s, ctx))).toEqual(["stale-entry"]);
    const written = {
      subscriberId: "alan",
      providerId: "fcm",
      _integrationId: FCM_MAIN,
      credentials: { deviceTokens: ["app-alan"] },
      source: "out-of-band step 3",
    };
    expect(
      checkService([VIEW], s, { ...ctx, foreignEntries: [...ctx.foreignEntries, written] }).findings,
    ).toEqual([]);
  });

  it("allows a removed foreign entry that was inert (bound to a deleted integration, or empty)", () => {
    const s = converged();
    s.entries.set("carl", []);
    const ctx = context();
    const emptied = { ...ctx.foreignEntries[0]!, credentials: { deviceTokens: [] } };
    s.entries.set(
      "ada",
      s.entries.get("ada")!.filter((e) => e._integrationId !== FCM_MAIN),
    );
    expect(
      checkService([VIEW], s, { ...ctx, foreignEntries: [emptied, ctx.foreignEntries[1]!] }).findings,
    ).toEqual([]);
  });

  it("fails on a leftover of the stack that still holds credentials on a live active integration", () => {
    const s = converged();
    s.entries.get("alan")!.push(entry("fcm", STACK_FCM, { deviceTokens: ["removed-from-program"] }));
    expect(kinds(checkService([VIEW], s, context()))).toEqual(["stale-entry"]);
  });

  it("allows leftovers that are inert, or bound to an inactive integration", () => {
    const s = converged();
    s.entries.get("alan")!.push(entry("fcm", STACK_FCM, { deviceTokens: [], webhookUrl: "", channel: "" }));
    s.entries.get("alan")!.push(entry("fcm", "d0000000000000000000dead", { deviceTokens: ["old"] }));
    const inactive = integration("e0000000000000000000000e", "other", "fcm", "2023-01-01T00:00:00.000Z");
    inactive.active = false;
    const ctx = context();
    s.integrations.push(inactive);
    ctx.fixtures.integrations.push(structuredClone(inactive));
    s.entries.get("grace")!.push(entry("fcm", inactive._id, { deviceTokens: ["undeliverable"] }));
    expect(checkService([VIEW], s, ctx).findings).toEqual([]);
  });

  describe("after destroy", () => {
    const check = (s: ServiceSnapshot) => checkService([DESTROYED], s, context(), { destroyed: [VIEW] });

    it("passes with only the fixtures left", () => {
      expect(check(destroyed()).findings).toEqual([]);
    });

    it("fails on a leftover that holds credentials", () => {
      const s = destroyed();
      // Bound to a live (the application's) integration, so not inert: the stack's entry on it.
      s.entries.get("grace")!.push(entry("fcm", FCM_MAIN, { deviceTokens: ["g1"] }));
      expect(kinds(check(s))).toEqual(["stale-entry", "destroy-leftover"]);
    });

    it("fails on an inert leftover where no foreign entry of the provider holds credentials", () => {
      const s = destroyed();
      s.entries.get("alan")!.push(entry("slack", STACK_SLACK, { webhookUrl: "", channel: "" }));
      s.entries.get("grace")!.push(entry("fcm", STACK_FCM_2, { deviceTokens: ["g1"] })); // integration deleted
      expect(kinds(check(s))).toEqual(["destroy-leftover", "destroy-leftover"]);
    });

    it("allows an inert leftover, and one bound to a deleted integration, beside a foreign live entry", () => {
      const s = destroyed();
      s.entries.get("ada")!.push(entry("fcm", STACK_FCM, { deviceTokens: [] }));
      s.entries.get("ada")!.push(entry("fcm", STACK_FCM_2, { deviceTokens: ["t1"] })); // integration deleted
      expect(check(s).findings).toEqual([]);
    });

    it("allows the foreign inert entry to go, and fails if the foreign live one went with it", () => {
      const s = destroyed();
      s.entries.set("carl", []);
      expect(check(s).findings).toEqual([]);
      s.entries.set("ada", []);
      expect(kinds(check(s))).toEqual(["foreign-entry-removed"]);
    });

    it("fails on an integration of the stack left behind", () => {
      const s = destroyed();
      s.integrations.push(structuredClone(STACK_INTEGRATIONS[0]!));
      expect(kinds(check(s))).toEqual(["undeclared-integration"]);
    });
  });

  it("checks default identifiers as documented", () => {
    expect(defaultIdentifier("proj", "dev", "My Push")).toMatch(/^my-push-[0-9a-f]{8}$/);
  });
});

describe("the oracle on the emulator's fixtures (no CLI)", () => {
  it("reads them back without integrationIdentifier, with createdAt, and finds nothing to report", async () => {
    const emu = await startEmulator({ fixtures: convergenceFixtures() });
    try {
      const snap = readService(emu, SUBSCRIBERS);
      expect(snap.integrations.map((i) => i.identifier).sort()).toEqual([
        "fcm-app",
        "fcm-main",
        "novu-inbox",
        "sendgrid-mail",
        "slack-app",
        "slack-main",
        "twilio-sms",
      ]);
      expect(snap.integrations.every((i) => /^2024-/.test(i.createdAt))).toBe(true);
      for (const entries of snap.entries.values())
        for (const e of entries) expect(e).not.toHaveProperty("integrationIdentifier");
      const ctx = { fixtures: snap, foreignEntries: foreignEntriesOf(snap) };
      expect(ctx.foreignEntries).toHaveLength(5);
      expect(checkService([], snap, ctx).findings).toEqual([]);
    } finally {
      await emu.close();
    }
  });
});
