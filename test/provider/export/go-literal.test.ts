/**
 * Go composite literals as gofmt prints them (provider/export/writers/go-literal.ts): the alignment of
 * consecutive one-line `key: value` entries, broken by an entry spanning lines and by a key out of
 * proportion with the previous ones (over 40 characters). Checked against gofmt itself when it is on PATH.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { composite, goString } from "../../../provider/export/writers/go-literal";

const long = (n: number) => goString("k".repeat(n - 2));

function literal(): string[] {
  const nested = composite("pulumi.Map", [{ key: '"inner"', value: ["pulumi.Bool(true)"] }], 1);
  return composite(
    "pulumi.Map",
    [
      { key: '"a"', value: ["pulumi.Int(1)"] },
      { key: '"bbbb"', value: ["pulumi.Int(2)"] },
      { key: '"nested"', value: nested },
      { key: '"c"', value: [`pulumi.String(${goString('q"\n\u00e9\uD800')})`] },
      { key: '"dd"', value: ["pulumi.Int(3)"] },
      { key: long(60), value: ["pulumi.Int(4)"] },
      { key: long(62), value: ["pulumi.Int(5)"] },
      { key: '"e"', value: ["pulumi.Int(6)"] },
      { key: '"empty"', value: ["pulumi.Array{}"] },
      { key: '"list"', value: composite("pulumi.Array", [{ value: ["pulumi.Int(7)"] }], 1) },
    ],
    0,
  );
}

describe("Go composite literals", () => {
  it("aligns runs of one-line entries as gofmt does", () => {
    const lines = literal();
    expect(lines.slice(0, 3)).toEqual([
      "pulumi.Map{",
      '\t"a":    pulumi.Int(1),',
      '\t"bbbb": pulumi.Int(2),',
    ]);
    expect(lines[3]).toBe('\t"nested": pulumi.Map{');
    expect(lines[6]).toBe('\t"c":  pulumi.String("q\\"\\né\uFFFD"),');
    // A 60-character key after keys of 3 and 4: out of proportion, a new section.
    // A 62-character key after it: in proportion with its section's (60), aligned with it.
    expect(lines[8]).toBe(`\t${long(60)}:   pulumi.Int(4),`);
    expect(lines[9]).toBe(`\t${long(62)}: pulumi.Int(5),`);
    // A 3-character key after those: a new section.
    expect(lines[10]).toBe('\t"e":     pulumi.Int(6),');
    expect(lines.at(-1)).toBe("}");
  });

  it("is what gofmt leaves (skipped without gofmt on PATH)", () => {
    const dir = mkdtempSync(join(tmpdir(), "go-literal-"));
    try {
      const file = join(dir, "main.go");
      const body = literal().map((l, i) => (i === 0 ? `var x = ${l}` : l));
      writeFileSync(file, `package main\n\n${body.join("\n")}\n`);
      const run = spawnSync("nice", ["-n", "19", "gofmt", "-d", file], { encoding: "utf8" });
      if (run.error !== undefined || run.status === 127) {
        console.warn("gofmt is not on PATH: not checked");
        return;
      }
      expect(run.stderr).toBe("");
      expect(run.stdout).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
