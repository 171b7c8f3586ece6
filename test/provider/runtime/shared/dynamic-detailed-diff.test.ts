import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { describe, expect, it } from "vitest";
import { announceChangedPaths } from "../../../../provider/runtime/shared/dynamic-detailed-diff";

const SOME = provproto.DiffResponse.DiffChanges.DIFF_SOME;
const NONE = provproto.DiffResponse.DiffChanges.DIFF_NONE;

describe("the changed paths handed to the dynamic-provider host's DiffResponse", () => {
  it("the answer after a diff carries its paths, against the state's outputs, once", () => {
    announceChangedPaths({
      changes: true,
      changed: [
        { property: "name", kind: "update", replace: false },
        { property: "steps[2].controls.editorType", kind: "add", replace: false },
        { property: "workflowId", kind: "update", replace: true },
      ],
    });
    const resp = new provproto.DiffResponse();
    resp.setChanges(SOME);
    expect(resp.getDiffsList()).toEqual(["name", "steps", "workflowId"]);
    expect(resp.getHasdetaileddiff()).toBe(true);
    const diffs = resp.getDetaileddiffMap();
    const map = Object.fromEntries(
      ["name", "steps[2].controls.editorType", "workflowId"].map((k) => [
        k,
        [diffs.get(k)?.getKind(), diffs.get(k)?.getInputdiff()],
      ]),
    );
    expect(diffs.getLength()).toBe(3);
    const K = provproto.PropertyDiff.Kind;
    expect(map).toEqual({
      name: [K.UPDATE, false],
      "steps[2].controls.editorType": [K.ADD, false],
      workflowId: [K.UPDATE_REPLACE, false],
    });
    // Used once: the next answer (another resource's) is as the host makes it.
    const next = new provproto.DiffResponse();
    next.setChanges(SOME);
    expect(next.getDiffsList()).toEqual([]);
  });

  it("no paths on an answer without changes, nor from an outcome without them", () => {
    announceChangedPaths({ changes: false, changed: [] });
    const none = new provproto.DiffResponse();
    none.setChanges(NONE);
    expect(none.getHasdetaileddiff()).toBe(false);
    announceChangedPaths({ changes: true });
    const plain = new provproto.DiffResponse();
    plain.setChanges(SOME);
    expect(plain.getDiffsList()).toEqual([]);
  });
});
