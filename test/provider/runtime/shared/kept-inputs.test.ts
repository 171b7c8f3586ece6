/**
 * The kept entries of provider/runtime/shared/kept-inputs.ts, pure: what turns the inputs an answer
 * describes into the declared ones (deepest paths, left-out keys, nothing of a secret input's value), and how
 * a refresh applies them (only where the service still holds what it held).
 */
import { describe, expect, it } from "vitest";
import { keptInputs, restoreInputs } from "../../../../provider/runtime/shared/kept-inputs";

const described = {
  name: "Alerts",
  identifier: "alerts-1",
  steps: [{ name: "Chat", controls: { body: "Hi", editorType: "text" } }],
};
const declared = {
  identifier: "alerts-1",
  credentials: {},
  defaultIdentifierOf: { project: "p", stack: "s", name: "alerts" },
  steps: [{ name: "Chat", controls: { body: "Hi" } }],
  __provider: "serialized text",
};

describe("keptInputs", () => {
  it("records left-out keys, inputs the answer lacks and nested differences, never the engine's __provider", () => {
    expect(keptInputs(described, declared)).toEqual([
      { path: ["name"], absent: true },
      { path: ["steps", 0, "controls", "editorType"], absent: true },
      { path: ["credentials"], value: {} },
      { path: ["defaultIdentifierOf"], value: { project: "p", stack: "s", name: "alerts" } },
    ]);
  });

  it("keeps nothing of a secret input's value: only empty values and left-out keys under it", () => {
    const service = { credentials: { deviceTokens: ["a", "b"], webhookUrl: "https://hook/secret" } };
    const program = { credentials: { deviceTokens: ["b", "a"], channel: "" } };
    expect(keptInputs(service, program)).toEqual([{ path: ["credentials", "webhookUrl"], absent: true }]);
    expect(JSON.stringify(keptInputs(service, { credentials: { deviceTokens: [] } }))).not.toMatch(
      /secret|"a"|"b"/,
    );
  });
});

describe("restoreInputs", () => {
  const kept = keptInputs(described, declared);
  const { __provider: _p, ...inputs } = declared;

  it("gives back the declared inputs when the service holds what it held", () => {
    expect(restoreInputs(kept, described, structuredClone(described))).toEqual(inputs);
  });

  it("takes the service's value where it changed, and keeps the rest", () => {
    const renamed = { ...structuredClone(described), name: "Edited by hand" };
    expect(restoreInputs(kept, described, renamed)).toEqual({ ...inputs, name: "Edited by hand" });
    const chat = structuredClone(described);
    chat.steps[0]!.controls.editorType = "block";
    expect(restoreInputs(kept, described, chat).steps).toEqual([
      { name: "Chat", controls: { body: "Hi", editorType: "block" } },
    ]);
  });

  it("skips an entry whose place is gone", () => {
    const noSteps = { name: "Alerts", identifier: "alerts-1", steps: [] };
    expect(restoreInputs(kept, described, noSteps)).toEqual({ ...inputs, steps: [] });
  });
});
