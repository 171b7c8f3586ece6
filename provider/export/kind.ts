/**
 * What one kind of object contributes to an export: how it is read from the service and how its
 * declaration refers to the others. A new kind is one file in ./kinds/ plus one line in ./kinds/index.ts.
 */
import type { SvcClient } from "../../sdk";
import type { ExportType, ExportValue } from "./model";

/** What the read of every kind shares. */
export interface ReadContext {
  client: SvcClient;
  /** The API key's environment: integrations of other environments are left out. */
  environmentId: string;
  /** Whether topic subscriptions are exported too. */
  withSubscriptions: boolean;
  /** Most reads of one kind in flight (the client paces them to the service's rate limits). */
  concurrency: number;
  /** Progress on stderr: `done` of `total` objects of the kind read. */
  progress(kind: string, done: number, total: number): void;
  /** Says that an object was read but left out, and why (one line). */
  leaveOut(line: string): void;
  /** One line on stderr only (e.g. a route the service does not have). */
  say(line: string): void;
  /** What the kinds read before this one found (for a {@link ExportKind.late} kind; else empty). */
  found: readonly FoundObject[];
}

/** One object as read: what becomes a resource once named. */
export interface FoundObject {
  type: ExportType;
  /** The service's identifier of the object (what the program name is derived from). */
  identifier: string;
  /** `workflow "welcome"`: for the README and messages. */
  describe: string;
  /** The properties as declared; references still as identifiers, resolved by {@link ExportKind.link}. */
  props: Record<string, ExportValue>;
}

/** An object of the export with its program name. */
export interface NamedObject {
  name: string;
  object: FoundObject;
}

/** Finds the program name of an exported object by its type and identifier. */
export type NameLookup = (type: ExportType, identifier: string) => string | undefined;

/** One kind of object. */
export interface ExportKind {
  /** The word of `--only` (`integrations`, `workflows`, `layouts`, `topics`, `variables`, `translations`, `settings`). */
  name: string;
  /** The word a program name falls back on (`workflow`), and added on a collision. */
  word: string;
  /** Reads every object of the kind in the key's environment. */
  read(ctx: ReadContext): Promise<FoundObject[]>;
  /** Read only when `--only` names it (not part of the default export). */
  optIn?: boolean;
  /** Read after the other kinds, from what they found ({@link ReadContext.found}). */
  late?: boolean;
  /** Replaces identifiers of other exported objects by references to them (default: none). */
  link?(found: FoundObject, lookup: NameLookup): Record<string, ExportValue>;
  /**
   * The program names, among every exported object, of those this one must be created after although it
   * does not refer to them (default: none).
   */
  dependsOn?(found: FoundObject, all: readonly NamedObject[]): string[];
}
