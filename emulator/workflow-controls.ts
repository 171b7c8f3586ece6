import type { ServiceVersion } from "./service-version";

/**
 * What the service stores of a step's control values (libs/application-generic/src/usecases/upsert-workflow/
 * upsert-workflow.usecase.ts `executeControlValuesUpdate`, applied to workflows of origin novu-cloud and
 * novu-cloud-v1 without a step resolver, which is every workflow written through the v2 API).
 */

/** Control values as stored. */
type Values = Record<string, unknown>;

/**
 * A block-editor (Maily) document serialized as a string: JSON of an object with `type: "doc"` and a
 * `content` array (libs/application-generic/src/utils/maily-utils.ts `isStringifiedMailyJSONContent`).
 */
export function isMailyJson(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const doc: unknown = JSON.parse(value);
    if (typeof doc !== "object" || doc === null) return false;
    const { type, content } = doc as { type?: unknown; content?: unknown };
    return type === "doc" && Array.isArray(content);
  } catch {
    return false;
  }
}

/**
 * A chat step's `editorType` (libs/application-generic/src/utils/resolve-chat-editor-type.ts): an explicit
 * `block` or `text` stays; otherwise a Maily body gives `block`, any other non-empty string body `text`, and
 * an empty or missing body none (the key is deleted).
 */
function chatEditorType(body: unknown, editorType: unknown): "block" | "text" | undefined {
  if (editorType === "block" || editorType === "text") return editorType;
  if (isMailyJson(body)) return "block";
  if (typeof body === "string" && body.length > 0) return "text";
  return undefined;
}

/**
 * The chat rule of the upsert. April 2026 (3.15.0) has none: its upsert-workflow.usecase.ts touches only
 * email controls, and resolve-chat-editor-type.ts does not exist in that tree, so chat values are stored as
 * sent (`{ body }` stays `{ body }`, measured). The newest files resolve `editorType`, or remove it when
 * nothing resolves.
 */
function storedChatValues(values: Values, version: ServiceVersion): Values {
  if (version === "2026-04") return values;
  const { editorType: _given, ...rest } = values;
  const resolved = chatEditorType(values["body"], values["editorType"]);
  return resolved ? { ...rest, editorType: resolved } : rest;
}

/**
 * The email rule of the upsert: `editorType: "block"` with a body that is not Maily JSON is stored with
 * `body: ""` (the e2e test "when switching the editor type it should convert the body value",
 * apps/api/src/app/workflows-v2/e2e/upsert-workflow.e2e.ts). The opposite case, `editorType: "html"` with a
 * Maily body, is rendered to HTML by the service's preview usecase and formatted with prettier; the emulator
 * does not render Maily, so it stores that body unchanged (README, "Known departures").
 */
function storedEmailValues(values: Values): Values {
  if (values["editorType"] === "block" && !isMailyJson(values["body"])) return { ...values, body: "" };
  return values;
}

/**
 * Control values as the service stores them for a step of `type`, on the release `version` plays. `providerOverrides` and
 * `integrationOverrides` are stored apart from the controls and never appear among them.
 * An email `layoutId` is checked against the layouts after the write (./step-layouts.ts, called by the routes).
 */
export function storedControlValues(type: string, values: Values, version: ServiceVersion): Values {
  const { providerOverrides: _p, integrationOverrides: _i, ...controls } = values;
  if (type === "chat") return storedChatValues(controls, version);
  if (type === "email") return storedEmailValues(controls);
  return controls;
}
