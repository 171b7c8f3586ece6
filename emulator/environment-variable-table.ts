import { objectId } from "./ids";

/**
 * The organization's environment variables, as Novu stores them (libs/dal environment-variable entity; the
 * usecases under apps/api/src/app/environment-variables/usecases/): one record per organization and key,
 * holding one value per environment.
 */

/** One environment's value of a variable. */
export interface StoredEnvironmentVariableValue {
  _environmentId: string;
  /** The value as written (the service stores it encrypted; the emulator keeps it plain, never answered for secrets). */
  value: string;
}

/** A stored variable record. */
export interface StoredEnvironmentVariable {
  _id: string;
  _organizationId: string;
  key: string;
  /** Only `string` exists (`EnvironmentVariableType` in @novu/shared). */
  type: string;
  isSecret: boolean;
  values: StoredEnvironmentVariableValue[];
  createdAt: string;
  updatedAt: string;
  _updatedBy?: string;
}

/**
 * The public mask a secret value reads back as, and that a write refuses as a value
 * (`SECRET_MASK`: eight U+2022; dtos/environment-variable-response.dto.ts, @novu/shared).
 */
export const SECRET_MASK = "\u2022".repeat(8);

/** Every organization's variable records, by organization and key. */
export class EnvironmentVariableTable {
  private readonly records = new Map<string, StoredEnvironmentVariable>();

  private static id(organizationId: string, key: string): string {
    return `${organizationId}\u0000${key}`;
  }

  /** The record of `key` in the organization (keys are case-sensitive: a Mongo equality match). */
  get(organizationId: string, key: string): StoredEnvironmentVariable | undefined {
    return this.records.get(EnvironmentVariableTable.id(organizationId, key));
  }

  /** The organization's records, newest first (get-environment-variables.usecase.ts sorts `createdAt: -1`). */
  ofOrganization(organizationId: string): StoredEnvironmentVariable[] {
    const out: StoredEnvironmentVariable[] = [];
    for (const r of this.records.values()) if (r._organizationId === organizationId) out.push(r);
    return out.sort((a, b) => (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));
  }

  /** How many records the organization holds (the limit counts records, not values). */
  count(organizationId: string): number {
    let n = 0;
    for (const r of this.records.values()) if (r._organizationId === organizationId) n += 1;
    return n;
  }

  /** Creates a record. */
  create(
    fields: Omit<StoredEnvironmentVariable, "_id" | "createdAt" | "updatedAt">,
  ): StoredEnvironmentVariable {
    const now = new Date().toISOString();
    const record: StoredEnvironmentVariable = { _id: objectId(), ...fields, createdAt: now, updatedAt: now };
    this.put(record);
    return record;
  }

  /** Stores a new or changed record. */
  put(record: StoredEnvironmentVariable): void {
    this.records.set(EnvironmentVariableTable.id(record._organizationId, record.key), record);
  }

  /** Removes a record. */
  remove(record: StoredEnvironmentVariable): void {
    this.records.delete(EnvironmentVariableTable.id(record._organizationId, record.key));
  }

  /** Every record (persistence). */
  all(): StoredEnvironmentVariable[] {
    return [...this.records.values()];
  }

  /** Loads saved records into an empty table. */
  load(records: readonly StoredEnvironmentVariable[]): void {
    for (const r of records) this.put(r);
  }
}
