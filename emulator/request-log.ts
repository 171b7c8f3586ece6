import type { RequestRecord } from "./server";

/** Most records {@link RequestLog.list} returns (the most recent ones). */
const MAX_RECORDS = 10_000;

/** The requests an emulator received, bounded: trimmed in batches so that adding stays O(1). */
export class RequestLog {
  private records: RequestRecord[] = [];

  /** Adds a finished request. */
  add(record: RequestRecord): void {
    this.records.push(record);
    if (this.records.length > 2 * MAX_RECORDS) this.records = this.records.slice(-MAX_RECORDS);
  }

  /** The most recent {@link MAX_RECORDS} requests, oldest first. */
  list(): readonly RequestRecord[] {
    return this.records.length > MAX_RECORDS ? this.records.slice(-MAX_RECORDS) : this.records;
  }

  /** Forgets every request. */
  reset(): void {
    this.records = [];
  }
}
