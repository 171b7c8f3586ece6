import { z } from "zod";

/**
 * The API key's environment, as `GET /v1/environments/me` answers it (tolerant): the service's environment
 * record without its API keys. `_parentId` names the Development environment of a derived one.
 */
export const environmentSchema = z.looseObject({
  _id: z.string(),
  name: z.string(),
  _organizationId: z.string(),
  identifier: z.string().optional(),
  _parentId: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
/** An environment: the one an API key acts on. */
export type Environment = z.infer<typeof environmentSchema>;
