/**
 * The environment a resource was written in, and the one rule that keeps a stack from acting on its objects
 * through a key of another environment (docs/installation-configuration.md, "Configuration", "When the key changes").
 *
 * Every resource remembers where it was written: `environmentId`, `environmentName` and `organizationId`
 * among its outputs, from the key's environment (`GET /v1/environments/me`). An operation on an existing
 * resource (diff, read, update, delete) with a key whose environment is another one fails with
 * {@link environmentMismatch}: the key reaches other objects, or none, and a refresh would otherwise report
 * the resource gone because it looked in the wrong place. Applied once, for every kind, by
 * provider/runtime/shared/with-target.ts; the key's environment is learned by provider/runtime/shared/service-session.ts.
 */

/** Where the docs say what to do when the key changes; named by every error about a key of another environment. */
export const KEY_CHANGES_DOC = 'docs/installation-configuration.md: "When the key changes"';

/** Where an object was written: the environment of the API key that wrote it, and its organization. */
export interface Placement {
  /** The environment's `_id`. */
  environmentId: string;
  /** The environment's name ("Development", "Production", ...), when known. */
  environmentName?: string | undefined;
  /** The `_id` of the organization the environment belongs to, when known. */
  organizationId?: string | undefined;
}

/** The output keys that hold a resource's {@link Placement}. */
export const PLACEMENT_KEYS = ["environmentId", "environmentName", "organizationId"] as const;

/** How the key that acts now was set, for the fix the error names. */
export interface KeySource {
  /** The environment name of the explicit `svc.Provider` whose key acts (undefined: the stack's `svc:apiKey`). */
  provider?: string | undefined;
}

/**
 * Which configuration the acting key came from. `current`: the program ran in this process (`preview`, `up`),
 * so the engine configured the provider with the stack's config as it is now. `stored`: no program ran
 * (`refresh`, `destroy`, and their `--run-program` forms, which run it without asking the provider to check
 * anything), so the key may be the one the engine stored in the state at the last `up`, even a failed one,
 * and not the one set now: setting the key back does not reach these commands until a command that runs the
 * program stores it (DESIGN.md, "Engine facts learned the hard way").
 */
export type KeyConfig = "current" | "stored";

/** The command that acts with the key set now, for an operation run with a stored key. */
export const RUN_PROGRAM: Readonly<Record<string, string>> = {
  read: "pulumi refresh --run-program",
  delete: "pulumi destroy --run-program",
};

function text(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** The placement a resource's state holds (undefined when it has no `environmentId`: state of older versions). */
export function storedPlacement(props: unknown): Placement | undefined {
  if (props === null || typeof props !== "object") return undefined;
  const p = props as Record<string, unknown>;
  const environmentId = text(p.environmentId);
  if (environmentId === undefined) return undefined;
  return { environmentId, environmentName: text(p.environmentName), organizationId: text(p.organizationId) };
}

/** A placement as output properties (keys without a value left out: outputs are plain JSON). */
export function placementProps(p: Placement | undefined): Record<string, string> {
  if (p === undefined) return {};
  const out: Record<string, string> = { environmentId: p.environmentId };
  if (p.environmentName !== undefined) out.environmentName = p.environmentName;
  if (p.organizationId !== undefined) out.organizationId = p.organizationId;
  return out;
}

/** `props` without the placement keys (they are outputs only, never inputs). */
export function withoutPlacement<T extends object>(props: T): T {
  const keys: readonly string[] = PLACEMENT_KEYS;
  return Object.fromEntries(Object.entries(props).filter(([key]) => !keys.includes(key))) as T;
}

/** True when an object written in `stored` is out of reach of a key acting in `key`. */
export function isElsewhere(stored: Placement, key: Placement): boolean {
  return stored.environmentId !== key.environmentId;
}

function describe(p: Placement): string {
  return p.environmentName === undefined
    ? `environment ${p.environmentId}`
    : `environment "${p.environmentName}" (${p.environmentId})`;
}

/** The setting that holds the acting key. */
function whoseKey(source: KeySource): string {
  return source.provider === undefined ? "svc:apiKey" : `the apiKey of svc.Provider "${source.provider}"`;
}

/** Where the stored placement is and where the key acts, with the organizations when they differ. */
function sides(stored: Placement, key: Placement): { storedText: string; keyText: string } {
  const otherOrg =
    stored.organizationId !== undefined &&
    key.organizationId !== undefined &&
    stored.organizationId !== key.organizationId;
  return {
    storedText: otherOrg ? `${describe(stored)} of organization ${stored.organizationId}` : describe(stored),
    keyText: otherOrg ? `${describe(key)} of another organization (${key.organizationId})` : describe(key),
  };
}

/**
 * The fix, naming the one command that makes the stack work again. With the key set now (`current`): set it
 * back and run `pulumi up`, which also stores it for `refresh` and `destroy`. With a stored key: these
 * commands act with the key of the last `up`, so setting the key back is not enough; the named
 * `--run-program` form acts with the key set now (and `refresh --run-program` stores it).
 */
function fixOf(operation: string, back: string, source: KeySource, config: KeyConfig): string {
  const whose = whoseKey(source);
  const setIt = source.provider === undefined ? " (`pulumi config set --secret svc:apiKey <key>`)" : "";
  const rerun = RUN_PROGRAM[operation];
  if (config === "stored" && rerun !== undefined) {
    const command = rerun.split(" --")[0];
    return (
      `\`${command}\` acts with the key stored at the last \`pulumi up\` (a failed one too), which may not be ` +
      `${whose} as set now: make ${whose} a key of ${back}${setIt} if it is not one, then run \`${rerun}\` ` +
      "(it acts with the key set now)"
    );
  }
  const alternative = source.provider === undefined ? ", or give each environment its own svc.Provider" : "";
  return (
    `Set ${whose} back to a key of ${back}${setIt}, then run \`pulumi up\` (it also stores the key that ` +
    `\`pulumi refresh\` and \`pulumi destroy\` act with)${alternative}`
  );
}

/**
 * The one-line message of an operation on a resource written in `stored` with a key acting in `key`: both
 * environments (name and id, and the organizations when they differ), that nothing was done, and the fix
 * with the one command that makes it work ({@link KeyConfig}: which configuration the key came from).
 */
export function environmentMismatch(
  operation: string,
  stored: Placement,
  key: Placement,
  source: KeySource,
  config: KeyConfig = "current",
): string {
  const { storedText, keyText } = sides(stored, key);
  const whose = whoseKey(source);
  const back = stored.environmentName === undefined ? "that environment" : `"${stored.environmentName}"`;
  return (
    `svc: ${operation}: this resource lives in ${storedText}, but ${whose} acts on ${keyText}; ` +
    `nothing was read or changed and the state keeps the resource. ${fixOf(operation, back, source, config)} ` +
    `(${KEY_CHANGES_DOC}).`
  );
}
