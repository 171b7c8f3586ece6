/**
 * The reasons a validation failure carries beside its `message` (Novu's `apps/api/src/exception-filter.ts`):
 *
 * - the ValidationPipe's refusal (`handleValidationPipeValidation`): 422 `message: "Validation Error"`,
 *   `errors: { general: { messages: [...], value } }`;
 * - a command's refusal (`handleCommandValidation`, e.g. a query read into a command): 422, `errors` keyed by
 *   the field's path, `{ limit: { messages: [...], value } }`;
 * - a zod refusal (`handleZod`): 400 "Zod Validation Failed", `errors: [{ message, path }]` (the filter spreads
 *   its context over the body).
 *
 * Only the messages are read: `value` is what the caller sent, which may be a secret.
 */

/** Messages of one entry of a keyed `errors` object: `{ messages: [...] }`. */
function messagesOf(entry: unknown): string[] {
  if (entry === null || typeof entry !== "object") return [];
  const messages = (entry as Record<string, unknown>)["messages"];
  return Array.isArray(messages)
    ? messages.filter((m): m is string => typeof m === "string" && m !== "")
    : [];
}

/** A field's message, with the field's path in front unless the message already starts with its name. */
function named(field: string, message: string): string {
  if (field === "general") return message;
  const last = field.split(".").pop() ?? field;
  return message.startsWith(field) || message.startsWith(last) ? message : `${field}: ${message}`;
}

/** One zod issue of the body: `path: message`. */
function zodReason(issue: unknown): string | undefined {
  if (issue === null || typeof issue !== "object") return undefined;
  const { message, path } = issue as Record<string, unknown>;
  if (typeof message !== "string" || message === "") return undefined;
  const where = Array.isArray(path) ? path.map(String).join(".") : "";
  return where === "" ? message : `${where}: ${message}`;
}

/** Every reason of an error body's `errors`, in the body's order, each on one line; empty when it has none. */
export function validationReasons(body: unknown): string[] {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return [];
  const errors = (body as Record<string, unknown>)["errors"];
  const reasons = Array.isArray(errors)
    ? errors.map(zodReason).filter((r): r is string => r !== undefined)
    : errors !== null && typeof errors === "object"
      ? Object.entries(errors).flatMap(([field, entry]) => messagesOf(entry).map((m) => named(field, m)))
      : [];
  return reasons.map((r) => r.replace(/\s+/g, " ").trim()).filter((r) => r !== "");
}
