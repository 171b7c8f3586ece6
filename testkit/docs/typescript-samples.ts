/**
 * The TypeScript samples of the user documentation, as a reader strings them together: every ```ts block of one
 * Markdown file, in order, is one module. A sample may lean on names the page leaves to the reader (the
 * integration made above, a component of the user's own); an HTML comment `<!-- ts-context: ... -->`, which a
 * rendered page does not show, declares them, so that the samples compile without being padded for the reader.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One Markdown file's samples as one TypeScript module. */
export interface DocModule {
  /** The Markdown file, relative to the repository root. */
  readonly doc: string;
  /** The module's text: imports first, then the hidden context, then the samples in order. */
  readonly source: string;
  /** How many ```ts blocks the file holds. */
  readonly blocks: number;
}

/** The imports every sample may use without writing them: the page's own come first. */
const DEFAULT_IMPORTS = [
  'import * as pulumi from "@pulumi/pulumi";',
  'import * as svc from "pulumi-svc";',
  'import { readFileSync } from "node:fs";',
];

const BLOCK = /^```ts\n([\s\S]*?)^```/gm;
const CONTEXT = /<!--\s*ts-context:([\s\S]*?)-->/g;
const IMPORT_LINE = /^import .* from ".*";$/;

/** The samples of one Markdown file, or undefined when it has none. */
export function docModule(root: string, doc: string): DocModule | undefined {
  const text = readFileSync(join(root, doc), "utf8");
  const blocks = [...text.matchAll(BLOCK)].map((m) => m[1] ?? "");
  if (blocks.length === 0) return undefined;
  const context = [...text.matchAll(CONTEXT)].map((m) => (m[1] ?? "").trim());
  const lines = blocks.join("\n").split("\n");
  const imports = lines.filter((l) => IMPORT_LINE.test(l.trim())).map((l) => l.trim());
  const bindings = new Set(imports.map(importedName));
  const defaults = DEFAULT_IMPORTS.filter((l) => !bindings.has(importedName(l)));
  const body = lines.filter((l) => !IMPORT_LINE.test(l.trim()));
  const source = [...new Set([...imports, ...defaults]), ...context, ...body, "export {};", ""].join("\n");
  return { doc, source, blocks: blocks.length };
}

/** The name an import line binds (`pulumi`, `svc`, `{ readFileSync }`), to leave out a default the page has. */
function importedName(line: string): string {
  return (
    /^import (.*) from/
      .exec(line)?.[1]
      ?.replace(/^\* as /, "")
      .trim() ?? line
  );
}

/** Every Markdown file under `docs/` that holds TypeScript samples. */
export function docModules(root: string): DocModule[] {
  return readdirSync(join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => docModule(root, `docs/${f}`))
    .filter((m): m is DocModule => m !== undefined);
}
