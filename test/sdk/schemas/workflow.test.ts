import { describe, expect, it } from "vitest";
import {
  formatIssues,
  getWorkflowQuerySchema,
  knownWorkflowStepSchema,
  STEP_VARIANTS,
  stepIssuesSchema,
  strictControlValuesSchemas,
  UI_COMPONENTS,
  uiSchemaSchema,
  type WorkflowStep,
  workflowSchema,
  workflowStepSchema,
} from "../../../sdk/schemas";

const skip = { "==": [{ var: "payload.muted" }, true] };
const redirect = { url: "https://example.com/x", target: "_blank" };

const controlsByVariant: Record<(typeof STEP_VARIANTS)[number], Record<string, unknown>> = {
  in_app: {
    body: "Hi {{subscriber.firstName}}",
    subject: "Welcome",
    avatar: "/avatar.png",
    primaryAction: { label: "Open", redirect },
    secondaryAction: { label: "Later", redirect: { url: "{{ payload.url }}", target: "_self" } },
    redirect,
    disableOutputSanitization: false,
    data: { k: 1 },
    skip,
  },
  email: {
    subject: "Hi",
    body: "<p>Hi</p>",
    editorType: "html",
    disableOutputSanitization: true,
    layoutId: null,
    skip,
  },
  sms: { body: "code 1234", skip },
  push: { subject: "Ping", body: "You have mail", skip },
  chat: { body: "deploy done", skip },
  delay: { type: "regular", amount: 5, unit: "minutes", skip },
  digest: {
    type: "regular",
    amount: 1,
    unit: "hours",
    lookBackWindow: { amount: 5, unit: "minutes" },
    digestKey: "postId",
    skip,
  },
  custom: { custom: { anything: [1, 2] } },
  throttle: { type: "fixed", amount: 1, unit: "hours", threshold: 3, throttleKey: "k", skip },
  http_request: {
    method: "POST",
    url: "https://crm.example.com/{{payload.id}}",
    headers: [{ key: "X-Trace", value: "1" }],
    body: [{ key: "email", value: "{{subscriber.email}}" }],
    responseBodySchema: { type: "object" },
    enforceSchemaValidation: false,
    continueOnFailure: true,
    timeout: 5000,
    skip,
  },
};

function step(type: string, values: Record<string, unknown>): Record<string, unknown> {
  return {
    controls: {
      values,
      dataSchema: { type: "object" },
      uiSchema: {
        group: type === "in_app" ? "IN_APP" : "SKIP",
        properties: {
          body: { component: "TEXT_FULL_LINE", placeholder: "" },
          nested: {
            component: "DATA",
            placeholder: [1, "a", true],
            properties: { inner: { component: "URL_TEXT_BOX" } },
          },
        },
      },
    },
    controlValues: values,
    variables: { type: "object", properties: {} },
    stepId: `${type}-step`,
    _id: `id-${type}`,
    name: `${type} step`,
    slug: `${type}-step_st_1`,
    type,
    origin: "novu-cloud",
    workflowId: "welcome",
    workflowDatabaseId: "wf1",
    issues: {
      controls: { body: [{ issueType: "MISSING_VALUE", variableName: "body", message: "Body is required" }] },
      integration: { email: [{ issueType: "MISSING_INTEGRATION", message: "No active email integration" }] },
    },
  };
}

const prefs = {
  all: { enabled: true, readOnly: false },
  channels: { email: { enabled: true }, sms: { enabled: false } },
};

const workflow = {
  name: "Welcome",
  description: "d",
  tags: [],
  active: true,
  validatePayload: false,
  payloadSchema: null,
  isTranslationEnabled: false,
  _id: "wf1",
  workflowId: "welcome",
  slug: "welcome_wf_1",
  updatedAt: "2024-01-01T00:00:00.000Z",
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedBy: { _id: "u1", firstName: "Ada", lastName: null },
  lastPublishedAt: null,
  lastPublishedBy: { _id: "u1", externalId: null },
  steps: STEP_VARIANTS.map((v) => step(v, controlsByVariant[v])),
  origin: "novu-cloud",
  preferences: { user: null, default: prefs },
  status: "ACTIVE",
  issues: {},
  lastTriggeredAt: null,
  payloadExample: null,
  severity: "none",
};

describe("v2 workflow steps", () => {
  it.each(STEP_VARIANTS)("parses the %s variant as a known step", (variant) => {
    const parsed = knownWorkflowStepSchema.parse(step(variant, controlsByVariant[variant]));
    expect(parsed.type).toBe(variant);
    expect(parsed.controls.values).toEqual(controlsByVariant[variant]);
  });

  it("narrows on type", () => {
    const s: WorkflowStep = workflowStepSchema.parse(step("email", controlsByVariant.email));
    if (s.type === "email" && "editorType" in s.controls.values) {
      expect(s.controls.values.editorType).toBe("html");
    } else {
      throw new Error("expected an email step");
    }
  });

  it("still parses a step of an unknown type", () => {
    const parsed = workflowStepSchema.parse(step("ai_agent", { prompt: "x" }));
    expect(parsed.type).toBe("ai_agent");
    expect(knownWorkflowStepSchema.safeParse(step("ai_agent", {})).success).toBe(false);
  });

  it("tolerates unknown control values and enum values in responses", () => {
    const parsed = knownWorkflowStepSchema.parse(
      step("delay", { type: "dynamic", unit: "fortnights", extra: 1 }),
    );
    expect(parsed.controls.values).toMatchObject({ type: "dynamic", unit: "fortnights", extra: 1 });
  });

  it("rejects a step missing shared fields", () => {
    const { stepId: _s, ...rest } = step("sms", {});
    expect(formatIssues(workflowStepSchema.safeParse(rest).error!)).toContain("stepId: is required (string)");
  });
});

describe("strict control values", () => {
  it("accepts every variant's example", () => {
    for (const v of STEP_VARIANTS)
      expect(strictControlValuesSchemas[v].safeParse(controlsByVariant[v]).success).toBe(true);
  });

  it("custom has no skip; the others do", () => {
    expect(formatIssues(strictControlValuesSchemas.custom.safeParse({ skip }).error!)).toEqual([
      "skip: unknown field (not allowed here; check the spelling)",
    ]);
  });

  it("enforces the spec's rules", () => {
    const s = strictControlValuesSchemas;
    expect(formatIssues(s.in_app.safeParse({ data: {} }).error!)).toEqual([
      "(root): body or subject is required",
    ]);
    expect(formatIssues(s.in_app.safeParse({ body: "x", avatar: "not a link" }).error!)).toEqual([
      "avatar: must be a valid URL, a path starting with /, or a {{ variable }}",
    ]);
    expect(formatIssues(s.in_app.safeParse({ body: "x", redirect: { target: "_new" } }).error!)).toEqual([
      'redirect.target: must be one of _self, _blank, _parent, _top, _unfencedTop (got "_new")',
    ]);
    expect(formatIssues(s.email.safeParse({ body: "x", editorType: "md" }).error!).sort()).toEqual([
      'editorType: must be one of block, html (got "md")',
      "subject: is required (string)",
    ]);
    expect(formatIssues(s.digest.safeParse({ amount: 0, cron: "" }).error!)).toEqual([
      "amount: must be at least 1",
      "cron: must not be empty",
    ]);
    expect(formatIssues(s.delay.safeParse({ unit: "years" }).error!)).toEqual([
      'unit: must be one of seconds, minutes, hours, days, weeks, months (got "years")',
    ]);
    expect(formatIssues(s.throttle.safeParse({ type: "fixed" }).error!)).toEqual([
      "amount: is required for a fixed throttle",
      "unit: is required for a fixed throttle",
    ]);
    expect(formatIssues(s.throttle.safeParse({ type: "dynamic" }).error!)).toEqual([
      "dynamicKey: is required for a dynamic throttle",
    ]);
    expect(formatIssues(s.throttle.safeParse({ type: "fixed", amount: 1, unit: "weeks" }).error!)).toEqual([
      'unit: must be one of minutes, hours, days (got "weeks")',
    ]);
  });
});

describe("workflowSchema", () => {
  it("parses a workflow with all nine step variants", () => {
    const wf = workflowSchema.parse(workflow);
    expect(wf.steps.map((s) => s.type)).toEqual([...STEP_VARIANTS]);
    expect(wf.preferences.default.channels["sms"]?.enabled).toBe(false);
    expect(wf.updatedBy?.firstName).toBe("Ada");
  });

  it("tolerates new statuses, origins, severities and keys", () => {
    const wf = workflowSchema.parse({
      ...workflow,
      status: "ARCHIVED",
      origin: "imported",
      severity: "critical",
      newKey: 1,
    });
    expect([wf.status, wf.origin, wf.severity, wf["newKey"]]).toEqual([
      "ARCHIVED",
      "imported",
      "critical",
      1,
    ]);
  });

  it("requires preferences.default", () => {
    const r = workflowSchema.safeParse({ ...workflow, preferences: {} });
    expect(formatIssues(r.error!)).toEqual(["preferences.default: is required (object)"]);
  });
});

describe("ui schema and issues", () => {
  it("parses nested properties and knows all 37 components", () => {
    expect(UI_COMPONENTS).toHaveLength(37);
    const ui = uiSchemaSchema.parse({
      group: "DIGEST",
      properties: {
        a: {
          component: "DIGEST_AMOUNT",
          properties: { b: { component: "DIGEST_UNIT", placeholder: { x: 1 } } },
        },
      },
    });
    expect(ui.properties?.["a"]?.properties?.["b"]?.component).toBe("DIGEST_UNIT");
    const bad = uiSchemaSchema.safeParse({ properties: { a: { properties: { b: {} } } } });
    expect(formatIssues(bad.error!)).toEqual([
      "properties.a.component: is required (string)",
      "properties.a.properties.b.component: is required (string)",
    ]);
  });

  it("step issues of both kinds, with unknown issue types tolerated", () => {
    const issues = stepIssuesSchema.parse({
      controls: {
        body: [
          { issueType: "TIER_LIMIT_EXCEEDED", message: "m" },
          { issueType: "NEW_KIND", message: "m" },
        ],
      },
      integration: { push: [{ issueType: "INBOX_NOT_CONNECTED", message: "m" }] },
    });
    expect(issues.controls?.["body"]).toHaveLength(2);
  });
});

describe("getWorkflowQuerySchema", () => {
  it("takes an optional environmentId only", () => {
    expect(getWorkflowQuerySchema.parse({ environmentId: "env1" })).toEqual({ environmentId: "env1" });
    expect(getWorkflowQuerySchema.parse({})).toEqual({});
    expect(getWorkflowQuerySchema.safeParse({ env: "x" }).success).toBe(false);
  });
});
