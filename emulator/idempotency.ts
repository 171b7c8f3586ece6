import { createHash } from "node:crypto";

/**
 * Idempotency-Key handling as the real service does it: keys are scoped to the organization and kept
 * 24 hours; a completed request is replayed (with `Idempotency-Replay: true`), a request still in flight
 * answers 409 with `Retry-After: 1`, and the same key with a different request answers 422.
 */

/** How long a completed result is kept. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

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

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** A digest of method, path and body (key order of the body does not matter). */
export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${canonical(body)}`)
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
    this.entries.set(id, { fingerprint: print, expiresAt: this.now() + IDEMPOTENCY_TTL_MS });
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

  /** Forgets a keyed request that did not complete (server error, injected 503): a retry runs again. */
  abandon(organizationId: string, key: string): void {
    this.entries.delete(`${organizationId}\u0000${key}`);
  }

  private sweep(): void {
    if (++this.sweeps % 1000 !== 0) return;
    const now = this.now();
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
  }
}
