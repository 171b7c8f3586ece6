/**
 * Whether the program ran in this process, which decides which configuration an operation's key and address
 * came from (../../model/key-environment.ts {@link KeyConfig}).
 */
import type { KeyConfig } from "../../model/key-environment";

/**
 * True once the engine asked any provider of this process to check a resource: the program ran, so the
 * provider was configured with the stack's config as it is now. Read and delete without it run in `refresh`
 * or `destroy` (with or without `--run-program`), with the key the engine may have stored at the last `up`.
 */
let programRan = false;

/** Records that the engine asked for a check: the program runs in this process. */
export function noteProgramRan(): void {
  programRan = true;
}

/** Which configuration the key of an operation came from (see {@link KeyConfig}). */
export function keyConfig(operation: string): KeyConfig {
  return programRan || (operation !== "read" && operation !== "delete") ? "current" : "stored";
}
