import { createHash } from "node:crypto";

/**
 * Idempotency-Key handling as the real service does it (apps/api/src/app/shared/framework/
 * idempotency.interceptor.ts): keys are scoped to the organization; a request in flight is marked for
 * 5 minutes, a completed one (error answers included) kept 24 hours; a completed request is replayed (with
 * `Idempotency-Replay: true`), a request still in flight answers 409 with `Retry-After: 1`, and the same key
 * with another body answers 422.
 */

/** How long a completed result is kept (`IDEMPOTENCY_CACHE_TTL`). */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a request is marked in flight (`IDEMPOTENCY_PROGRESS_TTL`). */
const IN_FLIGHT_TTL_MS = 5 * 60 * 1000;
/** Longest accepted key; a longer one is a 400. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** A response kept for replay. */
interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

interface Entry {
  fingerprint: string;
  response?: StoredResponse;
  expiresAt: number;
}

/** Outcome of {@link IdempotencyCache.begin}. */
type IdempotencyDecision =
  | { kind: "proceed" }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "in-flight" }
  | { kind: "mismatch" };

/**
 * The fingerprint of a request: a digest of its JSON body only, as the interceptor's `hashRequestBody`
 * (`JSON.stringify(request.body)`; key order counts, method and path do not). No body hashes as `{}`, the
 * body parser's value.
 */
export function fingerprint(body: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(body ?? {}))
    .digest("hex");
}

/** Per-organization idempotency records. */
export class IdempotencyCache {
  private readonly entries = new Map<string, Entry>();
  private sweeps = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Starts a keyed request: proceed (the key is now in flight), replay, in-flight or mismatch. */
  begin(organizationId: string, key: string, print: string): IdempotencyDecision {
    this.sweep();
    const id = `${organizationId}\u0000${key}`;
    const entry = this.entries.get(id);
    if (entry && entry.expiresAt > this.now()) {
      if (entry.fingerprint !== print) return { kind: "mismatch" };
      return entry.response ? { kind: "replay", response: entry.response } : { kind: "in-flight" };
    }
    this.entries.set(id, { fingerprint: print, expiresAt: this.now() + IN_FLIGHT_TTL_MS });
    return { kind: "proceed" };
  }

  /** Keeps the response of a keyed request for replay. */
  complete(organizationId: string, key: string, response: StoredResponse): void {
    const entry = this.entries.get(`${organizationId}\u0000${key}`);
    if (entry) {
      entry.response = response;
      entry.expiresAt = this.now() + IDEMPOTENCY_TTL_MS;
    }
  }

  /** Forgets a keyed request the service never saw (an injected gateway 503): a retry runs again. */
  abandon(organizationId: string, key: string): void {
    this.entries.delete(`${organizationId}\u0000${key}`);
  }

  private sweep(): void {
    if (++this.sweeps % 1000 !== 0) return;
    const now = this.now();
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
  }
}
