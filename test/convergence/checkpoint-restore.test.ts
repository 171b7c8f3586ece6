/**
 * The soak's remedy for a checkpoint a killed `up` cut (testkit/convergence/checkpoint-restore.ts), on a file
 * backend laid out as Pulumi's: the `.bak` when whole, else the newest whole backup or history checkpoint,
 * else nothing (the runner then imports the last export); whole checkpoints are never touched.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isWholeCheckpoint, restoreCutCheckpoints } from "../../testkit/convergence/checkpoint-restore";

const checkpoint = (tag: string) => `${JSON.stringify({ version: 3, checkpoint: { stack: tag } })}\n`;

describe("restoreCutCheckpoints", () => {
  let state: string;
  const at = (...parts: string[]) => join(state, ".pulumi", ...parts);
  const put = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  const stackFile = () => at("stacks", "proj", "conv.json");

  beforeEach(() => {
    state = mkdtempSync(join(tmpdir(), "checkpoint-restore-"));
  });
  afterEach(() => rmSync(state, { recursive: true, force: true }));

  it("leaves a whole checkpoint alone", () => {
    put(stackFile(), checkpoint("now"));
    put(`${stackFile()}.bak`, checkpoint("bak"));
    expect(restoreCutCheckpoints(state)).toEqual([]);
    expect(readFileSync(stackFile(), "utf8")).toBe(checkpoint("now"));
  });

  it("takes the .bak when it is whole", () => {
    put(stackFile(), "");
    put(`${stackFile()}.bak`, checkpoint("bak"));
    put(at("backups", "proj", "conv", "conv.1764290000000000000.json"), checkpoint("backup"));
    expect(restoreCutCheckpoints(state)).toEqual([{ stack: "proj/conv.json", from: `${stackFile()}.bak` }]);
    expect(readFileSync(stackFile(), "utf8")).toBe(checkpoint("bak"));
  });

  it("with no .bak (or a cut one), takes the newest whole backup or history checkpoint", () => {
    put(stackFile(), '{"version":3,"checkp');
    put(`${stackFile()}.bak`, "");
    put(at("backups", "proj", "conv", "conv.1764290000000000000.json"), checkpoint("old backup"));
    put(at("history", "proj", "conv", "conv-1764290000500000000.history.json"), '{"kind":"update"}');
    put(at("history", "proj", "conv", "conv-1764290000500000000.checkpoint.json"), checkpoint("history"));
    put(at("backups", "proj", "conv", "conv.1764290000900000000.json"), "{"); // cut too: skipped
    const [restored] = restoreCutCheckpoints(state);
    expect(restored?.from).toBe(at("history", "proj", "conv", "conv-1764290000500000000.checkpoint.json"));
    expect(readFileSync(stackFile(), "utf8")).toBe(checkpoint("history"));
    expect(isWholeCheckpoint(stackFile())).toBe(true);
  });

  it("says when the backend kept no whole copy (the runner imports the last export)", () => {
    put(stackFile(), "");
    expect(restoreCutCheckpoints(state)).toEqual([{ stack: "proj/conv.json", from: undefined }]);
    expect(readFileSync(stackFile(), "utf8")).toBe("");
  });

  it("tells a whole checkpoint from other JSON", () => {
    put(stackFile(), '{"kind":"update"}');
    expect(isWholeCheckpoint(stackFile())).toBe(false);
    put(stackFile(), checkpoint("x"));
    expect(isWholeCheckpoint(stackFile())).toBe(true);
  });
});
