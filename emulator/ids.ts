import { randomBytes, randomUUID } from "node:crypto";

/**
 * Identifiers as the real service makes them: record ids and organization ids are 24-hex ObjectIds
 * (4-byte seconds, 5-byte process-random, 3-byte counter, so they sort by creation), environment ids
 * and request ids are uuids.
 */

const processRandom = randomBytes(5).toString("hex");
let counter = randomBytes(3).readUIntBE(0, 3);

/** A new 24-hex ObjectId; `atMs` sets its timestamp part (defaults to now). */
export function objectId(atMs: number = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(atMs / 1000) >>> 0;
  return seconds.toString(16).padStart(8, "0") + processRandom + counter.toString(16).padStart(6, "0");
}

/** A new uuid (environment ids, request ids). */
export function uuid(): string {
  return randomUUID();
}

/** A short random lowercase suffix, as the service appends to generated integration identifiers. */
export function shortId(length = 6): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}
