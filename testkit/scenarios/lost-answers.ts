/**
 * Lost answers: integration creates through the provider implementation while the emulator drops a share
 * of its answers after committing the change. The provider's idempotency key must turn every retry into a
 * replay, so each create makes exactly one integration and none fails.
 *
 * The emulator runs with `allowDuplicateIdentifiers`: the real service would refuse a second integration with
 * the same identifier (409), which would hide a retry that creates twice. Here a duplicate is stored, so the
 * `duplicates` figure counts what the client's retries really did. `brokenIdempotency` makes the emulator
 * ignore Idempotency-Key as well: the control run in which duplicates must appear.
 */
import { randomUUID } from "node:crypto";
import { startEmulator } from "../../emulator";
import type { SvcSettings } from "../../provider/config";
import { IntegrationProvider } from "../../provider/runtime/integration/provider";
import { SvcClient } from "../../sdk";
import { errorMessage, FiguresRecorder } from "./figures";
import { runPool, since } from "./pool";

/** Settings of {@link lostAnswers}. */
export interface LostAnswersOptions {
  /** Creates to run (default 500). */
  creates?: number;
  /** Share of answers dropped after commit (default 0.2). */
  dropRate?: number;
  /** Creates in flight (default 16). */
  concurrency?: number;
  /** Seed of the emulator's fault draws (default 7). */
  seed?: number;
  /** Turn the client's retries off (a control run: lost answers then surface as failures). */
  noRetries?: boolean;
  /** Make the emulator ignore Idempotency-Key (a control run: retries then create duplicates). */
  brokenIdempotency?: boolean;
}

/** What {@link lostAnswers} measured. */
export interface LostAnswersFigures {
  /** Creates attempted (the input). */
  creates: number;
  /** Creates that returned an id. */
  succeeded: number;
  dropRate: number;
  /** Creates that rejected. */
  failed: number;
  /** Integrations of this run stored by the emulator (not deleted). */
  stored: number;
  /** Stored integrations beyond one per identifier. */
  duplicates: number;
  /** Creates whose returned id is not the stored integration with that identifier. */
  wrongIds: number;
  /** Answers the emulator dropped after commit. */
  dropped: number;
  /** Retries answered from the idempotency record. */
  replayed: number;
  /** Requests the emulator received. */
  requests: number;
  /** Wall time of all creates, ms. */
  elapsedMs: number;
  /** First failure message, if any. */
  firstError?: string;
}

/** Runs the scenario against its own emulator and returns its figures. */
export async function lostAnswers(opts: LostAnswersOptions = {}): Promise<LostAnswersFigures> {
  const creates = opts.creates ?? 500;
  const dropRate = opts.dropRate ?? 0.2;
  const emu = await startEmulator({
    port: 0,
    keys: [{ apiKey: `rel_lost_${randomUUID()}` }],
    faults: { dropRate, seed: opts.seed ?? 7 },
    modes: { allowDuplicateIdentifiers: true, ignoreIdempotencyKeys: opts.brokenIdempotency === true },
  });
  const provider = new IntegrationProvider({
    settings: { apiKey: emu.apiKey, baseUrl: emu.url },
    ...(opts.noRetries ? { client: (s: SvcSettings) => new SvcClient({ ...s, maxRetries: 0 }) } : {}),
  });
  const run = randomUUID().slice(0, 8);
  const returned = new Map<string, string>();
  const rec = new FiguresRecorder();
  const t0 = performance.now();
  try {
    await runPool(creates, opts.concurrency ?? 16, async (i) => {
      const identifier = `lost-${run}-${i}`;
      try {
        const checked = await provider.check(
          {},
          {
            providerId: i % 2 === 0 ? "sendgrid" : "twilio",
            channel: i % 2 === 0 ? "email" : "sms",
            identifier,
            name: `Lost answer ${i}`,
          },
        );
        if ((checked.failures ?? []).length > 0) throw new Error(JSON.stringify(checked.failures));
        const made = await provider.create(checked.inputs as never);
        returned.set(identifier, made.id);
      } catch (e) {
        rec.fail(errorMessage(e));
      }
    });
    const elapsedMs = since(t0);
    const mine = emu.integrations().filter((x) => x.identifier.startsWith(`lost-${run}-`));
    const byIdentifier = new Map<string, string[]>();
    for (const x of mine)
      byIdentifier.set(x.identifier, [...(byIdentifier.get(x.identifier) ?? []), x._id ?? ""]);
    let wrongIds = 0;
    for (const [identifier, id] of returned) {
      const ids = byIdentifier.get(identifier) ?? [];
      if (ids.length !== 1 || ids[0] !== id) wrongIds++;
    }
    const requests = emu.requests;
    return {
      creates,
      succeeded: returned.size,
      dropRate,
      failed: rec.failures,
      stored: mine.length,
      duplicates: mine.length - byIdentifier.size,
      wrongIds,
      dropped: requests.filter((r) => r.dropped).length,
      replayed: requests.filter((r) => r.replayed).length,
      requests: requests.length,
      elapsedMs,
      ...rec.firstFailureAs("firstError"),
    };
  } finally {
    await emu.close();
  }
}
