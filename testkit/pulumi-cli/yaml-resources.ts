/**
 * Pasting YAML that `pulumi import --out` generates into a Pulumi YAML program, as a user does: the entries of
 * the generated `resources:` map go to the end of the program's `resources:` section. Text only (no YAML
 * parser), so the program keeps its comments and layout; both must use two-space indentation under top-level
 * keys written at column 0, as `pulumi import` and `examples/yaml/Pulumi.yaml` do.
 */

/** The lines of the top-level section `key:` of `text` (without the `key:` line), and where it starts and ends. */
function section(text: string, key: string): { lines: string[]; start: number; end: number } | undefined {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l === `${key}:` || l.startsWith(`${key}: `));
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < lines.length && !/^[^\s#]/.test(lines[end] ?? "")) end++;
  // Blank lines and column-0 comments just before the next key belong to it, not to this section.
  while (end > start + 1 && /^(#.*)?\s*$/.test(lines[end - 1] ?? "")) end--;
  return { lines: lines.slice(start + 1, end), start, end };
}

/** The entries of the generated code's `resources:` map (its indented lines). Throws when there are none. */
export function generatedResources(generated: string): string {
  const found = section(generated, "resources");
  const body = found?.lines.filter((l) => l.trim() !== "") ?? [];
  if (body.length === 0) throw new Error(`no resources: section in the generated code:\n${generated}`);
  return body.join("\n");
}

/** `program` with the entries of `generated`'s `resources:` map appended to its own `resources:` section. */
export function appendYamlResources(program: string, generated: string): string {
  const block = generatedResources(generated);
  const found = section(program, "resources");
  if (!found) return `${program.trimEnd()}\nresources:\n${block}\n`;
  const lines = program.split("\n");
  lines.splice(found.end, 0, block);
  return lines.join("\n");
}
