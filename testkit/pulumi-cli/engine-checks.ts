import { SECRET_SIG, SIG_KEY } from "../harness/protocol";
import type { Json, PreviewDigest, PreviewStep, StackExport, StateResource } from "./cli-json";

/** The stack resource's type token (left out of step lists: it is not a resource of ours). */
export const STACK_TYPE = "pulumi:pulumi:Stack";

/** The resource name at the end of a URN. */
export function nameOf(urn: string): string {
  return urn.split("::").pop() ?? "";
}

/** The steps of a preview other than the stack's. */
export function resourceSteps(digest: PreviewDigest | undefined): PreviewStep[] {
  return (digest?.steps ?? []).filter((s) => !s.urn.endsWith(`${STACK_TYPE}::${nameOf(s.urn)}`));
}

/** `[resource name, op]` of each step but the stack's, sorted (the order of independent steps is free). */
export function stepOps(digest: PreviewDigest | undefined): [string, string][] {
  return resourceSteps(digest)
    .map((s): [string, string] => [nameOf(s.urn), s.op])
    .sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
}

/** The step of the resource named `name` (the first, for a replace's several steps). */
export function stepOf(digest: PreviewDigest | undefined, name: string): PreviewStep | undefined {
  return resourceSteps(digest).find((s) => nameOf(s.urn) === name);
}

/** The custom resources in state (not the stack, not providers), by name. */
export function stateByName(state: StackExport): Map<string, StateResource> {
  const out = new Map<string, StateResource>();
  for (const r of state.deployment.resources ?? []) {
    if (r.type === STACK_TYPE || r.type.startsWith("pulumi:providers:")) continue;
    out.set(nameOf(r.urn), r);
  }
  return out;
}

/** Whether `v` is a secret as stored in state: `{ [sig]: SECRET_SIG, ciphertext }`. */
export function isStateSecret(v: Json | undefined): boolean {
  return (
    typeof v === "object" &&
    v !== null &&
    !Array.isArray(v) &&
    (v as Record<string, Json>)[SIG_KEY] === SECRET_SIG &&
    typeof (v as Record<string, Json>)["ciphertext"] === "string"
  );
}

/** How many times each of `secrets` occurs in `text`, by secret (only those found). */
export function plaintextHits(text: string, secrets: readonly string[]): Record<string, number> {
  const hits: Record<string, number> = {};
  for (const s of secrets) {
    const n = text.split(s).length - 1;
    if (n > 0) hits[s] = n;
  }
  return hits;
}

/** The Diagnostics section of a command's display (what is left once the live rows are gone). */
export function diagnosticsSection(text: string): string {
  const start = text.indexOf("\nDiagnostics:\n");
  const end = text.indexOf("\nResources:\n", start);
  return start < 0 ? "" : text.slice(start + "\nDiagnostics:\n".length, end < 0 ? undefined : end);
}

/**
 * The errors the engine reported that hold `fragment`: of a preview, its `--json` diagnostics of severity
 * error; of another command, the `error:` lines of its Diagnostics. (The dynamic-provider host also echoes a
 * failure it passes on to its stderr, which the engine shows as the stack's info line
 * `ConfigError [<code>]: ...`: not an error.)
 */
export function errorsHolding(
  result: { stdout: string; digest?: PreviewDigest | undefined },
  fragment: string,
): string[] {
  const errors =
    result.digest === undefined
      ? diagnosticsSection(result.stdout)
          .split("\n")
          .filter((l) => /^\s+error: /.test(l))
      : (result.digest.diagnostics ?? []).filter((d) => d.severity === "error").map((d) => d.message);
  return errors.filter((e) => e.includes(fragment));
}
