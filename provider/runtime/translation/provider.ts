/**
 * The real implementation behind `svc.Translation` (and `svc:index:Translation` of the plugin): one translation
 * of a workflow or layout in one locale (`/v2/translations`, Novu's enterprise edition). The resource id is
 * `<resourceType>/<resourceId>/<locale>`.
 *
 * - A service without the route (a community self-hosted Novu: 404 `Cannot ...`) fails check (so a preview,
 *   before `up` writes anything) and create, in one line naming the enterprise edition.
 * - create: GET first. The service's POST is an upsert: it would overwrite a translation someone else wrote.
 *   One already there is taken over only when it holds exactly the declared content (a re-run after a lost
 *   answer); otherwise the create fails naming it and how to import it.
 * - update: POST the new content. read: GET; gone answers `{}`. delete: DELETE; 404 is already gone.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../../../sdk/errors";
import type { Translation } from "../../../sdk/schemas";
import type { ConfigSource } from "../../config";
import type { CreateOutcome, DiffOutcome, ReadOutcome, UpdateOutcome } from "../../model/pulumi-results";
import type { TranslationInputs, TranslationOutputs } from "../../model/translation-schema";
import { canonical } from "../../model/values";
import { EditionProbe, isMissingRoute, missingRouteMessage } from "../shared/edition-probe";
import { ServiceSession, type ServiceSessionOptions } from "../shared/service-session";
import {
  checkTranslation,
  diffTranslation,
  parseTranslationId,
  type TranslationCheck,
  toTranslationOutputs,
  translationId,
  translationInputsOf,
} from "./model";

/** Options for tests and benchmarks that call the provider directly (the host passes none). */
export type TranslationProviderOptions = ServiceSessionOptions;

/** What read answers for a Translation. */
export type TranslationRead = ReadOutcome<TranslationOutputs, Record<string, unknown>>;

/** `pulumi.dynamic.ResourceProvider` for translations. */
export class TranslationProvider implements dynamic.ResourceProvider {
  /** Settings, the shared paced client and error mapping. */
  readonly session: ServiceSession;
  private readonly edition: EditionProbe;

  constructor(options: TranslationProviderOptions = {}) {
    this.session = new ServiceSession(options);
    this.edition = new EditionProbe(this.session);
  }

  /** Reads `svc:apiKey` / `svc:baseUrl` from the stack config the engine sends (env as fallback). */
  async configure(req: { config: ConfigSource }): Promise<void> {
    this.session.configure(req.config);
  }

  /** Validates the inputs; then one read (once per session): a service without translations fails here. */
  async check(_olds: Record<string, unknown>, news: Record<string, unknown>): Promise<TranslationCheck> {
    const outcome = checkTranslation(news ?? {});
    if (outcome.failures.length > 0) return outcome;
    if ((await this.edition.missing("translations")) === true)
      return {
        ...outcome,
        failures: [{ property: "", reason: missingRouteMessage("translations", "check") }],
      };
    return outcome;
  }

  /** Compares checked inputs with the outputs in state; no request is made. */
  async diff(
    _id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<DiffOutcome> {
    return diffTranslation(olds, news);
  }

  /** Writes the translation, or takes over the one there when it holds the declared content. */
  async create(inputs: TranslationInputs): Promise<CreateOutcome<TranslationOutputs>> {
    return this.session.guard("create", undefined, async () => {
      const existing = await this.find("create", inputs);
      if (existing && !sameContent(existing.content, inputs.content)) throw refusal(inputs);
      const written = existing ?? (await this.session.client().translations.upsert(body(inputs)));
      const outs = toTranslationOutputs(written);
      return { id: translationId(outs), outs };
    });
  }

  /** The translation as the service holds it now, or `{}` when it is gone; a lookup of a missing one fails. */
  async read(id: string, props?: Partial<TranslationOutputs>): Promise<TranslationRead> {
    return this.session.guard("read", undefined, async () => {
      const found = await this.find("read", parseTranslationId(id));
      if (!found && props?.resourceId === undefined)
        throw new Error(`svc: read: no translation "${id}" in the API key's environment`);
      if (!found) return {};
      const outs = toTranslationOutputs(found);
      return { id: translationId(outs), props: outs, inputs: translationInputsOf(outs) };
    });
  }

  /** Writes the new content (the POST upserts). */
  async update(
    _id: string,
    _olds: TranslationOutputs,
    news: TranslationInputs,
  ): Promise<UpdateOutcome<TranslationOutputs>> {
    return this.session.guard("update", undefined, async () => {
      const written = await this.session.client().translations.upsert(body(news));
      return { outs: toTranslationOutputs(written) };
    });
  }

  /** Deletes the translation; one already gone (or a service without translations) counts as deleted. */
  async delete(_id: string, props: TranslationOutputs): Promise<void> {
    return this.session.guard("delete", undefined, async () => {
      try {
        await this.session.client().translations.delete(props.resourceType, props.resourceId, props.locale);
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e;
      }
    });
  }

  /** The translation of that resource and locale, or undefined; a service without translations is one line. */
  private async find(
    operation: string,
    t: { resourceType: string; resourceId: string; locale: string },
  ): Promise<Translation | undefined> {
    try {
      return await this.session.client().translations.get(t.resourceType, t.resourceId, t.locale);
    } catch (e) {
      if (isMissingRoute(e)) throw new Error(missingRouteMessage("translations", operation));
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  }
}

/** The upsert body: the declared fields only. */
function body(inputs: TranslationInputs): TranslationInputs {
  const { resourceType, resourceId, locale, content } = inputs;
  return { resourceType, resourceId, locale, content };
}

function sameContent(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** The error of a create where a translation with other content is already there. */
function refusal(inputs: TranslationInputs): Error {
  const id = translationId(inputs);
  return new Error(
    `svc: create: the ${inputs.resourceType} "${inputs.resourceId}" already has a ${inputs.locale} translation with ` +
      "other content, which this resource did not write (the dashboard's, or another stack's). To manage it here, " +
      `import it (the \`import\` resource option, or \`pulumi import svc:index:Translation <name> ${id}\`); ` +
      "otherwise remove this declaration.",
  );
}
