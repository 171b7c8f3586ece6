import { z } from "zod";

/**
 * The API key's environment, as `GET /v1/environments/me` answers it (tolerant): the service's environment
 * record without its API keys. `_parentId` names the Development environment of a derived one.
 */
export const environmentSchema = z.looseObject({
  /** Database id of the environment. */
  _id: z.string(),
  /** Name, e.g. `Development`, `Production`. */
  name: z.string(),
  /** Organization of the environment. */
  _organizationId: z.string(),
  /** Public identifier of the environment (the application identifier of the in-app inbox). */
  identifier: z.string().optional(),
  /** The Development environment this one derives from, or none. */
  _parentId: z.string().nullable().optional(),
  /** When it was created (ISO 8601). */
  createdAt: z.string().optional(),
  /** When it last changed (ISO 8601). */
  updatedAt: z.string().optional(),
});
/** An environment: the one an API key acts on. */
export type Environment = z.infer<typeof environmentSchema>;

/**
 * The organization's environments, as `GET /v1/environments` answers them (tolerant). The service adds the
 * API keys of the caller's own environment (`apiKeys`): `client.environments.list()` drops them, so no key
 * reaches a caller's output.
 */
export const environmentListSchema = z.array(environmentSchema);
