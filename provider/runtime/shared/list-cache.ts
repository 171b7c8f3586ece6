/**
 * Coalesces list requests: concurrent callers share one in-flight request, and its answer is reused for a
 * short time (a refresh reads every resource at once, each read would otherwise list the organization).
 * Any write invalidates it.
 */
export class ListCache<T> {
  private pending: Promise<T> | undefined;
  private value: { at: number; data: T } | undefined;
  private generation = 0;

  /**
   * @param load fetches a fresh list
   * @param ttlMs how long a completed answer is reused
   */
  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs = 2_000,
  ) {}

  /** The cached list, the in-flight request, or a new request. */
  get(): Promise<T> {
    if (this.value && Date.now() - this.value.at < this.ttlMs) return Promise.resolve(this.value.data);
    if (this.pending) return this.pending;
    const gen = this.generation;
    const p = this.load().then(
      (data) => {
        if (this.pending === p) this.pending = undefined;
        if (gen === this.generation) this.value = { at: Date.now(), data };
        return data;
      },
      (err: unknown) => {
        if (this.pending === p) this.pending = undefined;
        throw err;
      },
    );
    this.pending = p;
    return p;
  }

  /** Forgets the cached answer and detaches from any in-flight request (call after every write). */
  invalidate(): void {
    this.generation++;
    this.value = undefined;
    this.pending = undefined;
  }
}
