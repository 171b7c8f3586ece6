import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import type { EmulatorModes } from "../../../../emulator/modes";
import { defaultWorkflowId } from "../../../../provider/default-identifier";
import { WorkflowProvider } from "../../../../provider/runtime/workflow/provider";
import { warnUnstoredFields } from "../../../../provider/runtime/workflow/unstored-fields";
import { SvcClient } from "../../../../sdk";
import { ApiError, ResponseValidationError } from "../../../../sdk/errors";
import { call } from "../../../../testkit/emulator-http";
import { failure } from "../../../../testkit/error-assertions";

type Props = Record<string, unknown>;

let emu: Emulator;
afterEach(async () => {
  await emu.close();
});

/**
 * Faults that drop exactly the first answer after they are set: with seed 28 the first draw of the
 * emulator's PRNG is below 0.5 and the next three are not (emulator/faults.ts `seededRandom`).
 */
const DROP_FIRST = { dropRate: 0.5, seed: 28 };

/** A provider whose client drops the answer of its first POST /v2/workflows (the write is stored). */
function droppingProvider(): WorkflowProvider {
  return new WorkflowProvider({
    settings: { apiKey: emu.apiKey, baseUrl: emu.url },
    client: (s) => {
      const client = new SvcClient(s);
      const create = client.workflows.create.bind(client.workflows);
      client.workflows.create = async (body, options) => {
        emu.setFaults(DROP_FIRST);
        try {
          return await create(body, options);
        } finally {
          emu.setFaults({});
        }
      };
      return client;
    },
  });
}

const STEPS = [{ name: "Inbox", type: "in_app", controls: { body: "Hello" } }];

async function workflows(): Promise<Props[]> {
  const list = await call(emu, "GET", "/v2/workflows");
  return list.body.data.workflows;
}

async function createWith(p: WorkflowProvider, news: Props) {
  const r = await p.check({}, news);
  expect(r.failures).toEqual([]);
  return p.create(r.inputs);
}

describe("a create whose answer is lost in transit", () => {
  for (const [label, modes] of [
    ["idempotency off", { ignoreIdempotencyKeys: true }],
    ["idempotency on", {}],
  ] as [string, EmulatorModes][]) {
    it(`${label}: ends with the one workflow tracked (explicit workflowId)`, async () => {
      emu = await startEmulator({ port: 0, modes });
      const made = await createWith(droppingProvider(), {
        workflowId: "welcome",
        name: "Welcome",
        steps: STEPS,
      });
      expect(emu.requests.some((r) => r.dropped)).toBe(true);
      const left = await workflows();
      expect(left.map((w) => w.workflowId)).toEqual(["welcome"]);
      expect(made.id).toBe(left[0]?._id);
    });

    it(`${label}: ends with the one workflow tracked (default workflowId)`, async () => {
      emu = await startEmulator({ port: 0, modes });
      const origin = { project: "p", stack: "dev", name: "welcome - new users" };
      const news = {
        workflowId: defaultWorkflowId(origin),
        defaultIdentifierOf: origin,
        name: "Welcome",
        steps: STEPS,
      };
      const made = await createWith(droppingProvider(), news);
      const left = await workflows();
      expect(left.map((w) => w.workflowId)).toEqual([defaultWorkflowId(origin)]);
      expect(made.id).toBe(left[0]?._id);
    });
  }
});

describe("an answer the provider cannot read after a successful create", () => {
  it("the workflow is looked up and recorded", async () => {
    emu = await startEmulator({ port: 0 });
    const p = new WorkflowProvider({
      settings: { apiKey: emu.apiKey, baseUrl: emu.url },
      client: (s) => {
        const client = new SvcClient(s);
        const create = client.workflows.create.bind(client.workflows);
        // The answer is read with a schema it does not match (as a preferences.default without readOnly was).
        client.workflows.create = async (body, options) => {
          await create(body, options);
          throw new ResponseValidationError({
            operation: "workflows.create",
            status: 201,
            method: "POST",
            url: `${emu.url}/v2/workflows`,
            requestId: "r1",
            issues: ["data.preferences.default.all.readOnly: expected boolean"],
          });
        };
        return client;
      },
    });
    const made = await createWith(p, { workflowId: "welcome", name: "Welcome", steps: STEPS });
    const left = await workflows();
    expect(left.map((w) => w.workflowId)).toEqual(["welcome"]);
    expect(made.id).toBe(left[0]?._id);
  });
});

describe("older servers", () => {
  it("an answer under the slug of the name: deleted again, the error says why and what to do", async () => {
    emu = await startEmulator({ port: 0, modes: { workflowIdFromName: true } });
    const p = new WorkflowProvider({ settings: { apiKey: emu.apiKey, baseUrl: emu.url } });
    const err = await failure(
      createWith(p, { workflowId: "onboarding", name: "Welcome users", steps: STEPS }),
    );
    expect(err.message).toMatch(
      /^svc: create: workflow "onboarding" was stored as "welcome-users" \(_id \w+\): this service version ignores the workflowId sent and derives it from the name .* Upgrade the service, or declare `workflowId: "welcome-users"`/,
    );
    expect(err.message).not.toMatch(/appeared meanwhile/);
    expect(await workflows()).toEqual([]);
  });

  it("a 400 to a lookup of a missing workflow, saying so, is not found", async () => {
    emu = await startEmulator({ port: 0, modes: { missingWorkflowAs400: true } });
    const p = new WorkflowProvider({ settings: { apiKey: emu.apiKey, baseUrl: emu.url } });
    expect(await p.read("gone", { workflowId: "gone" })).toEqual({});
    const made = await createWith(p, { workflowId: "welcome", name: "Welcome", steps: STEPS });
    expect((await workflows()).map((w) => w._id)).toEqual([made.id]);
  });

  it("a 400 saying something else is a failure, not a missing workflow", async () => {
    emu = await startEmulator({ port: 0 });
    const p = new WorkflowProvider({
      settings: { apiKey: emu.apiKey, baseUrl: emu.url },
      client: (s) => {
        const client = new SvcClient(s);
        client.workflows.get = async () => {
          throw ApiError.from({
            operation: "workflows.get",
            status: 400,
            method: "GET",
            url: `${emu.url}/v2/workflows/x`,
            body: { message: "environmentId must be a mongodb id", statusCode: 400 },
          });
        };
        return client;
      },
    });
    const err = await failure(p.read("x", { workflowId: "x" }));
    expect(err.message).toMatch(/400.*environmentId must be a mongodb id/);
  });
});

describe("isTranslationEnabled: true answered false", () => {
  it("is warned about in the engine's output, saying why", async () => {
    emu = await startEmulator({ port: 0 });
    const warnings: string[] = [];
    const log = { status: () => {}, info: async () => {}, warn: async (m: string) => void warnings.push(m) };
    const p = new WorkflowProvider({ settings: { apiKey: emu.apiKey, baseUrl: emu.url } });
    const r = await p.check(
      {},
      { workflowId: "welcome", name: "Welcome", steps: STEPS, isTranslationEnabled: true },
    );
    const made = await p.create(r.inputs);
    expect(made.outs.isTranslationEnabled).toBe(false);
    const stored = await call(emu, "GET", "/v2/workflows/welcome");
    await warnUnstoredFields(r.inputs, stored.body.data, log);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^svc: workflow "welcome": isTranslationEnabled: true was stored as false\. Translations need Novu's enterprise edition/,
      ),
    ]);
    await warnUnstoredFields({ ...r.inputs, isTranslationEnabled: false }, stored.body.data, log);
    expect(warnings).toHaveLength(1);
  });
});
