/**
 * The figures recorder the scenarios share. A scenario records into one while it runs (named counters, calls
 * per operation, failures with the first message, checks with the details of those that did not hold) and
 * builds the figures it returns from it.
 */

/** The message of a thrown value: its `message` when it is an Error, else its string form. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Records a scenario's figures as it runs. `K` names its counters. */
export class FiguresRecorder<K extends string = never> {
  private readonly counters = new Map<K, number>();
  private readonly calls = new Map<string, number>();
  private failed = 0;
  private first: string | undefined;
  private checked = 0;
  private readonly violated: string[] = [];

  /** `counters`: the names of the counters, each starting at 0. */
  constructor(counters: readonly K[] = []) {
    for (const name of counters) this.counters.set(name, 0);
  }

  /** Adds `by` (default 1) to counter `name`. */
  count(name: K, by = 1): void {
    this.counters.set(name, this.get(name) + by);
  }

  /** The value of counter `name`. */
  get(name: K): number {
    return this.counters.get(name) ?? 0;
  }

  /** Every counter by name. */
  counts(): Record<K, number> {
    return Object.fromEntries(this.counters) as Record<K, number>;
  }

  /** Records one call of operation `name`. */
  call(name: string): void {
    this.calls.set(name, (this.calls.get(name) ?? 0) + 1);
  }

  /** Calls recorded, all operations together. */
  get callCount(): number {
    let n = 0;
    for (const c of this.calls.values()) n += c;
    return n;
  }

  /** The operations called, sorted. */
  operations(): string[] {
    return [...this.calls.keys()].sort();
  }

  /** Calls per operation, in the order the operations were first called. */
  callsByOperation(): Record<string, number> {
    return Object.fromEntries(this.calls);
  }

  /** Records a failure; the first failure's message is kept. */
  fail(message: string): void {
    this.failed++;
    this.first ??= message;
  }

  /** Failures recorded. */
  get failures(): number {
    return this.failed;
  }

  /** The message of the first failure, if any. */
  get firstFailure(): string | undefined {
    return this.first;
  }

  /** `{ [key]: first failure's message }`, or `{}` when nothing failed: to spread into an optional field. */
  firstFailureAs<N extends string>(key: N): Partial<Record<N, string>> {
    return this.first === undefined ? {} : ({ [key]: this.first } as Partial<Record<N, string>>);
  }

  /**
   * Runs `fn` as one call of operation `name`. A throw is recorded as a failure, described by `describe`
   * (default: `name: message`), and gives `undefined`.
   */
  async attempt<T>(
    name: string,
    fn: () => Promise<T>,
    describe: (e: unknown) => string = (e) => `${name}: ${errorMessage(e)}`,
  ): Promise<T | undefined> {
    this.call(name);
    try {
      return await fn();
    } catch (e) {
      this.fail(describe(e));
      return undefined;
    }
  }

  /** Records a check; when `ok` is false, `detail` is kept among the violations. Returns `ok`. */
  check(ok: boolean, detail: string): boolean {
    this.checked++;
    if (!ok) this.violated.push(detail);
    return ok;
  }

  /** Checks recorded. */
  get checks(): number {
    return this.checked;
  }

  /** The details of the checks that did not hold, in order. */
  violations(): string[] {
    return [...this.violated];
  }
}
