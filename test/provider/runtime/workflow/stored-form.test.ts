import { describe, expect, it } from "vitest";
import {
  defaultIdentifier,
  defaultWorkflowId,
  keepDefaultIdentifier,
  WORKFLOW_ID_PATTERN,
} from "../../../../provider/default-identifier";
import { type WorkflowOutputs, workflowOutputsSchema } from "../../../../provider/model/workflow-schema";
import { checkWorkflow } from "../../../../provider/runtime/workflow/check";
import { diffWorkflow, workflowChanges } from "../../../../provider/runtime/workflow/diff";
import { inputsOf } from "../../../../provider/runtime/workflow/model";
import { storedControls, storedWorkflowPreferences } from "../../../../provider/runtime/workflow/stored-form";

type Props = Record<string, unknown>;

const MAILY = JSON.stringify({ type: "doc", content: [{ type: "paragraph" }] });
const FIVE_ON = {
  chat: { enabled: true },
  email: { enabled: true },
  in_app: { enabled: true },
  push: { enabled: true },
  sms: { enabled: true },
};

/** Outputs as the service stores `steps` and `preferences` (what the emulator of wf-emu answers). */
function outputs(steps: Props[], preferences: Props): WorkflowOutputs {
  // Assigned after parsing: the service may answer what the input schema refuses (another channel).
  const parsed = workflowOutputsSchema.parse({
    workflowId: "welcome",
    name: "Welcome",
    active: true,
    description: "",
    tags: [],
    validatePayload: false,
    isTranslationEnabled: false,
    severity: "none",
    steps: steps.map((s, i) => ({ ...s, stepId: `s${i}`, id: `id${i}` })),
    status: "ACTIVE",
    issues: {},
  });
  return Object.assign(parsed, { preferences });
}

function declared(news: Props) {
  const r = checkWorkflow({ workflowId: "welcome", name: "Welcome", ...news });
  expect(r.failures).toEqual([]);
  return r.inputs;
}

describe("the declared workflow as the service stores it", () => {
  it("a chat step without editorType is stored with the resolved one: no change", () => {
    const stored = outputs([{ name: "Chat", type: "chat", controls: { body: "Hi", editorType: "text" } }], {
      workflow: { all: { enabled: true, readOnly: false }, channels: FIVE_ON },
    });
    const news = declared({ steps: [{ name: "Chat", type: "chat", controls: { body: "Hi" } }] });
    expect(workflowChanges(stored, news)).toEqual([]);
    expect(diffWorkflow(stored, news).changes).toBe(false);
    // Stored "block" (someone switched the editor) against a plain body left without editorType: a change.
    const switched = outputs(
      [{ name: "Chat", type: "chat", controls: { body: "Hi", editorType: "block" } }],
      {},
    );
    expect(workflowChanges(switched, news)).toEqual([
      { property: "steps[0].controls.editorType", kind: "update", replace: false },
    ]);
  });

  it("resolves chat editorType as resolve-chat-editor-type.ts: explicit, Maily JSON, non-empty, empty", () => {
    expect(storedControls("chat", { body: "x", editorType: "block" })).toEqual({
      body: "x",
      editorType: "block",
    });
    expect(storedControls("chat", { body: MAILY })).toEqual({ body: MAILY, editorType: "block" });
    expect(storedControls("chat", { body: "x" })).toEqual({ body: "x", editorType: "text" });
    expect(storedControls("chat", { body: "" })).toEqual({ body: "" });
    expect(storedControls("chat", {})).toEqual({});
    expect(storedControls("email", { subject: "s", body: "<p>x</p>", editorType: "block" })).toMatchObject({
      body: "",
    });
    expect(storedControls("email", { subject: "s", body: MAILY, editorType: "block" })).toMatchObject({
      body: MAILY,
    });
  });

  it("partial preferences are completed as buildWorkflowPreferences.ts: no change against the stored form", () => {
    const partial = { workflow: { all: { enabled: true }, channels: { sms: { enabled: false } } } };
    const complete = {
      all: { enabled: true, readOnly: false },
      channels: { ...FIVE_ON, sms: { enabled: false } },
    };
    expect(storedWorkflowPreferences(partial.workflow)).toEqual(complete);
    expect(storedWorkflowPreferences({ all: { enabled: false } }).channels).toMatchObject({
      email: { enabled: false },
    });
    const news = declared({ steps: [], preferences: partial });
    const stored = outputs([], { workflow: complete });
    expect(workflowChanges(stored, news)).toEqual([]);
    // A newer service's extra channel is no change; a stored channel that differs is one.
    const newer = outputs([], {
      workflow: { ...complete, channels: { ...complete.channels, tool: { enabled: true } } },
    });
    expect(workflowChanges(newer, news)).toEqual([]);
    const other = outputs([], { workflow: { ...complete, channels: FIVE_ON } });
    expect(workflowChanges(other, news).map((c) => c.property)).toEqual(["preferences.workflow"]);
    // `user: null` is stored as none.
    const withUser = declared({ steps: [], preferences: { ...partial, user: null } });
    expect(workflowChanges(stored, withUser)).toEqual([]);
  });
});

describe("read's inputs", () => {
  it("leave out a preferences channel a newer service adds: check takes them and diff sees no change", () => {
    const complete = {
      all: { enabled: true, readOnly: false },
      channels: { ...FIVE_ON, tool: { enabled: true } },
    };
    const stored = outputs([{ name: "Chat", type: "chat", controls: { body: "Hi", editorType: "text" } }], {
      workflow: complete,
    });
    const inputs = inputsOf(stored);
    expect(inputs.preferences).toEqual({ workflow: { all: complete.all, channels: FIVE_ON } });
    const r = checkWorkflow(inputs);
    expect(r.failures).toEqual([]);
    expect(diffWorkflow(stored, r.inputs).changes).toBe(false);
  });
});

describe("check refuses before any request", () => {
  it("an email step with editorType block and a body that is not block-editor JSON, naming step and control", () => {
    const steps = [
      { name: "Mail", type: "email", controls: { subject: "s", body: "<p>Hi</p>", editorType: "block" } },
    ];
    const r = checkWorkflow({ workflowId: "welcome", name: "Welcome", steps });
    expect(r.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(
          /^steps\[0\] "Mail": controls\.body: with editorType "block" the body must be a block-editor \(Maily\) JSON document .* would store this body as "" .* set editorType "html"$/,
        ),
      },
    ]);
    const fine = [
      { name: "Mail", type: "email", controls: { subject: "s", body: MAILY, editorType: "block" } },
    ];
    expect(checkWorkflow({ workflowId: "welcome", name: "Welcome", steps: fine }).failures).toEqual([]);
  });

  it("a workflowId the service's pattern refuses, unless it is the one in state", () => {
    for (const id of ["welcome---new-users", "-welcome", "welcome-", "wel come", "a..b"]) {
      const r = checkWorkflow({ workflowId: id, name: "Welcome", steps: [] });
      expect(r.failures).toEqual([
        {
          property: "workflowId",
          reason: expect.stringMatching(/is refused by the service: .*"welcome-new-users"/),
        },
      ]);
      expect(checkWorkflow({ workflowId: id, name: "W", steps: [] }, { workflowId: id }).failures).toEqual(
        [],
      );
    }
    expect(checkWorkflow({ workflowId: "a.b_c-1", name: "W", steps: [] }).failures).toEqual([]);
  });

  it("more than 16 tags", () => {
    const tags = Array.from({ length: 17 }, (_, i) => `t${i}`);
    const r = checkWorkflow({ workflowId: "w", name: "W", steps: [], tags });
    expect(r.failures).toEqual([{ property: "tags", reason: expect.stringMatching(/at most 16 tags/) }]);
    expect(checkWorkflow({ workflowId: "w", name: "W", steps: [], tags: tags.slice(1) }).failures).toEqual(
      [],
    );
  });

  it("takes a chat editorType (text or block) and names the allowed values", () => {
    const ok = [{ name: "Chat", type: "chat", controls: { body: "x", editorType: "text" } }];
    expect(checkWorkflow({ workflowId: "w", name: "W", steps: ok }).failures).toEqual([]);
    const bad = [{ name: "Chat", type: "chat", controls: { body: "x", editorType: "html" } }];
    expect(checkWorkflow({ workflowId: "w", name: "W", steps: bad }).failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(/^steps\[0\] "Chat": controls\.editorType: must be one of text, block/),
      },
    ]);
  });
});

describe("default workflowIds", () => {
  const origin = { project: "p", stack: "dev", name: "welcome - new users" };

  it("always match the service's pattern", () => {
    expect(defaultIdentifier(origin)).toMatch(/^welcome---new-users-/); // the old formula did not
    expect(defaultWorkflowId(origin)).toMatch(/^welcome-new-users-[0-9a-f]{8}$/);
    for (const name of ["a--b", `${"x".repeat(47)}-y`, "---", "_a_", "Ünïcode name!", "a.b"]) {
      expect(defaultWorkflowId({ ...origin, name })).toMatch(WORKFLOW_ID_PATTERN);
    }
    // Where the old formula gave a valid id, both are the same (existing stacks keep theirs).
    const plain = { ...origin, name: "welcome" };
    expect(defaultWorkflowId(plain)).toBe(defaultIdentifier(plain));
  });

  it("an existing stack keeps the workflowId of the old formula, also through a rename", () => {
    const olds = { workflowId: defaultIdentifier(origin), defaultIdentifierOf: origin };
    const renamed = { ...origin, name: "welcome - all users" };
    const news = {
      workflowId: defaultWorkflowId(renamed),
      defaultIdentifierOf: renamed,
      name: "W",
      steps: [],
    };
    const kept = keepDefaultIdentifier(olds, news, "workflowId");
    expect(kept.workflowId).toBe(defaultIdentifier(origin));
    expect(checkWorkflow(kept, olds).failures).toEqual([]);
  });
});
