/**
 * The one verdict type of bench/. Every benchmark's `run()` resolves to an object with a `verdict`: the
 * targets it holds its figures to, each met or missed. `bench/run-all` reads it, prints the missed figures
 * by name, and makes `npm run bench` exit non-zero when any target is missed (or when a bench returns no
 * verdict, or throws).
 *
 * To plug a new bench in: put it at `bench/<name>.ts`, export `run(options?)`, build its figures, then
 * `return { ...figures, verdict: verdictOf([target(...), ...]) }` and declare the result type as
 * `interface MyResult extends BenchResult { ... }`. Print the figures as you like; call
 * {@link printVerdict} last so every bench ends with the same line.
 */

/** One figure held to one target. */
export interface TargetCheck {
  /** What is measured, named so a reader can find it in the bench's table. */
  figure: string;
  /** The measured value, as printed. */
  value: string;
  /** The target, as printed (`<= 5.75 s`, `0`, `>= 1.5x`). */
  target: string;
  /** Whether the value meets the target. */
  ok: boolean;
  /** Why it was missed (a first error, a diagnosis), when it was. */
  detail?: string;
}

/** A benchmark's verdict: every target it checked, and whether all were met. */
export interface Verdict {
  readonly ok: boolean;
  readonly checks: readonly TargetCheck[];
}

/** What every benchmark's `run()` resolves to (its figures are the other fields). */
export interface BenchResult {
  verdict: Verdict;
}

/** One check; `detail` is kept only when the target is missed. */
export function target(
  figure: string,
  value: string,
  targetText: string,
  ok: boolean,
  detail?: string,
): TargetCheck {
  return { figure, value, target: targetText, ok, ...(ok || detail === undefined ? {} : { detail }) };
}

/** The verdict of a list of checks: ok when there is at least one and all are met. */
export function verdictOf(checks: readonly TargetCheck[]): Verdict {
  return { ok: checks.length > 0 && checks.every((c) => c.ok), checks };
}

/** The checks that missed their target. */
export function missed(verdict: Verdict): TargetCheck[] {
  return verdict.checks.filter((c) => !c.ok);
}

function isCheck(v: unknown): v is TargetCheck {
  if (v === null || typeof v !== "object") return false;
  const c = v as Record<string, unknown>;
  return (
    typeof c["figure"] === "string" &&
    typeof c["value"] === "string" &&
    typeof c["target"] === "string" &&
    typeof c["ok"] === "boolean"
  );
}

/** The verdict a bench returned, or undefined when it returned none (which run-all counts as a failure). */
export function readVerdict(result: unknown): Verdict | undefined {
  if (result === null || typeof result !== "object") return undefined;
  const v = (result as { verdict?: unknown }).verdict;
  if (v === null || typeof v !== "object") return undefined;
  const checks = (v as { checks?: unknown }).checks;
  if (!Array.isArray(checks) || !checks.every(isCheck)) return undefined;
  // Recomputed from the checks: a bench cannot claim ok while a check says otherwise.
  return verdictOf(checks);
}

/** One line per missed check: figure, value and target. */
export function describeMissed(verdict: Verdict): string[] {
  return missed(verdict).map(
    (c) => `${c.figure}: ${c.value} (target ${c.target})${c.detail ? ` - ${c.detail}` : ""}`,
  );
}

/** Prints `verdict: PASS (n targets)` or `verdict: FAIL` followed by each missed figure. */
export function printVerdict(verdict: Verdict): void {
  if (verdict.ok) {
    console.log(`\nverdict: PASS (${verdict.checks.length} targets met)`);
    return;
  }
  console.log(`\nverdict: FAIL (${missed(verdict).length} of ${verdict.checks.length} targets missed)`);
  for (const line of describeMissed(verdict)) console.log(`  missed: ${line}`);
}

/**
 * For a bench run as a script (`node dist/bench/<name>.js`): the exit status is 1 when a target is missed or
 * the run throws (printed), 0 otherwise.
 */
export function exitWithVerdict(result: Promise<BenchResult>): void {
  result.then(
    (r) => {
      if (!r.verdict.ok) process.exitCode = 1;
    },
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
