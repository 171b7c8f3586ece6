/** Where plaintext secrets were found, by place. */
export type SecretHits = Record<string, number>;

/** Counts occurrences of every secret (4+ chars) in `text`. */
export function countSecrets(text: string, secrets: readonly string[]): number {
  let n = 0;
  for (const s of secrets) {
    if (s.length < 4) continue;
    let at = text.indexOf(s);
    while (at !== -1) {
      n++;
      at = text.indexOf(s, at + s.length);
    }
  }
  return n;
}

/** Every string inside a value. */
export function stringsOf(v: unknown, into: string[] = []): string[] {
  if (typeof v === "string") into.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsOf(x, into);
  else if (v !== null && typeof v === "object") for (const x of Object.values(v)) stringsOf(x, into);
  return into;
}

/** Adds the hits of `text` to `hits[place]`. */
export function scan(hits: SecretHits, place: string, text: string, secrets: readonly string[]): void {
  hits[place] = (hits[place] ?? 0) + countSecrets(text, secrets);
}
