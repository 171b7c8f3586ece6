/**
 * Whether the service has the enterprise edition's routes, asked once per session and route family: the
 * organization settings (`GET /v1/organizations/settings`) and translations (`/v2/translations`). A community
 * server has neither and answers Nest's 404 for an unknown route, `Cannot GET <path>`, which differs from a
 * 404 of a route that exists (a missing record). OrganizationSettings and Translation ask before any write,
 * in check too, so a preview against a community service fails in one line and `up` writes nothing.
 */
import { ApiError, NotFoundError } from "../../../sdk/errors";
import type { ServiceSession } from "./service-session";

/** The route families of the enterprise edition. */
export type EnterpriseRoute = "settings" | "translations";

/** Whether an error is Nest's answer for a route the server does not have (`Cannot GET /v2/...`). */
export function isMissingRoute(e: unknown): boolean {
  if (!(e instanceof NotFoundError)) return false;
  const body = e.body as { message?: unknown } | undefined;
  return typeof body?.message === "string" && /^Cannot (GET|POST|PUT|PATCH|DELETE) \//.test(body.message);
}

/** The one line of a service without the route family (a community server). */
export function missingRouteMessage(route: EnterpriseRoute, operation: string): string {
  const what =
    route === "settings"
      ? "organization settings (GET /v1/organizations/settings)"
      : "translations (/v2/translations)";
  return (
    `svc: ${operation}: this service has no ${what}: it answers 404 "Cannot ...", as a community (self-hosted) ` +
    "Novu does. They need Novu's enterprise edition or Novu Cloud; remove the resource from the program for " +
    "this service."
  );
}

/** Per-session answers: whether each route family is missing. */
export class EditionProbe {
  private readonly answers = new Map<EnterpriseRoute, Promise<boolean | undefined>>();

  constructor(private readonly session: ServiceSession) {}

  /**
   * True when the service lacks the route family, false when it has it, undefined when it could not tell
   * (no key, a network failure: the operation's own request reports those).
   */
  missing(route: EnterpriseRoute): Promise<boolean | undefined> {
    let known = this.answers.get(route);
    if (known === undefined) {
      known = this.ask(route).catch(() => undefined);
      this.answers.set(route, known);
    }
    return known;
  }

  /** Fails `operation` with the one line of {@link missingRouteMessage} when the route family is missing. */
  async require(route: EnterpriseRoute, operation: string): Promise<void> {
    if ((await this.missing(route)) === true) throw new Error(missingRouteMessage(route, operation));
  }

  /** One read of the family: a missing route is true; any other answer (200, a 404 of a record) false. */
  private async ask(route: EnterpriseRoute): Promise<boolean | undefined> {
    const client = this.session.client();
    try {
      if (route === "settings") await client.organization.settings.get();
      else await client.translations.get("workflow", "svc-edition-probe", "en_US");
      return false;
    } catch (e) {
      if (isMissingRoute(e)) return true;
      if (e instanceof ApiError) return false;
      throw e;
    }
  }
}
