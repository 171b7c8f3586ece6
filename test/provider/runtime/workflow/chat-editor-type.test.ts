/**
 * A chat step converges with both releases of the service (issue 48): the April 2026 service stores chat
 * controls as sent (`{ body }`), the newest files add a resolved `editorType`. On an emulator playing each
 * (`startEmulator({ serviceVersion })`), a program declaring `editorType` or not previews clean after
 * create and after a read (refresh), and an edit of the body is that one control.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import type { WorkflowInputs } from "../../../../provider/model/workflow-schema";
import { workflowChanges } from "../../../../provider/runtime/workflow/diff";
import { WorkflowProvider } from "../../../../provider/runtime/workflow/provider";
import { SvcClient } from "../../../../sdk";
import { call } from "../../../../testkit/emulator-http";

const MAILY = JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [] }] });

/** Declared chat controls, and what each release stores of them. */
const CASES = [
  { label: "no editorType", controls: { body: "New user" }, april: { body: "New user" }, newest: "text" },
  {
    label: "editorType text",
    controls: { body: "New user", editorType: "text" },
    april: { body: "New user", editorType: "text" },
    newest: "text",
  },
  { label: "a Maily body", controls: { body: MAILY }, april: { body: MAILY }, newest: "block" },
] as const;

describe.each(["2026-04", "newest"] as const)("a chat step on the %s service", (serviceVersion) => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ serviceVersion });
  });
  afterAll(() => emu.close());

  const provider = () =>
    new WorkflowProvider({
      settings: { apiKey: emu.apiKey, baseUrl: emu.url },
      client: (s) => new SvcClient(s),
    });

  it.each(CASES)(
    "$label: stored as that release stores it, clean after create and after refresh",
    async (c) => {
      const p = provider();
      const workflowId = `chat-${serviceVersion.replace(/\W/g, "")}-${c.label.replace(/\W/g, "-")}`;
      const program = (controls: Record<string, unknown>) => ({
        workflowId,
        name: "Chat",
        steps: [{ name: "Team", type: "chat", controls }],
      });
      const checked = async (controls: Record<string, unknown>): Promise<WorkflowInputs> => {
        const r = await p.check({}, program(controls));
        expect(r.failures).toEqual([]);
        return r.inputs;
      };
      const news = await checked(c.controls);
      const { id, outs } = await p.create(news);
      const held = (await call(emu, "GET", `/v2/workflows/${workflowId}`)).body.data.steps[0].controls.values;
      expect(held).toEqual(serviceVersion === "2026-04" ? c.april : { ...c.controls, editorType: c.newest });
      expect(workflowChanges(outs, news)).toEqual([]);
      const read = await p.read(id, outs);
      expect(workflowChanges(read.props as typeof outs, await checked(c.controls))).toEqual([]);
      // An edit of the body is that one control, on either release.
      const another = c.newest === "block" ? JSON.stringify({ type: "doc", content: [] }) : "Another user";
      const edited = await checked({ ...c.controls, body: another });
      expect(workflowChanges(outs, edited)).toEqual([
        { property: "steps[0].controls.body", kind: "update", replace: false },
      ]);
      const updated = await p.update(id, outs, edited);
      expect(workflowChanges(updated.outs, edited)).toEqual([]);
    },
  );
});
