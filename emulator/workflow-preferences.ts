/**
 * Workflow preferences as the service stores them: `packages/shared/src/utils/buildWorkflowPreferences.ts`
 * over the defaults of `packages/shared/src/consts/preferences/preferences.const.ts`, called by the upsert
 * (libs/application-generic/src/usecases/upsert-workflow/upsert-workflow.usecase.ts) for `workflow` always
 * and for `user` when given.
 */

/** One level (`workflow` or `user`) of preferences as stored. */
export type StoredPreferences = {
  all: { enabled: boolean; readOnly: boolean } & Record<string, unknown>;
  channels: Record<string, { enabled: boolean } & Record<string, unknown>>;
};

/** The five channels, in the order of ChannelTypeEnum. */
const CHANNELS = ["in_app", "email", "sms", "chat", "push"] as const;

/** DEFAULT_WORKFLOW_PREFERENCES: everything enabled, not read-only; channels carry `enabled` only. */
export function defaultPreferences(): StoredPreferences {
  const channels: StoredPreferences["channels"] = {};
  for (const channel of ["in_app", "sms", "email", "push", "chat"]) channels[channel] = { enabled: true };
  return { all: { enabled: true, readOnly: false }, channels };
}

/** An object or nothing. */
function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * `buildWorkflowPreferences`: nothing given gives the defaults; otherwise `all` merged over the default
 * `all`, and each of the five channels is the default channel, then `all.enabled` when given, then the
 * given channel. Other keys, and channels outside the five, are not stored.
 */
export function completePreferences(input: unknown): StoredPreferences {
  const given = record(input);
  const defaults = defaultPreferences();
  if (!given) return defaults;
  const all = record(given["all"]) ?? {};
  const givenChannels = record(given["channels"]) ?? {};
  const fromAll = typeof all["enabled"] === "boolean" ? { enabled: all["enabled"] } : {};
  const channels: StoredPreferences["channels"] = { ...defaults.channels };
  for (const channel of CHANNELS)
    channels[channel] = {
      ...defaults.channels[channel],
      ...fromAll,
      ...record(givenChannels[channel]),
    } as StoredPreferences["channels"][string];
  return { all: { ...defaults.all, ...all } as StoredPreferences["all"], channels };
}
