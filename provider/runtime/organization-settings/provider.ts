/**
 * The real implementation behind `svc.OrganizationSettings` (and `svc:index:OrganizationSettings` of the
 * plugin): the organization's settings (`/v1/organizations/settings`), one record for the whole organization.
 * The resource id is the organization's id.
 *
 * - Only the fields declared are managed; create records what it found for them (`prior`), and destroy puts
 *   each back when the service still holds what this resource wrote (a value changed since, by the dashboard
 *   or another stack, is left as it is, with a warning). A field dropped from the declaration is put back the
 *   same way.
 * - One declaration per organization: a second one reaching the same organization in one deployment (another
 *   resource, or another `svc.Provider` whose key is of the same organization) is refused before any write.
 *   Two stacks cannot see each other; the put-back rule above keeps two stacks declaring the same values
 *   right whatever order they are destroyed in (docs/organization-settings.md).
 * - A service without the route (a community self-hosted Novu: 404 `Cannot GET ...`) fails check (so a
 *   preview, before `up` writes anything) and create in one line; the plan's 402 for `removeNovuBranding` (any
 *   value, false too, on the free plan) fails in one line, and the service writes nothing of that request.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { ApiError } from "../../../sdk/errors";
import type { OrganizationSettings } from "../../../sdk/schemas";
import type { ConfigSource } from "../../config";
import type {
  OrganizationSettingsInputs,
  OrganizationSettingsOutputs,
  SettingsPrior,
} from "../../model/organization-settings-schema";
import type { CreateOutcome, DiffOutcome, ReadOutcome, UpdateOutcome } from "../../model/pulumi-results";
import { EditionProbe, isMissingRoute, missingRouteMessage } from "../shared/edition-probe";
import { engineLog } from "../shared/engine-log";
import { ServiceSession, type ServiceSessionOptions } from "../shared/service-session";
import {
  checkOrganizationSettings,
  currentValue,
  declaredFields,
  diffOrganizationSettings,
  managedFields,
  type OrganizationSettingsCheck,
  priorOf,
  type SettingsField,
  sameValue,
  settingsInputsOf,
  settingsPatch,
  toSettingsOutputs,
} from "./model";

/** Options for tests and benchmarks that call the provider directly (the host passes none). */
export type OrganizationSettingsProviderOptions = ServiceSessionOptions;

/** What read answers for OrganizationSettings. */
export type OrganizationSettingsRead = ReadOutcome<OrganizationSettingsOutputs, Record<string, unknown>>;

/** Organizations whose settings a resource of this process manages (one declaration per organization). */
const CLAIMED = new Set<string>();

/** The id used when the service cannot say which organization the key is of (no `/v1/environments/me`). */
const UNKNOWN_ORGANIZATION = "organization";

/** `pulumi.dynamic.ResourceProvider` for the organization's settings. */
export class OrganizationSettingsProvider implements dynamic.ResourceProvider {
  /** Settings, the shared paced client and error mapping. */
  readonly session: ServiceSession;
  private readonly edition: EditionProbe;

  constructor(options: OrganizationSettingsProviderOptions = {}) {
    this.session = new ServiceSession(options);
    this.edition = new EditionProbe(this.session);
  }

  /** Reads `svc:apiKey` / `svc:baseUrl` from the stack config the engine sends (env as fallback). */
  async configure(req: { config: ConfigSource }): Promise<void> {
    this.session.configure(req.config);
  }

  /** Validates the fields; then one read (once per session): a service without the route fails here. */
  async check(
    _olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<OrganizationSettingsCheck> {
    const outcome = checkOrganizationSettings(news ?? {});
    if (outcome.failures.length > 0) return outcome;
    if ((await this.edition.missing("settings")) === true)
      return { ...outcome, failures: [{ property: "", reason: missingRouteMessage("settings", "check") }] };
    return outcome;
  }

  /** Compares the declared fields with the state; no request is made. */
  async diff(
    _id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<DiffOutcome> {
    return diffOrganizationSettings(olds, news);
  }

  /** Records the declared fields' values, then writes those that differ in one PATCH. */
  async create(inputs: OrganizationSettingsInputs): Promise<CreateOutcome<OrganizationSettingsOutputs>> {
    return this.session.guard("create", undefined, async () => {
      const current = await this.current("create");
      const organizationId = await this.organizationId();
      if (CLAIMED.has(organizationId)) throw secondDeclaration(organizationId);
      CLAIMED.add(organizationId);
      try {
        const fields = declaredFields(inputs);
        const written = await this.write("create", settingsPatch(inputs, current, fields), current);
        const outs = toSettingsOutputs(organizationId, written, fields, priorOf(current, fields));
        return { id: organizationId, outs };
      } catch (e) {
        CLAIMED.delete(organizationId);
        throw e;
      }
    });
  }

  /** The settings now, for the fields the state manages (all three for an import); a lookup checks the organization. */
  async read(id: string, props?: Partial<OrganizationSettingsOutputs>): Promise<OrganizationSettingsRead> {
    return this.session.guard("read", undefined, async () => {
      const organizationId = await this.organizationId();
      if (id !== organizationId && organizationId !== UNKNOWN_ORGANIZATION)
        throw new Error(
          `svc: read: "${id}" is not the organization of the API key (${organizationId}); the id of ` +
            "svc:index:OrganizationSettings is the organization's id",
        );
      const current = await this.current("read");
      const imported = props?.organizationId === undefined;
      const fields = imported ? declaredFields(current) : managedFields(props);
      const prior = imported ? priorOf(current, fields) : (props.prior ?? {});
      const outs = toSettingsOutputs(organizationId, current, fields, prior);
      return { id: organizationId, props: outs, inputs: settingsInputsOf(outs) };
    });
  }

  /** Writes the declared fields that differ; a newly declared field's value is recorded, a dropped one put back. */
  async update(
    id: string,
    olds: OrganizationSettingsOutputs,
    news: OrganizationSettingsInputs,
  ): Promise<UpdateOutcome<OrganizationSettingsOutputs>> {
    return this.session.guard("update", undefined, async () => {
      const current = await this.current("update");
      const fields = declaredFields(news);
      const kept = managedFields(olds);
      const added = fields.filter((f) => !kept.includes(f));
      const dropped = kept.filter((f) => !fields.includes(f));
      const patch = {
        ...(await this.putBack(dropped, olds, current)),
        ...settingsPatch(news, current, fields),
      };
      const written = await this.write("update", patch, current);
      const prior: SettingsPrior = { ...without(olds.prior, dropped), ...priorOf(current, added) };
      return { outs: toSettingsOutputs(id, written, fields, prior) };
    });
  }

  /** Puts back what create found, for each field the service still holds as this resource wrote it. */
  async delete(id: string, props: OrganizationSettingsOutputs): Promise<void> {
    return this.session.guard("delete", undefined, async () => {
      CLAIMED.delete(id);
      let current: OrganizationSettings;
      try {
        current = await this.session.client().organization.settings.get();
      } catch (e) {
        if (isMissingRoute(e)) return;
        throw e;
      }
      const patch = await this.putBack(managedFields(props), props, current);
      await this.restore(patch, current);
    });
  }

  /**
   * The PATCH that puts `fields` back to their prior values, where the service still holds the state's value;
   * a value changed since is left as it is, with a warning in the engine's output.
   */
  private async putBack(
    fields: readonly SettingsField[],
    state: OrganizationSettingsOutputs,
    current: OrganizationSettings,
  ): Promise<Record<string, unknown>> {
    const patch: Record<string, unknown> = {};
    for (const f of fields) {
      const prior = state.prior?.[f];
      const now = currentValue(current, f);
      if (prior === undefined || sameValue(f, now, prior)) continue;
      if (sameValue(f, now, state[f])) patch[f] = prior;
      else
        await engineLog()?.warn(
          `svc: organization settings: ${f} was changed since this stack wrote it (now ${JSON.stringify(now)}); ` +
            `left as it is instead of putting back ${JSON.stringify(prior)}.`,
        );
    }
    return patch;
  }

  /** Writes a put-back; a 402 (the plan no longer allows the branding flag) writes the rest and warns. */
  private async restore(patch: Record<string, unknown>, current: OrganizationSettings): Promise<void> {
    try {
      await this.write("delete", patch, current);
    } catch (e) {
      if (!(e instanceof PlanRefusal) || patch.removeNovuBranding === undefined) throw e;
      const { removeNovuBranding: _refused, ...rest } = patch;
      await this.write("delete", rest, current);
      await engineLog()?.warn(
        "svc: organization settings: removeNovuBranding was not put back: the plan refuses it (402).",
      );
    }
  }

  /** The settings now; a service without the route fails in one line. */
  private async current(operation: string): Promise<OrganizationSettings> {
    try {
      return await this.session.client().organization.settings.get();
    } catch (e) {
      if (isMissingRoute(e)) throw new Error(missingRouteMessage("settings", operation));
      throw e;
    }
  }

  /** PATCHes the fields given (none: no request) and answers the settings; the plan's 402 is one line. */
  private async write(
    operation: string,
    patch: Record<string, unknown>,
    current: OrganizationSettings,
  ): Promise<OrganizationSettings> {
    if (Object.keys(patch).length === 0) return current;
    try {
      return await this.session.client().organization.settings.update(patch);
    } catch (e) {
      if (e instanceof ApiError && e.status === 402)
        throw new PlanRefusal(
          `svc: ${operation}: organization settings: removeNovuBranding needs a paid plan: the service refused it ` +
            "(402 Payment Required; the free plan refuses any value, false too) and wrote nothing of this change. " +
            "Leave removeNovuBranding out, or upgrade the organization's plan.",
        );
      throw e;
    }
  }

  /** The API key's organization (once per process and key). */
  private async organizationId(): Promise<string> {
    return (await this.session.keyEnvironment())?.organizationId ?? UNKNOWN_ORGANIZATION;
  }
}

/** The plan's refusal of `removeNovuBranding` (402), as one line. */
class PlanRefusal extends Error {}

/** The refusal of a second declaration of one organization's settings. */
function secondDeclaration(organizationId: string): Error {
  return new Error(
    `svc: create: the settings of organization ${organizationId} are already managed by another ` +
      "svc.OrganizationSettings in this deployment (or through another svc.Provider whose key is of the same " +
      "organization). They are one record per organization: declare them once.",
  );
}

/** `prior` without `fields`. */
function without(prior: SettingsPrior | undefined, fields: readonly SettingsField[]): SettingsPrior {
  const out: Record<string, unknown> = { ...prior };
  for (const f of fields) delete out[f];
  return out as SettingsPrior;
}
