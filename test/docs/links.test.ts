/**
 * The documentation as a new user reads it: a README of a few screens whose every link resolves, the
 * registry layout (`docs/_index.md`, `docs/installation-configuration.md`), every `svc:` config key of the one
 * table (provider/config.ts) documented, and the doc sections that errors name present under that name.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { SETTINGS } from "../../provider/config";
import { KEY_CHANGES_DOC } from "../../provider/model/key-environment";
import { LEFT_ENTRY_README } from "../../provider/runtime/channel-entries/stranded-entries";
import { repoRoot } from "../../testkit/harness/repo-root";

const root = repoRoot();

/** The Markdown files a user or contributor reads, relative to the root. */
function docFiles(): string[] {
  const docs = readdirSync(join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`);
  const others = [
    "README.md",
    "CONTRIBUTING.md",
    "bench/README.md",
    "examples/README.md",
    "emulator/README.md",
  ];
  return [...others.filter((f) => existsSync(join(root, f))), ...docs];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, "")
    .replace(/ /g, "-");
}

/** The headings of a Markdown file (outside code blocks), as anchors and as titles. */
function headings(file: string): { anchors: Set<string>; titles: Set<string> } {
  const anchors = new Set<string>();
  const titles = new Set<string>();
  let code = false;
  for (const line of readFileSync(join(root, file), "utf8").split("\n")) {
    if (line.startsWith("```")) code = !code;
    const m = /^#+ (.*)$/.exec(line);
    if (m?.[1] !== undefined && !code) {
      anchors.add(anchorOf(m[1]));
      titles.add(m[1].trim());
    }
  }
  return { anchors, titles };
}

/** Every `[text](target)` of a file whose target is inside the repository. */
function links(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8").replace(/```[\s\S]*?```/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? "")
    .filter((target) => !/^[a-z]+:/.test(target));
}

/** Why a link does not resolve, or undefined when it does. */
function brokenLink(file: string, target: string): string | undefined {
  const [path = "", anchor] = target.split("#");
  const resolved = path === "" ? file : normalize(join(dirname(file), path));
  if (!existsSync(join(root, resolved))) return `${file}: ${target}: no file ${resolved}`;
  if (anchor === undefined || !resolved.endsWith(".md")) return undefined;
  return headings(resolved).anchors.has(anchor)
    ? undefined
    : `${file}: ${target}: no heading #${anchor} in ${resolved}`;
}

/** `docs/x.md: "Title"` as the file and the heading it names. */
function docReference(reference: string): { file: string; title: string } {
  const m = /^(\S+\.md): "(.+)"$/.exec(reference);
  if (!m?.[1] || !m[2]) throw new Error(`not a doc reference: ${reference}`);
  return { file: m[1], title: m[2] };
}

describe("documentation", () => {
  it("the README is a few screens, and every link in it and in the docs resolves", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThan(300);
    const broken = docFiles().flatMap((file) => links(file).flatMap((t) => brokenLink(file, t) ?? []));
    expect(broken).toEqual([]);
    expect(links("README.md")).toEqual(
      expect.arrayContaining(["docs/_index.md", "docs/installation-configuration.md"]),
    );
  });

  it("a broken link or anchor is found", () => {
    expect(brokenLink("README.md", "docs/no-such-file.md")).toContain("no file");
    expect(brokenLink("README.md", "docs/_index.md#no-such-heading")).toContain("no heading");
    expect(
      brokenLink("README.md", "docs/installation-configuration.md#when-the-key-changes"),
    ).toBeUndefined();
  });

  it("docs/_index.md and the README link every guide of docs/, and every example has a README", () => {
    const guides = readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md") && f !== "_index.md");
    const fromIndex = new Set(links("docs/_index.md").map((t) => t.split("#")[0]));
    const fromReadme = new Set(links("README.md").map((t) => t.split("#")[0]));
    expect(guides.filter((g) => !fromIndex.has(g))).toEqual([]);
    expect(guides.filter((g) => !fromReadme.has(`docs/${g}`))).toEqual([]);
    const examples = readdirSync(join(root, "examples"), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(root, "examples", d.name, "Pulumi.yaml")))
      .map((d) => d.name);
    expect(examples.filter((e) => !existsSync(join(root, "examples", e, "README.md")))).toEqual([]);
  });

  it("installation-configuration documents every svc: config key", () => {
    const text = readFileSync(join(root, "docs/installation-configuration.md"), "utf8");
    for (const setting of Object.values(SETTINGS)) expect(text, setting.key).toContain(`\`${setting.key}\``);
  });

  it("the doc sections that errors name exist under that title", () => {
    for (const reference of [KEY_CHANGES_DOC, LEFT_ENTRY_README]) {
      const { file, title } = docReference(reference);
      expect(headings(file).titles, `${reference} (${relative(root, join(root, file))})`).toContain(title);
    }
  });
});
