/**
 * The remedy for `failed to load checkpoint: EOF` after a killed `up` (testkit/convergence/cut-sidecars.ts), on
 * a file backend laid out as Pulumi's: metadata sidecars the kill cut (empty, or not one JSON object) are
 * deleted wherever they are under `.pulumi`; whole sidecars and the files they describe are never touched.
 * test/engine/cut-sidecar.test.ts shows the real CLI's error and recovery.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isWholeSidecar, removeCutSidecars } from "../../testkit/convergence/cut-sidecars";

const ATTRS = '{"user.cache_control":"","user.content_type":"application/json","md5":"AAAA"}\n';

describe("removeCutSidecars", () => {
  let state: string;
  const at = (...parts: string[]) => join(state, ".pulumi", ...parts);
  const put = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };

  beforeEach(() => {
    state = mkdtempSync(join(tmpdir(), "cut-sidecars-"));
  });
  afterEach(() => rmSync(state, { recursive: true, force: true }));

  it("leaves whole sidecars and every other file alone", () => {
    put(at("stacks", "proj", "conv.json"), '{"version":3,"checkpoint":{}}');
    put(at("stacks", "proj", "conv.json.attrs"), ATTRS);
    put(at("meta.yaml"), "version: 1\n");
    expect(removeCutSidecars(state)).toEqual([]);
    expect(readFileSync(at("stacks", "proj", "conv.json.attrs"), "utf8")).toBe(ATTRS);
  });

  it("deletes the empty or cut sidecars, of the checkpoint and of any other file, and nothing else", () => {
    put(at("stacks", "proj", "conv.json"), '{"version":3,"checkpoint":{}}');
    put(at("stacks", "proj", "conv.json.attrs"), "");
    put(at("stacks", "proj", "conv.json.bak.attrs"), ATTRS);
    put(at("locks", "proj", "conv", "abc.json.attrs"), '{"user.cache');
    expect(removeCutSidecars(state)).toEqual([
      join("locks", "proj", "conv", "abc.json.attrs"),
      join("stacks", "proj", "conv.json.attrs"),
    ]);
    expect(existsSync(at("stacks", "proj", "conv.json.attrs"))).toBe(false);
    expect(existsSync(at("stacks", "proj", "conv.json"))).toBe(true);
    expect(existsSync(at("stacks", "proj", "conv.json.bak.attrs"))).toBe(true);
  });

  it("is a no-op on a backend with no .pulumi yet", () => {
    expect(removeCutSidecars(state)).toEqual([]);
  });

  it("tells a decodable sidecar from a cut one", () => {
    put(at("x.attrs"), "");
    expect(isWholeSidecar(at("x.attrs"))).toBe(false);
    put(at("x.attrs"), "null");
    expect(isWholeSidecar(at("x.attrs"))).toBe(false);
    put(at("x.attrs"), ATTRS);
    expect(isWholeSidecar(at("x.attrs"))).toBe(true);
  });
});
