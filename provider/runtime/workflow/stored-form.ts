/**
 * A declared workflow as the service will store it: what diff compares with the state (./diff.ts), so that a
 * workflow the service rewrites previews clean after `up` and after `refresh`. Written from Novu's source
 * on the provider's side only (the emulator writes its own from the same source: each catches the other's
 * mistakes):
 *
 * - a chat step's `editorType`, where the service's releases differ, so both forms are the stored one
 *   ({@link storedControlForms}): the April 2026 service (3.15.0) stores chat controls as sent (its
 *   upsert-workflow.usecase.ts rewrites email controls only); the newest files resolve it
 *   (libs/application-generic/src/utils/resolve-chat-editor-type.ts): an explicit `text` or `block` stays;
 *   else a block-editor (Maily) JSON body gives `block`, another non-empty body `text`, and an empty or
 *   missing body none;
 * - an email step with `editorType: "block"` whose body is not block-editor JSON is stored with `body: ""`
 *   (same usecase; check refuses such a step, ./check.ts, so this is only what a preview compares);
 * - preferences (packages/shared/src/utils/buildWorkflowPreferences.ts over the defaults of
 *   packages/shared/src/consts/preferences/preferences.const.ts): `all` is the declared one over
 *   `{ enabled: true, readOnly: false }`, and every channel is `{ enabled }`, from the declared channel, else
 *   `all.enabled` when declared, else `true`; a `workflow` given as null is the defaults; `user` null stays null.
 */
import { CHANNEL_TYPES } from "../../../sdk/schemas";
import { canonical, containsUnknown } from "../../model/values";

type Props = Record<string, unknown>;

function asProps(v: unknown): Props | undefined {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Props) : undefined;
}

/**
 * Whether `body` is a block-editor (Maily) document as the service recognizes one: a string holding the JSON
 * of an object whose `type` is `"doc"` and whose `content` is an array (maily-utils
 * `isStringifiedMailyJSONContent`).
 */
export function isBlockEditorDocument(body: unknown): boolean {
  if (typeof body !== "string") return false;
  try {
    const doc = asProps(JSON.parse(body));
    return doc !== undefined && doc.type === "doc" && Array.isArray(doc.content);
  } catch {
    return false;
  }
}

/** The `editorType` the service stores on a chat step with this body and declared editorType (see the header). */
export function storedChatEditorType(body: unknown, editorType: unknown): "text" | "block" | undefined {
  if (editorType === "text" || editorType === "block") return editorType;
  if (isBlockEditorDocument(body)) return "block";
  if (typeof body === "string" && body.length > 0) return "text";
  return undefined;
}

/** A step's control values as the service stores them (unknown values left as they are). */
export function storedControls(type: unknown, controls: unknown): unknown {
  const values = asProps(controls);
  if (values === undefined || containsUnknown(values)) return controls;
  if (type === "chat") {
    const { editorType: _declared, ...rest } = values;
    const resolved = storedChatEditorType(values.body, values.editorType);
    return resolved === undefined ? rest : { ...rest, editorType: resolved };
  }
  if (type === "email" && values.editorType === "block" && !isBlockEditorDocument(values.body)) {
    return { ...values, body: "" };
  }
  return values;
}

/**
 * Every form the service may store a step's declared control values in: one, except for a chat step, whose
 * `editorType` the April 2026 service keeps as sent and the newest resolves (see the header). A stored form
 * matching any of them is no change, so a program converges with either release.
 */
export function storedControlForms(type: unknown, controls: unknown): unknown[] {
  const stored = storedControls(type, controls);
  if (type !== "chat") return [stored];
  const sent = asProps(controls);
  return sent === undefined || containsUnknown(sent) ? [stored] : [stored, sent];
}

/** One side of the preferences (`workflow` or `user`), completed as the service stores it. */
export function storedWorkflowPreferences(declared: unknown): Props {
  const given = asProps(declared) ?? {};
  const all = asProps(given.all) ?? {};
  const channels = asProps(given.channels) ?? {};
  const fallback = typeof all.enabled === "boolean" ? all.enabled : true;
  const out: Props = {
    all: { enabled: all.enabled ?? true, readOnly: all.readOnly ?? false },
    channels: Object.fromEntries(
      CHANNEL_TYPES.map((c) => [c, { enabled: asProps(channels[c])?.enabled ?? fallback }]),
    ),
  };
  return canonical(out) as Props;
}

/**
 * Stored preferences cut to what {@link storedWorkflowPreferences} predicts (`all.enabled`, `all.readOnly` and
 * `enabled` of the five channels), so that what a newer service adds (another channel, another flag) is no
 * change; a missing channel stays missing, so it differs; a missing `readOnly` is false.
 */
export function comparablePreferences(stored: unknown): unknown {
  const s = asProps(stored);
  if (s === undefined) return stored;
  const all = asProps(s.all);
  const channels = asProps(s.channels) ?? {};
  const out: Props = {
    all: all === undefined ? s.all : { enabled: all.enabled, readOnly: all.readOnly ?? false },
    channels: Object.fromEntries(
      CHANNEL_TYPES.filter((c) => channels[c] !== undefined).map((c) => [
        c,
        { enabled: asProps(channels[c])?.enabled },
      ]),
    ),
  };
  return canonical(out);
}

/** A declared side of the preferences as stored: `null` for `user` stays null, for `workflow` is the defaults. */
export function storedPreferencesSide(key: string, declared: unknown): unknown {
  if (declared === null) return key === "user" ? null : storedWorkflowPreferences({});
  return storedWorkflowPreferences(declared);
}

/**
 * Stored preferences as a program can declare them (what read answers as inputs): each side cut to
 * {@link comparablePreferences}, so a channel a newer service adds is not handed back to check, which
 * refuses channels it does not know.
 */
export function declarablePreferences(stored: Props): Props {
  return Object.fromEntries(
    Object.entries(stored).map(([side, value]) => [side, comparablePreferences(value)]),
  );
}
