import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import { defaultIdentifier } from "../../../../provider/default-identifier";
import { UNKNOWN } from "../../../../provider/model/values";
import type { WorkflowInputs, WorkflowOutputs } from "../../../../provider/model/workflow-schema";
import { withTarget } from "../../../../provider/runtime/shared/with-target";
import { workflowChanges } from "../../../../provider/runtime/workflow/diff";
import { WorkflowProvider } from "../../../../provider/runtime/workflow/provider";
import { SvcClient } from "../../../../sdk";
import { call } from "../../../../testkit/emulator-http";
import { failure } from "../../../../testkit/error-assertions";

type Props = Record<string, unknown>;

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ port: 0 });
});
afterEach(async () => {
  await emu.close();
});

function provider(): WorkflowProvider {
  return new WorkflowProvider({
    settings: { apiKey: emu.apiKey, baseUrl: emu.url },
    client: (s) => new SvcClient(s),
  });
}

const STEPS = [
  { name: "Inbox", type: "in_app", controls: { body: "Hello {{subscriber.firstName}}" } },
  { name: "Mail", type: "email", controls: { subject: "Welcome", body: "<p>Hi</p>", editorType: "html" } },
  { name: "Batch", type: "digest", controls: { amount: 1, unit: "hours" } },
  { name: "Push", type: "push", controls: { subject: "Hi", body: "You have news" } },
];
const WELCOME = { workflowId: "welcome", name: "Welcome", steps: STEPS };

async function checked(p: WorkflowProvider, news: Props, olds: Props = {}): Promise<WorkflowInputs> {
  const r = await p.check(olds, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
}

async function make(p: WorkflowProvider, news: Props): Promise<{ id: string; outs: WorkflowOutputs }> {
  return p.create(await checked(p, news));
}

/** The workflow as the emulator holds it (raw HTTP). */
async function stored(workflowId: string): Promise<Props & { steps: Props[] }> {
  const res = await call(emu, "GET", `/v2/workflows/${workflowId}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

function writes(): string[] {
  return emu.requests
    .filter((r) => r.path.startsWith("/v2/workflows") && r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);
}

describe("check", () => {
  it("refuses an email step without subject, naming the step (index and name) and the control", async () => {
    const steps = [STEPS[0], { name: "Mail", type: "email", controls: { body: "<p>x</p>" } }];
    const r = await provider().check({}, { ...WELCOME, steps });
    expect(r.failures).toEqual([
      { property: "", reason: 'steps[1] "Mail": controls.subject: Subject is required' },
    ]);
  });

  it("names allowed values and allowed controls, and a digest amount below 1", async () => {
    const r = await provider().check(
      {},
      {
        ...WELCOME,
        steps: [
          { name: "Batch", type: "digest", controls: { amount: 0, unit: "fortnights" } },
          { name: "Mail", type: "email", controls: { subject: "s", body: "b", colour: "red" } },
          { name: "Other", type: "pager" },
        ],
      },
    );
    const reasons = r.failures.map((f) => f.reason);
    expect(reasons).toContainEqual(expect.stringMatching(/^steps\[0\] "Batch": controls\.amount: .*1/));
    expect(reasons).toContainEqual(
      expect.stringMatching(/^steps\[0\] "Batch": controls\.unit: must be one of seconds, minutes, hours/),
    );
    expect(reasons).toContainEqual(
      expect.stringMatching(
        /^steps\[1\] "Mail": controls\.colour: unknown control of a email step \(allowed: .*subject/,
      ),
    );
    expect(reasons).toContainEqual(
      expect.stringMatching(/^steps\[2\] "Other": type: must be one of in_app, email/),
    );
  });

  it("refuses two steps of the same name and invalid redirect URLs", async () => {
    const r = await provider().check(
      {},
      {
        ...WELCOME,
        steps: [
          { name: "Inbox", type: "in_app", controls: { body: "b", redirect: { url: "not a url" } } },
          { name: "Inbox", type: "sms", controls: { body: "b" } },
        ],
      },
    );
    const reasons = r.failures.map((f) => f.reason);
    expect(reasons).toContainEqual(expect.stringMatching(/^steps\[0\] "Inbox": controls\.redirect\.url: /));
    expect(reasons).toContainEqual(
      'steps[1] "Inbox": name: must be unique in the workflow (steps[0] has it too)',
    );
  });

  it("lets unknown values through (a preview) and checks them once known", async () => {
    const unknownSubject = [{ name: "Mail", type: "email", controls: { subject: UNKNOWN, body: "b" } }];
    expect((await provider().check({}, { ...WELCOME, steps: unknownSubject })).failures).toEqual([]);
    const unknownAmount = [{ name: "Batch", type: "digest", controls: { amount: UNKNOWN, unit: "hours" } }];
    expect((await provider().check({}, { ...WELCOME, steps: unknownAmount })).failures).toEqual([]);
    expect((await provider().check({}, { ...WELCOME, steps: [UNKNOWN] })).failures).toEqual([]);
    expect((await provider().check({}, { ...WELCOME, steps: UNKNOWN })).failures).toEqual([]);
  });

  it("refuses a typed control block (the plugin's `email:`) on the dynamic path: TypeScript's controls are typed", async () => {
    const steps = [{ name: "Mail", type: "email", email: { subject: "s", body: "b" } }];
    const reasons = (await provider().check({}, { ...WELCOME, steps })).failures.map((f) => f.reason);
    expect(reasons).toContainEqual(expect.stringMatching(/^steps\[0\] "Mail": email: unknown field/));
  });

  it("defaults active to true and a step's controls to {}", async () => {
    const inputs = await checked(provider(), { ...WELCOME, steps: [{ name: "Text", type: "sms" }] });
    expect(inputs.active).toBe(true);
    expect(inputs.steps[0]?.controls).toEqual({});
  });
});

describe("create, read, update, delete", () => {
  it("creates the workflow with every step, and reads it back as a no-op", async () => {
    const p = provider();
    const { id, outs } = await make(p, WELCOME);
    const remote = await stored("welcome");
    expect(id).toBe(remote._id);
    expect(outs.steps.map((s) => [s.name, s.stepId, s.id])).toEqual(
      remote.steps.map((s) => [s.name, s.stepId, s._id]),
    );
    // No channel integration in the environment: the service reports it, the output says so; the status is
    // ERROR only for control issues (libs/application-generic/src/utils/compute-workflow-status.ts).
    expect(outs.status).toBe("ACTIVE");
    expect(Object.values(outs.issues).flat()).toContainEqual(expect.stringMatching(/^integration\.email: /));
    const read = await p.read(id, outs);
    expect(read.id).toBe(id);
    const again = await checked(p, read.inputs ?? {});
    expect(await p.diff(id, read.props as WorkflowOutputs, again)).toMatchObject({ changes: false });
    expect(await p.diff(id, outs, await checked(p, WELCOME))).toMatchObject({ changes: false });
  });

  it("an edited control is an update naming the step and the control; other steps keep their _id", async () => {
    const p = provider();
    const { id, outs } = await make(p, WELCOME);
    const edited = STEPS.map((s) =>
      s.name === "Mail" ? { ...s, controls: { ...s.controls, subject: "Hello" } } : s,
    );
    const news = await checked(p, { ...WELCOME, steps: edited });
    expect(await p.diff(id, outs, news)).toMatchObject({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect(workflowChanges(outs, news)).toEqual([
      { property: "steps[1].controls.subject", kind: "update", replace: false },
    ]);
    const before = await stored("welcome");
    const updated = await p.update(id, outs, news);
    const after = await stored("welcome");
    expect(after.steps.map((s) => s._id)).toEqual(before.steps.map((s) => s._id));
    expect(after.steps.map((s) => s.stepId)).toEqual(before.steps.map((s) => s.stepId));
    expect(((after.steps[1]?.controls ?? {}) as Props).values).toMatchObject({ subject: "Hello" });
    expect(updated.outs.steps[1]?.controls).toMatchObject({ subject: "Hello" });
  });

  it("reordered, added and removed steps are updates; kept steps keep their _id, a renamed step is new", async () => {
    const p = provider();
    const { id, outs } = await make(p, WELCOME);
    const before = await stored("welcome");
    const idOf = (name: string) => before.steps.find((s) => s.name === name)?._id;
    const [inbox, mail, batch] = STEPS;
    const steps = [mail, inbox, { ...batch, name: "Digest" }];
    const news = await checked(p, { ...WELCOME, steps });
    const changed = workflowChanges(outs, news).map((c) => `${c.kind} ${c.property}`);
    expect(changed).toContain("update steps[0].name");
    expect(changed).toContain("update steps[2].name");
    expect(changed).toContain("delete steps[3]");
    await p.update(id, outs, news);
    const after = await stored("welcome");
    expect(after.steps.map((s) => s.name)).toEqual(["Mail", "Inbox", "Digest"]);
    expect(after.steps[0]?._id).toBe(idOf("Mail"));
    expect(after.steps[1]?._id).toBe(idOf("Inbox"));
    expect(after.steps[2]?._id).not.toBe(idOf("Batch"));
  });

  it("always sends active: an inactive workflow stays inactive through an update", async () => {
    const p = provider();
    const { id, outs } = await make(p, { ...WELCOME, active: false });
    expect(outs.status).toBe("INACTIVE");
    const news = await checked(p, { ...WELCOME, active: false, name: "Welcome 2" });
    const { outs: updated } = await p.update(id, outs, news);
    expect(updated).toMatchObject({ active: false, status: "INACTIVE", name: "Welcome 2" });
  });

  it("keeps what the program leaves out (description, tags) through an update", async () => {
    const p = provider();
    const { id, outs } = await make(p, { ...WELCOME, description: "d", tags: ["onboarding"] });
    const news = await checked(p, { ...WELCOME, name: "Renamed" });
    expect(workflowChanges(outs, news).map((c) => c.property)).toEqual(["name"]);
    const { outs: updated } = await p.update(id, outs, news);
    expect(updated).toMatchObject({ description: "d", tags: ["onboarding"], name: "Renamed" });
  });

  it("read finds an out-of-band PATCH; the next diff shows it and the update undoes it", async () => {
    const p = provider();
    const { id, outs } = await make(p, WELCOME);
    expect((await call(emu, "PATCH", "/v2/workflows/welcome", { body: { name: "Dashboard" } })).status).toBe(
      200,
    );
    const read = await p.read(id, outs);
    const refreshed = read.props as WorkflowOutputs;
    expect(refreshed.name).toBe("Dashboard");
    const news = await checked(p, WELCOME);
    expect(workflowChanges(refreshed, news).map((c) => c.property)).toEqual(["name"]);
    await p.update(id, refreshed, news);
    expect((await stored("welcome")).name).toBe("Welcome");
  });

  it("a new workflowId replaces", async () => {
    const p = provider();
    const { id, outs } = await make(p, WELCOME);
    const r = await p.diff(id, outs, await checked(p, { ...WELCOME, workflowId: "welcome-2" }));
    expect(r).toMatchObject({ changes: true, replaces: ["workflowId"] });
  });

  it("delete removes the workflow by its _id; a workflow already gone is no failure", async () => {
    const p = provider();
    const { id, outs } = await make(p, WELCOME);
    await p.delete(id, outs);
    expect((await call(emu, "GET", "/v2/workflows/welcome")).status).toBe(404);
    await p.delete(id, outs);
    expect(writes().filter((w) => w.startsWith("DELETE"))).toEqual([
      `DELETE /v2/workflows/${id}`,
      `DELETE /v2/workflows/${id}`,
    ]);
  });

  it("read of a workflow gone answers {}; a lookup by workflowId answers its _id; a lookup of nothing fails", async () => {
    const p = provider();
    const { id, outs } = await make(p, WELCOME);
    const looked = await p.read("welcome");
    expect(looked.id).toBe(id);
    expect(looked.inputs).toMatchObject({ workflowId: "welcome", name: "Welcome", active: true });
    await p.delete(id, outs);
    expect(await p.read(id, outs)).toEqual({});
    const err = await failure(p.read("nothing-here"));
    expect(err.message).toBe(
      'svc: read: no workflow has the _id or workflowId "nothing-here" in the API key\'s environment',
    );
  });

  it("an update of a workflow deleted out of band says to refresh", async () => {
    const p = provider();
    const { id, outs } = await make(p, WELCOME);
    await call(emu, "DELETE", `/v2/workflows/${id}`);
    const err = await failure(p.update(id, outs, await checked(p, { ...WELCOME, name: "x" })));
    expect(err.message).toMatch(
      /^svc: update: workflow "welcome" \(_id \w+\) no longer exists; run `pulumi refresh`/,
    );
  });
});

describe("an existing workflowId", () => {
  async function someoneElses(): Promise<Props> {
    const res = await call(emu, "POST", "/v2/workflows", {
      body: {
        workflowId: "welcome",
        name: "Theirs",
        steps: [{ name: "Text", type: "sms", controlValues: { body: "x" } }],
      },
    });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  it("is never taken over silently: fails with the workflowId, its _id and how to adopt, writing nothing", async () => {
    const theirs = await someoneElses();
    emu.resetRequests();
    const err = await failure(make(provider(), WELCOME));
    expect(err.message).toBe(
      `svc: create: workflow "welcome" (_id ${theirs._id}) already exists in the API key's environment and this resource ` +
        "did not create it (its workflowId was set explicitly, so it may belong to another stack or to someone else). " +
        "To take it over, set `adopt: true` on this resource (its name, steps and controls will be replaced by the " +
        "declared ones); otherwise choose another workflowId.",
    );
    expect(writes()).toEqual([]);
    expect((await stored("welcome")).name).toBe("Theirs");
  });

  it("is taken over with adopt: true (its _id kept)", async () => {
    const theirs = await someoneElses();
    const { id } = await make(provider(), { ...WELCOME, adopt: true });
    expect(id).toBe(theirs._id);
    expect((await stored("welcome")).steps.map((s) => s.name)).toEqual(STEPS.map((s) => s.name));
  });

  it("is taken over when it is this resource's default workflowId (a re-run after a lost answer)", async () => {
    const origin = { project: "p", stack: "dev", name: "welcome" };
    const workflowId = defaultIdentifier(origin);
    const p = provider();
    const first = await make(p, { ...WELCOME, workflowId, defaultIdentifierOf: origin });
    const again = await make(p, { ...WELCOME, workflowId, defaultIdentifierOf: origin });
    expect(again.id).toBe(first.id);
    const list = await call(emu, "GET", "/v2/workflows");
    expect(list.body.data.totalCount).toBe(1);
  });
});

describe("a workflowId taken between the GET and the POST", () => {
  it("the suffixed workflow the service made is deleted again, and the create fails naming the holder", async () => {
    // Someone creates "welcome" right after the provider's GET found nothing: the service then stores the
    // provider's POST under a suffixed workflowId (emulator/workflow-builder.ts freeWorkflowId).
    const p = new WorkflowProvider({
      settings: { apiKey: emu.apiKey, baseUrl: emu.url },
      client: (s) => {
        const client = new SvcClient(s);
        const get = client.workflows.get.bind(client.workflows);
        client.workflows.get = async (id, query, options) => {
          try {
            return await get(id, query, options);
          } catch (e) {
            await call(emu, "POST", "/v2/workflows", { body: { workflowId: id, name: "Theirs", steps: [] } });
            throw e;
          }
        };
        return client;
      },
    });
    const err = await failure(make(p, WELCOME));
    expect(err.message).toMatch(
      /^svc: create: workflow "welcome" \(_id \w+\) holds the workflowId "welcome" and differs from this resource's declaration; the service stored this create as "welcome-\w+" \(_id \w+\), which was deleted again\..*`adopt: true`/,
    );
    const list = await call(emu, "GET", "/v2/workflows");
    expect(list.body.data.workflows.map((w: Props) => [w.workflowId, w.name])).toEqual([
      ["welcome", "Theirs"],
    ]);
  });
});

describe("every step type (the README's example)", () => {
  const EVERY_TYPE = [
    {
      name: "Inbox",
      type: "in_app",
      controls: { subject: "Welcome", body: "Hi {{subscriber.firstName}}", redirect: { url: "/welcome" } },
    },
    { name: "Wait", type: "delay", controls: { type: "regular", amount: 10, unit: "minutes" } },
    {
      name: "Batch",
      type: "digest",
      controls: { amount: 1, unit: "hours", digestKey: "{{payload.projectId}}" },
    },
    {
      name: "Mail",
      type: "email",
      controls: { subject: "Welcome", body: "<p>Hello</p>", editorType: "html" },
    },
    { name: "Text", type: "sms", controls: { body: "Welcome!" } },
    { name: "Phone", type: "push", controls: { subject: "Welcome", body: "Open the app" } },
    { name: "Team", type: "chat", controls: { body: "New user: {{subscriber.email}}" } },
    { name: "Limit", type: "throttle", controls: { type: "fixed", amount: 1, unit: "hours", threshold: 3 } },
    { name: "Hook", type: "custom", controls: { custom: { plan: "free" } } },
  ];

  it("passes check, and the service stores it without control issues", async () => {
    const p = provider();
    const { outs } = await make(p, { workflowId: "every-type", name: "Every type", steps: EVERY_TYPE });
    expect(outs.steps.map((s) => s.type)).toEqual(EVERY_TYPE.map((s) => s.type));
    expect(
      Object.values(outs.issues)
        .flat()
        .filter((line) => line.startsWith("controls.")),
    ).toEqual([]);
  });
});

describe("environments (as the host wraps the provider)", () => {
  it("records the key's environment; the same workflowId in another environment is another workflow; a key of another environment is refused", async () => {
    const [dev, prod] = emu.keys;
    const wrapped = (apiKey: string) =>
      withTarget(
        new WorkflowProvider({ settings: { apiKey, baseUrl: emu.url }, client: (s) => new SvcClient(s) }),
      );
    const inDev = wrapped(String(dev?.apiKey));
    const inProd = wrapped(String(prod?.apiKey));
    const devMade = await inDev.create((await inDev.check({}, WELCOME)).inputs);
    const prodMade = await inProd.create((await inProd.check({}, WELCOME)).inputs);
    expect(devMade.outs).toMatchObject({ environmentId: dev?.environmentId, environmentName: "Development" });
    expect(prodMade.outs).toMatchObject({ environmentId: prod?.environmentId });
    expect(prodMade.id).not.toBe(devMade.id);
    emu.resetRequests();
    const err = await failure(
      inProd.update(devMade.id, devMade.outs ?? {}, (await inProd.check({}, WELCOME)).inputs),
    );
    expect(err.message).toMatch(
      /^svc: update: this resource lives in environment "Development" .* nothing was read or changed/,
    );
    expect(writes()).toEqual([]);
  });
});
