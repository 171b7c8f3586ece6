import type { Integration } from "../../sdk/schemas";
import { badRequest, conflict, InternalError, notFound } from "../errors";
import { objectId } from "../ids";
import { answeredCredentials, type IntegrationAnswer } from "../integration-credentials";
import { defaultIntegrationName } from "../integration-default-name";
import { generatedIntegrationIdentifier } from "../integration-identifier";
import type { RequestContext, Route, RouteResult } from "../router";
import { EMULATOR_VOCABULARY } from "../service-vocabulary";
import type { Store, StoredIntegration } from "../store";
import { storedCredentials } from "../validation/integration-credentials";
import {
  type CreateIntegrationBody,
  createIntegrationDto,
  type UpdateIntegrationBody,
  updateIntegrationDto,
} from "../validation/integrations";
import { validated } from "../validation/pipe";
import { keyEnvironment, organizationEnvironment } from "./scope";

/** Channels whose active integrations get `primary` computed. */
const PRIMARY_CHANNELS = new Set(["email", "sms"]);

/** Ids of the primary integrations: the first active email or SMS one (by creation) per environment and channel. */
export function primaryIds(store: Store): Set<string> {
  const firsts = new Map<string, string>();
  for (const i of store.integrations.values()) {
    if (!i.active || i.deleted || !PRIMARY_CHANNELS.has(i.channel)) continue;
    const slot = `${i._environmentId}\u0000${i.channel}`;
    if (!firsts.has(slot)) firsts.set(slot, i._id);
  }
  return new Set(firsts.values());
}

/**
 * The answer for an integration: its credentials as that answer of the release played carries them (see
 * ../integration-credentials.ts), and `primary` computed as the real service keeps it (see {@link primaryIds}).
 */
function integrationView(
  store: Store,
  integration: StoredIntegration,
  primaries: Set<string>,
  answer: IntegrationAnswer,
): Integration {
  const { credentials: stored, ...rest } = integration;
  const credentials = answeredCredentials(stored, answer, store.serviceVersion);
  return {
    ...rest,
    ...(credentials === undefined ? {} : { credentials }),
    primary: primaries.has(integration._id),
  };
}

function assertIdentifierFree(
  store: Store,
  organizationId: string,
  identifier: string,
  self?: StoredIntegration,
) {
  if (store.modes.allowDuplicateIdentifiers) return;
  for (const i of store.integrationsOf(organizationId)) {
    if (i !== self && i.identifier === identifier) {
      throw conflict(`Integration with identifier "${identifier}" already exists`);
    }
  }
}

/**
 * Email providers whose live check answers success without calling anyone (their `checkIntegration` returns
 * success: packages/providers/src/lib/email/{mailgun,brevo,emailjs,netcore,email-webhook}/*.provider.ts).
 */
const OFFLINE_CHECKED_EMAIL_PROVIDERS = new Set([
  "mailgun",
  "sendinblue",
  "emailjs",
  "netcore",
  "email-webhook",
]);

/**
 * Whether a write runs the live check: only when asked. April 2026 (3.15.0) and newer default it to false on
 * create and update (apps/api/src/app/integrations/integrations.controller.ts `check: body.check ?? false`,
 * both handlers); servers of 2024 defaulted it to true.
 */
const checkAsked = (check: boolean | undefined): boolean => check ?? false;

/**
 * The live check of an integration, when asked ({@link checkAsked}). Only email integrations are checked, active or
 * not (apps/api/src/app/integrations/usecases/check-integration/check-integration.usecase.ts: a switch with
 * only EMAIL): a test send through the delivery provider (check-integration-email.usecase.ts,
 * libs/application-generic/src/factories/mail/handlers/base.handler.ts `check()`). The emulator reaches no
 * provider, so the check fails as the real one does with made-up credentials: a PlatformException, answered
 * 500 with an `errorId` by apps/api/src/exception-filter.ts. A custom SMTP host that does not resolve
 * (`getaddrinfo ENOTFOUND`) is a 400 instead. Providers whose check makes no call pass.
 */
function checkIntegration(providerId: string, channel: string, credentials: Record<string, unknown>): void {
  if (channel !== "email" || OFFLINE_CHECKED_EMAIL_PROVIDERS.has(providerId)) return;
  if (providerId === "nodemailer" && typeof credentials["host"] === "string") {
    throw badRequest(
      `Provider gateway can't resolve the host with the given hostname ${credentials["host"]}`,
    );
  }
  throw new InternalError(
    `integration check of ${providerId} failed: the emulator reaches no delivery provider`,
  );
}

function findOwned(ctx: RequestContext): StoredIntegration {
  const integration = ctx.store.integrations.get(ctx.params["integrationId"] ?? "");
  if (!integration || integration.deleted || integration._organizationId !== ctx.scope.organizationId) {
    throw notFound(`Integration ${ctx.params["integrationId"]} not found`);
  }
  return integration;
}

/** `GET /v1/integrations` and `/active`: every environment of the organization (get-decrypted-integrations.usecase.ts). */
function list(ctx: RequestContext, activeOnly: boolean): unknown[] {
  const primaries = primaryIds(ctx.store);
  return ctx.store
    .integrationsOf(ctx.scope.organizationId)
    .filter((i) => !activeOnly || i.active)
    .map((i) => integrationView(ctx.store, i, primaries, "list"));
}

/**
 * The create usecase's first refusal (apps/api/src/app/integrations/usecases/create-integration/
 * create-integration.usecase.ts `validate`): a second integration of the in-app provider (`novu`, channel
 * in_app) in the environment is 400 "One environment can only have one In app provider". Its `findOne`
 * skips soft-deleted integrations (the integration repository's soft delete), so a deleted one does not count.
 * The update usecase has no such rule (an update cannot change the provider or the channel).
 */
function assertSecondInAppRefused(store: Store, environmentId: string, body: CreateIntegrationBody): void {
  if (body.providerId !== EMULATOR_VOCABULARY.inAppProviderId || body.channel !== "in_app") return;
  for (const i of store.integrations.values())
    if (
      !i.deleted &&
      i._environmentId === environmentId &&
      i.providerId === body.providerId &&
      i.channel === body.channel
    )
      throw badRequest("One environment can only have one In app provider");
}

/**
 * Operation 3. The spec: "creates the integration in the environment of the API key". The body's
 * `_environmentId` is accepted (the spec lists it) and validated, but does not choose the environment.
 */
function create(ctx: RequestContext): RouteResult {
  const body = validated<CreateIntegrationBody>(ctx.body, createIntegrationDto(ctx.store.serviceVersion));
  const env = keyEnvironment(ctx);
  assertSecondInAppRefused(ctx.store, env.id, body);
  const name = body.name ?? defaultIntegrationName(body.providerId, ctx.store.serviceVersion);
  const identifier = body.identifier ?? generatedIntegrationIdentifier(name);
  assertIdentifierFree(ctx.store, ctx.scope.organizationId, identifier);
  const credentials = storedCredentials(body.credentials ?? {});
  const active = body.active ?? false;
  if (checkAsked(body.check)) checkIntegration(body.providerId, body.channel, credentials);
  const now = new Date().toISOString();
  const integration: StoredIntegration = {
    _id: objectId(),
    _environmentId: env.id,
    _organizationId: ctx.scope.organizationId,
    name,
    identifier,
    providerId: body.providerId,
    channel: body.channel,
    credentials,
    active,
    deleted: false,
    primary: false,
    conditions: body.conditions ?? [],
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.integrations.set(integration._id, integration);
  ctx.store.changed();
  return {
    status: 201,
    body: { data: integrationView(ctx.store, integration, primaryIds(ctx.store), "write") },
  };
}

/**
 * PUT (update-integration.usecase.ts): the body is validated before the look-up (the ValidationPipe runs
 * before the handler); the live check runs before anything is compared, with the stored credentials when
 * none are given; a body that changes nothing updatable (an empty `name` does not count, nor an unchanged
 * identifier) is a 400 "No properties found for update".
 */
function update(ctx: RequestContext): RouteResult {
  const body = validated<UpdateIntegrationBody>(ctx.body, updateIntegrationDto(ctx.store.serviceVersion));
  const integration = findOwned(ctx);
  const identifierChanged = !!body.identifier && body.identifier !== integration.identifier;
  if (identifierChanged && body.identifier)
    assertIdentifierFree(ctx.store, ctx.scope.organizationId, body.identifier, integration);
  const env = body._environmentId ? organizationEnvironment(ctx, body._environmentId) : undefined;
  // PUT replaces the credentials whole, when given.
  const credentials = body.credentials ? storedCredentials(body.credentials) : integration.credentials;
  if (checkAsked(body.check)) checkIntegration(integration.providerId, integration.channel, credentials);
  const changes = [
    body.name,
    identifierChanged || undefined,
    env,
    body.active,
    body.credentials,
    body.conditions,
  ];
  if (changes.every((c) => c === undefined || c === "")) throw badRequest("No properties found for update");
  if (body.name) integration.name = body.name;
  if (identifierChanged && body.identifier) integration.identifier = body.identifier;
  if (env) integration._environmentId = env.id;
  if (body.conditions !== undefined) integration.conditions = body.conditions;
  integration.credentials = credentials;
  integration.active = body.active ?? integration.active;
  integration.updatedAt = new Date().toISOString();
  ctx.store.changed();
  return {
    status: 200,
    body: { data: integrationView(ctx.store, integration, primaryIds(ctx.store), "write") },
  };
}

/**
 * DELETE (remove-integration.usecase.ts): a soft delete, answered with the remaining integrations of the key's
 * environment (`find({ _environmentId, _organizationId })`, unlike the lists' whole organization), read from
 * the database as they are (see ../integration-credentials.ts).
 */
function remove(ctx: RequestContext): RouteResult {
  const integration = findOwned(ctx);
  const now = new Date().toISOString();
  integration.deleted = true;
  integration.deletedAt = now;
  integration.deletedBy = ctx.scope.userId;
  integration.updatedAt = now;
  ctx.store.changed();
  const env = keyEnvironment(ctx).id;
  const primaries = primaryIds(ctx.store);
  const remaining = ctx.store
    .integrationsOf(ctx.scope.organizationId)
    .filter((i) => i._environmentId === env)
    .map((i) => integrationView(ctx.store, i, primaries, "delete"));
  return { status: 200, body: { data: remaining } };
}

/**
 * `GET /v1/integrations`, `GET /v1/integrations/active`, `POST`, `PUT` and `DELETE /v1/integrations/{id}`.
 * Category global: the integrations controller names none, and the rate limiter's default is global
 * (apps/api/src/app/integrations/integrations.controller.ts, apps/api/src/app/rate-limiting/guards/throttler.guard.ts).
 */
export const integrationRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/v1/integrations",
    category: "global",
    handler: (ctx) => ({ status: 200, body: { data: list(ctx, false) } }),
  },
  {
    method: "GET",
    pattern: "/v1/integrations/active",
    category: "global",
    handler: (ctx) => ({ status: 200, body: { data: list(ctx, true) } }),
  },
  { method: "POST", pattern: "/v1/integrations", category: "global", handler: create },
  { method: "PUT", pattern: "/v1/integrations/:integrationId", category: "global", handler: update },
  {
    method: "DELETE",
    pattern: "/v1/integrations/:integrationId",
    category: "global",
    handler: remove,
  },
];
