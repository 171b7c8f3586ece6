/**
 * Two stacks, one environment (issue 18, item 3): two projects with the same resource names (so their
 * default identifiers differ only by project), explicit identifiers distinct per stack, credentials of the
 * same subscribers and providers, in ONE emulator environment. Their `up`s, edits and `destroy`s
 * interleave; after each, the oracle of testkit/convergence checks the union of what both declare: neither
 * stack may change or delete the other's integrations or entries (each stack's entries are foreign to the
 * other), the application's entries stay exactly as they are, and after a destroy no entry of the destroyed
 * stack holds credentials (none is left at all where no other entry of the provider holds any). Programs
 * here bind every entry through an identifier: two stacks whose resources both took "the newest active
 * integration" would claim one entry, a user's conflict. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  applyEdit,
  checkService,
  type Edit,
  foreignEntriesOf,
  generateScript,
  Lane,
  type ProgramModel,
  readService,
  type ServiceSnapshot,
  SUBSCRIBERS,
  secretsOf,
} from "../../testkit/convergence";
import { convergenceFixtures } from "../../testkit/convergence/fixtures";
import { tail } from "../../testkit/convergence/lane";
import { ENGINE_TIMEOUT_MS, ensurePulumiCli, skipEngine } from "../../testkit/pulumi-cli";

const EMPTY: ProgramModel = { integrations: [], credentials: [], sets: [] };
/** The token stack a later writes for its first subscriber. */
const NEW_TOKEN = "tok-twoa-90-0badc0de";

/** A stack's starting program: the generator's for one seed, the push integration given an explicit identifier. */
function startingModel(tag: string): ProgramModel {
  const m = generateScript(21, { tag, steps: 1, variables: false }).initial;
  m.credentials = m.credentials.filter((c) => !c.newest);
  m.integrations[0]!.identifier = `${tag}-push`;
  const chat = {
    name: "chat",
    providerId: "slack",
    identifier: `${tag}-chat`,
    title: "Chat",
    secret: `isec-${tag}-80-0000c4a7`,
  } as const;
  const webhookUrl = `https://hooks.example/conv/wh-${tag}-81-0000beef`;
  const edits: Edit[] = [
    { edit: "add-integration", decl: chat },
    {
      edit: "add-credentials",
      decl: { name: "grace-chat", subscriberId: "user-grace", integration: "chat", value: { webhookUrl } },
    },
  ];
  return edits.reduce((acc, e) => applyEdit(acc, e) ?? acc, m);
}

interface Side {
  lane: Lane;
  /** What the service should hold for this stack now (empty after destroy). */
  expected: ProgramModel;
}

let emu: Emulator;
let ups = 0;
let fixtures: ServiceSnapshot;
const sides: Record<"a" | "b", Side> = {} as Record<"a" | "b", Side>;

async function makeSide(name: "a" | "b", binDir: string): Promise<void> {
  const model = startingModel(`two${name}`);
  const lane = await Lane.create({
    emu,
    binDir,
    projectName: `conv-two-${name}`,
    stackName: "shared",
    model,
    secrets: secretsOf([model, NEW_TOKEN], `two${name}`),
  });
  sides[name] = { lane, expected: EMPTY };
}

const viewOf = (s: Side, model: ProgramModel) => ({
  project: s.lane.projectName,
  stack: s.lane.stack.name,
  model,
});

/** The oracle over both stacks (`destroyed`: the program a stack had before its destroy), then each lane's findings. */
function expectBoth(when: string, destroyed?: { side: Side; model: ProgramModel }): void {
  const views = Object.values(sides).map((s) => viewOf(s, s.expected));
  const result = checkService(
    views,
    readService(emu, SUBSCRIBERS),
    { fixtures, foreignEntries: foreignEntriesOf(fixtures) },
    destroyed ? { destroyed: [viewOf(destroyed.side, destroyed.model)] } : {},
  );
  expect(result.findings, when).toEqual([]);
  expect(result.objectsChecked, when).toBeGreaterThan(0);
  for (const s of Object.values(sides)) expect(s.lane.findings.splice(0), when).toEqual([]);
}

async function up(name: "a" | "b", ...edits: Edit[]): Promise<void> {
  const side = sides[name];
  for (const e of edits) {
    const next = applyEdit(side.lane.model, e);
    expect(next, `${name}: ${JSON.stringify(e)} applies`).toBeDefined();
    side.lane.setModel(next!);
  }
  const r = await side.lane.up();
  const when = `${name} up #${++ups}`;
  expect(r.code, `${when}: ${tail(r)}`).toBe(0);
  side.expected = side.lane.model;
  await side.lane.exportState(true);
  await side.lane.expectNoChanges();
  expectBoth(`after ${when}`);
}

async function destroy(name: "a" | "b"): Promise<void> {
  const side = sides[name];
  const r = await side.lane.cli(["destroy", "--yes", "--skip-preview"], { client: true });
  expect(r.code, `${name} destroy: ${tail(r)}`).toBe(0);
  const before = side.expected;
  side.expected = EMPTY;
  expectBoth(`after ${name} destroy`, { side, model: before });
}

describe.skipIf(skipEngine("two stacks"))(
  "two stacks in one environment",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      const binDir = await ensurePulumiCli();
      emu = await startEmulator({ fixtures: convergenceFixtures() });
      fixtures = readService(emu, SUBSCRIBERS);
      await makeSide("a", binDir);
      await makeSide("b", binDir);
    }, ENGINE_TIMEOUT_MS);

    afterAll(async () => {
      for (const s of Object.values(sides)) await s.lane.remove();
      await emu?.close();
    });

    it("interleaved ups, edits and destroys never touch the other stack's objects or entries", async () => {
      expect(sides.a.lane.model.integrations.map((i) => i.name)).toEqual(
        sides.b.lane.model.integrations.map((i) => i.name),
      );
      await up("a");
      await up("b");
      const push = sides.a.lane.model.integrations[0]!.name;
      const ada = sides.a.lane.model.credentials[0]!.name;
      await up(
        "a",
        { edit: "set-provider", integration: push },
        { edit: "set-credentials", name: ada, value: { deviceTokens: [NEW_TOKEN] } },
      );
      await destroy("b");
      await up("b");
      await up("b", { edit: "set-identifier", integration: push, identifier: "twob-moved" });
      await destroy("a");
      await up("a", { edit: "remove-credentials", name: ada });
      await destroy("b");
      await destroy("a");
      // Both destroyed: the application's entries exactly, nothing of either stack holding credentials.
      const ctx = { fixtures, foreignEntries: foreignEntriesOf(fixtures) };
      expect(checkService([], readService(emu, SUBSCRIBERS), ctx).findings).toEqual([]);
    });
  },
);
