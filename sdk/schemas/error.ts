import { z } from "zod";

/**
 * The error body of the service (never wrapped in `data`). Validation failures carry `message` as an array
 * of strings; 500s carry `errorId`. Tolerant: unknown keys pass through and every field the real service
 * might leave out is optional except `message`.
 */
const errorBodySchema = z.looseObject({
  statusCode: z.number().optional(),
  timestamp: z.string().optional(),
  path: z.string().optional(),
  message: z.union([z.string(), z.array(z.string())]),
  error: z.string().optional(),
  errorId: z.string().optional(),
});
/** The error body of the service. */
export type ErrorBody = z.infer<typeof errorBodySchema>;
