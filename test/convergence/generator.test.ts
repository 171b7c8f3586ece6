/**
 * The convergence generator (testkit/convergence/generator.ts) without running anything: scripts are
 * deterministic per seed, never declare two resources on one entry (a user's conflict), never put a
 * resource without identifier on a subscriber the application writes entries of that provider for, and,
 * across a few seeds, cover what the suite is for: two active fcm integrations, credentials without
 * identifier, chat entries whose webhook URL is changed and removed, the application's own entry writes,
 * integrations deleted beside another entry of their provider, and the older step kinds.
 */
import { describe, expect, it } from "vitest";
import {
  applyEdit,
  claimsOf,
  claimsValid,
  type EntryValue,
  foreignSubscriber,
  generateScript,
  integrationOf,
  type ProgramModel,
  renderProgram,
  type Script,
  SUBSCRIBERS,
  secretsOf,
} from "../../testkit/convergence";
import { convergenceFixtures } from "../../testkit/convergence/fixtures";

const SEEDS = Array.from({ length: 40 }, (_, n) => n + 1);

/** Every model a script's program goes through (edits applied as the runner applies them). */
function models(script: Script): ProgramModel[] {
  const out = [script.initial];
  let m = script.initial;
  for (const s of script.steps) {
    if (s.op !== "edit") continue;
    m = applyEdit(m, s.edit) ?? m;
    out.push(m);
  }
  return out;
}

const chat = (v: EntryValue): v is { webhookUrl?: string; channel?: string } => !("deviceTokens" in v);

describe("the convergence generator", () => {
  it("gives the same script for the same seed", () => {
    expect(generateScript(7, { steps: 20 })).toEqual(generateScript(7, { steps: 20 }));
    expect(generateScript(7, { steps: 20 })).not.toEqual(generateScript(8, { steps: 20 }));
  });

  it("never declares two resources on one entry, nor one without identifier beside the application's entries", () => {
    for (const seed of SEEDS) {
      for (const m of models(generateScript(seed, { steps: 24 }))) {
        expect(claimsValid(m), `seed ${seed}: ${JSON.stringify(m)}`).toBe(true);
        for (const c of claimsOf(m).filter((x) => x.newest))
          expect(foreignSubscriber(integrationOf(m, c.integration)!.providerId, c.subscriberId)).toBe(false);
      }
    }
  });

  it("rejects an edit that would put a resource without identifier on an entry another resource owns", () => {
    const m: ProgramModel = {
      integrations: [
        { name: "a", providerId: "fcm", title: "A", secret: "s1" },
        { name: "b", providerId: "fcm", identifier: "b", title: "B", secret: "s2" },
        { name: "c", providerId: "apns", title: "C", secret: "s3" },
      ],
      credentials: [{ name: "x", subscriberId: "conv-2", integration: "b", value: { deviceTokens: ["t"] } }],
      sets: [],
    };
    const newest = {
      name: "y",
      subscriberId: "conv-2",
      integration: "a",
      value: { deviceTokens: ["u"] },
      newest: true,
    };
    expect(applyEdit(m, { edit: "add-credentials", decl: newest })).toBeUndefined();
    const onApns = applyEdit(m, { edit: "add-credentials", decl: { ...newest, integration: "c" } });
    expect(onApns).toBeDefined();
    // Turning the apns integration into fcm would put both on the newest fcm: refused.
    expect(applyEdit(onApns!, { edit: "set-provider", integration: "c" })).toBeUndefined();
    // The application writes fcm entries for user-alan: no resource without identifier there.
    expect(
      applyEdit(m, { edit: "add-credentials", decl: { ...newest, subscriberId: "user-alan" } }),
    ).toBeUndefined();
  });

  it("renders credentials without identifier after every integration, and integrations one after another", () => {
    const script = SEEDS.map((seed) => generateScript(seed, { steps: 12 })).find((s) =>
      s.initial.credentials.some((c) => c.newest),
    )!;
    const text = renderProgram(script.initial);
    const line = text
      .split("\n")
      .find((l) => l.includes(`"${script.initial.credentials.find((c) => c.newest)!.name}"`))!;
    expect(line).not.toContain("integrationIdentifier");
    expect(line).toMatch(/providerId: i\d+\.providerId/);
    expect(line).toContain("dependsOn: [i0, i1");
    expect(text).toContain("{ dependsOn: [i0] }");
  });

  it("covers the new semantics and the older step kinds across seeds", () => {
    const scripts = SEEDS.map((seed) => generateScript(seed, { steps: 16 }));
    const steps = scripts.flatMap((s) => s.steps);
    const all = scripts.flatMap(models);
    const count = (p: (m: ProgramModel) => boolean) => all.filter(p).length;
    const values = all.flatMap((m) => [
      ...m.credentials.map((c) => c.value),
      ...m.sets.flatMap((s) => Object.values(s.entries)),
    ]);
    const cover = {
      twoFcm: count((m) => m.integrations.filter((i) => i.providerId === "fcm").length >= 2),
      newest: count((m) => m.credentials.some((c) => c.newest)),
      channelOnly: values.filter((v) => chat(v) && v.webhookUrl === undefined).length,
      webhookAndChannel: values.filter((v) => chat(v) && v.webhookUrl && v.channel).length,
      webhookRemoved: steps.filter(
        (s) =>
          s.op === "edit" &&
          ((s.edit.edit === "set-credentials" && chat(s.edit.value) && !s.edit.value.webhookUrl) ||
            (s.edit.edit === "set-entry" && s.edit.value && chat(s.edit.value) && !s.edit.value.webhookUrl)),
      ).length,
      foreignWrites: steps.filter((s) => s.op === "oob" && s.action.oob === "foreign-entry").length,
      foreignClears: steps.filter(
        (s) => s.op === "oob" && s.action.oob === "foreign-entry" && !s.action.value,
      ).length,
      deletes: steps.filter((s) => s.op === "oob" && s.action.oob === "delete-integration").length,
      replaces: steps.filter((s) => s.op === "up-replace").length,
      targets: steps.filter((s) => s.op === "up-target").length,
      kills: steps.filter((s) => s.op === "kill-up").length,
      faults: steps.filter((s) => s.op === "up-faults").length,
      refreshes: steps.filter((s) => s.op === "refresh").length,
      destroys: steps.filter((s) => s.op === "destroy").length,
    };
    for (const [what, n] of Object.entries(cover)) expect(n, what).toBeGreaterThan(0);
  });

  it("writes the application's entries only on its own integrations and subscribers in the fixtures", () => {
    const fixtures = convergenceFixtures();
    const identifiers = new Set(fixtures.integrations!.filter((i) => !i.deleted).map((i) => i.identifier));
    const subscribers = new Set(fixtures.subscribers!.map((s) => s.subscriberId));
    for (const s of SUBSCRIBERS) expect(subscribers.has(s)).toBe(true);
    for (const seed of SEEDS)
      for (const s of generateScript(seed, { steps: 16 }).steps)
        if (s.op === "oob" && s.action.oob === "foreign-entry") {
          expect(identifiers.has(s.action.identifier)).toBe(true);
          expect(subscribers.has(s.action.subscriberId)).toBe(true);
        }
    // No fixture entry names an integration identifier: the service stores none.
    for (const s of fixtures.subscribers!)
      for (const c of s.channels ?? []) expect(c.integrationIdentifier).toBeUndefined();
  });

  it("counts chat channels among the secrets a lane scans for", () => {
    const script = generateScript(3, { steps: 30 });
    const channels = JSON.stringify(script).match(/ch-s3-\d+-[0-9a-f]{8}/g) ?? [];
    for (const c of channels) expect(secretsOf(script, "s3")).toContain(c);
  });
});
