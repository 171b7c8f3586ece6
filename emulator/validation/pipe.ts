import { unprocessable } from "../errors";
import { type Dto, messages } from "./class-validator";

/**
 * A body or query the service's ValidationPipe accepts, else the refusal its exception filter answers
 * (apps/api/src/exception-filter.ts `isBadRequestWithMultipleExceptions` -> `handleValidationPipeValidation`):
 * 422, `message` "Validation Error", the class-validator messages under `errors.general.messages`. The newest
 * filter answers every route so, v1 and v2 alike (before that filter, servers of 2024 answered a 400 with the
 * messages as `message`).
 */
export function validated<T>(value: unknown, dto: Dto): T {
  const refused = messages(value, dto);
  if (refused.length > 0) throw unprocessable(refused);
  return value as T;
}
