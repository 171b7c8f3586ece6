/**
 * The service interface, transcribed by hand from the spec's text (spec/000_621d2e39894950be.txt), for the
 * conformance tests: an oracle independent of sdk/schemas. Each block cites its section. Do not import
 * anything from sdk/ or emulator/ here (nor anything that does): a schema bug must not show on both sides.
 */

/** A field's JSON type as the spec's tables write it ("string or null" is `string|null`). */
export type FieldType =
  | "string"
  | "number"
  | "boolean"
  | "object"
  | "array"
  | "string|null"
  | "boolean|null"
  | "object|null"
  | "array|string";

/** Required and optional fields of one table. */
export interface Table {
  required: Record<string, FieldType>;
  optional: Record<string, FieldType>;
}

/** "The channels are `in_app`, `email`, `sms`, `chat` and `push`." (What the service does) */
export const CHANNELS = ["in_app", "email", "sms", "chat", "push"];

/** "Channel provider ids" (Resources and their fields, ChannelSettings). */
export const CHANNEL_PROVIDER_IDS = [
  "slack",
  "discord",
  "msteams",
  "mattermost",
  "ryver",
  "zulip",
  "grafana-on-call",
  "getstream",
  "rocket-chat",
  "whatsapp-business",
  "chat-webhook",
  "novu-slack",
  "fcm",
  "apns",
  "expo",
  "one-signal",
  "pushpad",
  "push-webhook",
  "pusher-beams",
  "appio",
];

/** Subscriber table (Resources and their fields, Subscriber). */
export const SUBSCRIBER: Table = {
  required: {
    subscriberId: "string",
    _organizationId: "string",
    _environmentId: "string",
    deleted: "boolean",
    createdAt: "string",
    updatedAt: "string",
  },
  optional: {
    _id: "string",
    firstName: "string|null",
    lastName: "string|null",
    email: "string|null",
    phone: "string|null",
    avatar: "string|null",
    locale: "string|null",
    channels: "array",
    topics: "array",
    isOnline: "boolean|null",
    lastOnlineAt: "string|null",
    __v: "number",
    data: "object|null",
    timezone: "string|null",
  },
};

/** ChannelSettings table. */
export const CHANNEL_SETTINGS: Table = {
  required: { providerId: "string", credentials: "object", _integrationId: "string" },
  optional: { integrationIdentifier: "string" },
};

/** Integration table (Resources and their fields, Integration). */
export const INTEGRATION: Table = {
  required: {
    _environmentId: "string",
    _organizationId: "string",
    name: "string",
    identifier: "string",
    providerId: "string",
    channel: "string",
    credentials: "object",
    active: "boolean",
    deleted: "boolean",
    primary: "boolean",
  },
  optional: { _id: "string", deletedAt: "string", deletedBy: "string", conditions: "array" },
};

/** Message table: "a field is optional unless marked required" (Resources and their fields, Message). */
export const MESSAGE: Table = {
  required: {
    _environmentId: "string",
    _organizationId: "string",
    _notificationId: "string",
    _subscriberId: "string",
    createdAt: "string",
    transactionId: "string",
    channel: "string",
    read: "boolean",
    seen: "boolean",
    cta: "object",
    status: "string",
  },
  optional: {
    _id: "string",
    templateIdentifier: "string",
    deliveredAt: "array",
    content: "array|string",
    subject: "string",
    providerId: "string",
    deviceTokens: "array",
    title: "string",
    errorId: "string",
    errorText: "string",
    payload: "object",
    overrides: "object",
    contextKeys: "array",
  },
};

/** Message `status` (Message table; States and transitions). */
export const MESSAGE_STATUSES = ["sent", "error", "warning"];

/** Workflow (v2 response of operation 7). */
export const WORKFLOW: Table = {
  required: {
    name: "string",
    _id: "string",
    workflowId: "string",
    slug: "string",
    updatedAt: "string",
    createdAt: "string",
    steps: "array",
    origin: "string",
    preferences: "object",
    status: "string",
    severity: "string",
  },
  optional: {
    description: "string",
    tags: "array",
    active: "boolean",
    validatePayload: "boolean",
    payloadSchema: "object|null",
    isTranslationEnabled: "boolean",
    lastPublishedAt: "string|null",
    lastTriggeredAt: "string|null",
    payloadExample: "object|null",
  },
};

/** Fields every workflow step variant shares (Workflow step variants). */
export const WORKFLOW_STEP: Table = {
  required: {
    controls: "object",
    variables: "object",
    stepId: "string",
    _id: "string",
    name: "string",
    slug: "string",
    type: "string",
    origin: "string",
    workflowId: "string",
    workflowDatabaseId: "string",
  },
  optional: { issues: "object" },
};

/** Workflow and step `origin`; workflow `status` and `severity`; step `type` (operation 7's tables). */
export const ORIGINS = ["novu-cloud", "novu-cloud-v1", "external"];
export const WORKFLOW_STATUSES = ["ACTIVE", "INACTIVE", "ERROR"];
export const SEVERITIES = ["high", "medium", "low", "none"];
export const STEP_TYPES = [
  "in_app",
  "email",
  "sms",
  "chat",
  "push",
  "digest",
  "trigger",
  "delay",
  "throttle",
  "custom",
];

/** Notification event (response of operations 8 and 9). */
export const NOTIFICATION: Table = {
  required: {
    _environmentId: "string",
    _organizationId: "string",
    _subscriberId: "string",
    transactionId: "string",
  },
  optional: {
    _id: "string",
    _templateId: "string",
    _digestedNotificationId: "string",
    createdAt: "string",
    updatedAt: "string",
    channels: "array",
    subscriber: "object",
    template: "object",
    jobs: "array",
    payload: "object",
    tags: "array",
    controls: "object",
    to: "object",
    topics: "array",
    severity: "string",
    critical: "boolean",
    contextKeys: "array",
  },
};

/** "Returned by single retrieval only" (Notification event table, and Job / DigestMetadata). */
export const SINGLE_RETRIEVAL_ONLY = ["severity", "critical", "contextKeys"];
export const JOB_SINGLE_RETRIEVAL_ONLY = ["scheduleExtensionsCount"];
export const TIMED_SINGLE_RETRIEVAL_ONLY = ["untilDate"];

/** Job table. */
export const JOB: Table = {
  required: {
    _id: "string",
    type: "string",
    executionDetails: "array",
    step: "object",
    providerId: "string",
    status: "string",
  },
  optional: {
    digest: "object",
    overrides: "object",
    payload: "object",
    updatedAt: "string",
    scheduleExtensionsCount: "number",
  },
};

/** ExecutionDetail `status` and `source`. */
export const EXECUTION_STATUSES = ["Success", "Warning", "Failed", "Pending", "Queued", "ReadConfirmation"];
export const EXECUTION_SOURCES = ["Credentials", "Internal", "Payload", "Webhook"];

/** Workflow preference entry `overrides[].source` (Subscriber preferences). */
export const OVERRIDE_SOURCES = ["subscriber", "template", "workflowOverride"];

/** Limits: operation 9 `limit` default 10, min 1, max 50; `page` default 0, min 0; operation 4 defaults 0 and 10. */
export const LIST_EVENTS_LIMIT = { default: 10, min: 1, max: 50 };
export const LIST_MESSAGES_DEFAULTS = { page: 0, limit: 10 };

/** The type of a JSON value, in the spec's words. */
function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

/** Problems of `value` against a table: missing required fields, and fields of the wrong type. */
export function shapeProblems(value: unknown, table: Table, where: string): string[] {
  if (typeOf(value) !== "object") return [`${where}: expected an object, got ${typeOf(value)}`];
  const o = value as Record<string, unknown>;
  const problems: string[] = [];
  const check = (field: string, type: FieldType) => {
    const actual = typeOf(o[field]);
    if (!type.split("|").includes(actual))
      problems.push(`${where}.${field}: expected ${type}, got ${actual}`);
  };
  for (const [field, type] of Object.entries(table.required)) {
    if (!(field in o)) problems.push(`${where}.${field}: required, missing`);
    else check(field, type);
  }
  for (const [field, type] of Object.entries(table.optional))
    if (field in o && o[field] !== undefined) check(field, type);
  return problems;
}

/** Problems of a value against an enumeration. */
export function enumProblems(value: unknown, allowed: readonly string[], where: string): string[] {
  return typeof value === "string" && allowed.includes(value)
    ? []
    : [`${where}: ${JSON.stringify(value)} is not one of ${allowed.join(", ")}`];
}
