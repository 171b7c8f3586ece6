import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { NotFoundError, SvcClient, ValidationError } from "../../sdk";
import { completeControlValuesSchemas, stepControlIssues } from "../../sdk/schemas";
import { failure } from "../../testkit/error-assertions";

const KEY = `sdk_wf_${randomUUID()}`;
const OTHER = `sdk_wf_other_${randomUUID()}`;
let emu: Emulator;
let client: SvcClient;
let other: SvcClient;

beforeAll(async () => {
  emu = await startEmulator({
    keys: [
      { apiKey: KEY, organizationId: "org-wf" },
      { apiKey: OTHER, organizationId: "org-wf" },
    ],
  });
  client = new SvcClient({ apiKey: KEY, baseUrl: emu.url, baseRetryDelayMs: 5 });
  other = new SvcClient({ apiKey: OTHER, baseUrl: emu.url, baseRetryDelayMs: 5 });
});
afterAll(() => emu.close());

describe("client.workflows writes", () => {
  it("create, get, update (step identity), patch, delete", async () => {
    const created = await client.workflows.create({
      workflowId: "sdk-wf",
      name: "SDK",
      steps: [{ name: "Mail", type: "email", controlValues: { subject: "s", body: "b" } }],
    });
    expect(created).toMatchObject({ workflowId: "sdk-wf", active: true });
    const step = created.steps[0];
    const updated = await client.workflows.update("sdk-wf", {
      name: "SDK 2",
      origin: "novu-cloud",
      preferences: {},
      steps: [{ _id: step?._id, name: "Mail", type: "email" }],
    });
    expect(updated.steps[0]?._id).toBe(step?._id);
    // A step sent without `controlValues` loses its values (the v2 controller maps a missing value to null).
    expect(updated.steps[0]?.controls.values).toEqual({});
    const patched = await client.workflows.patch(created._id, { active: false });
    expect(patched.status).toBe("INACTIVE");
    await client.workflows.delete("sdk-wf");
    expect(await failure(client.workflows.get("sdk-wf"))).toBeInstanceOf(NotFoundError);
  });

  it("refuses bad input before any request, naming the field and the allowed values", async () => {
    const before = emu.requests.length;
    const err = await failure<ValidationError>(
      client.workflows.create({
        workflowId: "bad",
        name: "Bad",
        steps: [{ name: "D", type: "digest", controlValues: { amount: 1, unit: "fortnights" as "hours" } }],
      }),
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.message).toContain("steps[0].controlValues.unit");
    expect(err.message).toContain("hours");
    expect(emu.requests.length).toBe(before);
  });

  it("listAll pages through offsets; sync copies to the other environment", async () => {
    for (let i = 0; i < 5; i++)
      await client.workflows.create({ workflowId: `page-${i}`, name: `Paged ${i}`, steps: [] });
    const seen: string[] = [];
    for await (const w of client.workflows.listAll({ query: "paged", limit: 2 })) seen.push(w.workflowId);
    expect(seen.sort()).toEqual(["page-0", "page-1", "page-2", "page-3", "page-4"]);
    const target = (await other.environments.me())._id;
    const synced = await client.workflows.sync("page-0", { targetEnvironmentId: target });
    expect(synced.workflowId).toBe("page-0");
    expect((await other.workflows.get("page-0")).name).toBe("Paged 0");
  });

  it("list filters by one tag and one status: the service's DTO reads them only as arrays (@IsArray)", async () => {
    await client.workflows.create({ workflowId: "tagged-1", name: "Tagged", tags: ["solo"], steps: [] });
    const page = await client.workflows.list({ tags: ["solo"], status: ["ACTIVE"] });
    expect(page.workflows.map((w) => w.workflowId)).toEqual(["tagged-1"]);
  });
});

describe("control issue rules", () => {
  it("name the controls the service would flag, and agree with the emulator's stored issues", async () => {
    expect(Object.keys(stepControlIssues("email", { subject: "s" }))).toEqual(["body"]);
    expect(Object.keys(stepControlIssues("digest", { amount: 0, unit: "hours" }))).toEqual(["amount"]);
    expect(Object.keys(stepControlIssues("digest", { cron: "0 * * * *" }))).toEqual([]);
    expect(Object.keys(stepControlIssues("throttle", { type: "dynamic" }))).toEqual(["dynamicKey"]);
    expect(Object.keys(stepControlIssues("in_app", {})).sort()).toEqual(["body", "subject"]);
    expect(Object.keys(stepControlIssues("in_app", { body: "b", avatar: "mailto:x" }))).toEqual(["avatar"]);
    const check = completeControlValuesSchemas.email.safeParse({ subject: "s" });
    expect(check.success).toBe(false);
    expect(completeControlValuesSchemas.email.safeParse({ subject: "s", body: "b" }).success).toBe(true);
    const stored = await client.workflows.create({
      workflowId: "issues",
      name: "Issues",
      steps: [{ name: "Wait", type: "delay", controlValues: { type: "regular", unit: "hours" } }],
    });
    expect(Object.keys(stored.steps[0]?.issues?.controls ?? {})).toEqual(["amount"]);
    expect(stored.status).toBe("ERROR");
  });
});
