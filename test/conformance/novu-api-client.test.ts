import { Novu } from "@novu/api";
import type { CreateWorkflowDto, UpdateWorkflowDto } from "@novu/api/models/components";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";

/**
 * The official client (@novu/api 3.x, a devDependency) parses every workflow answer of the emulator: create,
 * get, update (PUT), patch, list pages and delete. Its serverURL points at the emulator.
 */

let emu: Emulator;
let novu: Novu;
beforeAll(async () => {
  emu = await startEmulator();
  novu = new Novu({
    serverURL: emu.url,
    secretKey: emu.apiKey,
  });
});
afterAll(() => emu.close());

/** Every step type, controls as a user would declare them (chat without editorType, partial preferences). */
const steps: CreateWorkflowDto["steps"] = [
  { name: "In app", type: "in_app", controlValues: { body: "Hi {{subscriber.firstName}}" } },
  { name: "Email", type: "email", controlValues: { subject: "Hi", body: "<p>Hi</p>", editorType: "html" } },
  { name: "Chat", type: "chat", controlValues: { body: "hi" } },
  { name: "Push", type: "push", controlValues: { subject: "s", body: "b" } },
  { name: "Sms", type: "sms", controlValues: { body: "b" } },
  { name: "Digest", type: "digest", controlValues: { amount: 1, unit: "hours", type: "regular" } },
  { name: "Delay", type: "delay", controlValues: { amount: 1, unit: "hours", type: "regular" } },
  {
    name: "Throttle",
    type: "throttle",
    controlValues: { amount: 1, unit: "hours", type: "fixed", threshold: 1 },
  },
  { name: "Custom", type: "custom", controlValues: { custom: {} } },
];
const preferences = { workflow: { all: { enabled: true }, channels: { sms: { enabled: false } } } };

describe("@novu/api parses the emulator's workflow answers", () => {
  it("create, get, update, patch, list pages, delete", async () => {
    const created = await novu.workflows.create({
      workflowId: "official-client",
      name: "Official client",
      tags: ["t"],
      steps,
      preferences,
    });
    const w = created.result;
    expect(w.workflowId).toBe("official-client");
    expect(w.steps).toHaveLength(steps.length);
    expect(w.preferences.default.channels["sms"]).toEqual({ enabled: false });

    const got = await novu.workflows.get("official-client");
    expect(got.result.id).toBe(w.id);

    const updated = await novu.workflows.update(
      {
        name: "Official client 2",
        origin: "novu-cloud",
        steps: got.result.steps.map((s) => ({
          id: s.id,
          name: s.name,
          type: s.type,
          controlValues: s.controls.values,
        })) as UpdateWorkflowDto["steps"],
        preferences,
      },
      "official-client",
    );
    expect(updated.result.name).toBe("Official client 2");
    expect(updated.result.steps.map((s) => s.stepId)).toEqual(w.steps.map((s) => s.stepId));

    const patched = await novu.workflows.patch({ active: false }, "official-client");
    expect(patched.result.status).toBe("INACTIVE");

    for (const i of [1, 2, 3])
      await novu.workflows.create({ workflowId: `official-page-${i}`, name: `Page ${i}`, steps: [] });
    const first = await novu.workflows.list({ limit: 2, offset: 0 });
    const second = await novu.workflows.list({ limit: 2, offset: 2 });
    expect(first.result.totalCount).toBe(second.result.totalCount);
    const listed = [...first.result.workflows, ...second.result.workflows];
    expect(listed.map((x) => x.workflowId)).toContain("official-client");
    expect(listed.find((x) => x.workflowId === "official-client")?.steps).toHaveLength(steps.length);

    await novu.workflows.delete("official-client");
    await expect(novu.workflows.get("official-client")).rejects.toThrow();
  });
});
