/**
 * Every data source against emulator fixtures, through the program's stack config (`svc:apiKey`,
 * `svc:baseUrl`), in both forms (Promise and Output), including values the spec does not list (a newer
 * channel, status, step or job type) in the server's answers, and secret marking of credentials.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, type Fixtures, startEmulator } from "../../../emulator";
import * as svc from "../../../provider";
import { call } from "../../../testkit/emulator-http";

const TOKEN = "fn-secret-device-token-1";
/** An integration's credential, which the April 2026 service (the emulator's default) answers in plaintext. */
const SENDGRID_KEY = "SG.fn-read-secret-2";

let emu: Emulator;
let devEnv: string;
let prodEnv: string;
let notificationId: string;

beforeAll(async () => {
  // Partial records (the emulator fills in ids) and values the spec does not list: plain JSON, as a fixtures file.
  const fixtures: unknown = {
    integrations: [
      { providerId: "fcm", channel: "push", active: true, identifier: "fcm-dev" },
      {
        providerId: "sendgrid",
        channel: "email",
        active: true,
        identifier: "sendgrid-dev",
        credentials: { apiKey: SENDGRID_KEY, from: "noreply@example.com" },
      },
      { providerId: "sendgrid", channel: "email", active: false, identifier: "sendgrid-off" },
      // A channel the spec does not list.
      { providerId: "pager-duty", channel: "pager", active: true, identifier: "pager-dev" },
    ],
    subscribers: [
      {
        subscriberId: "erin",
        email: "erin@example.com",
        channels: [{ providerId: "fcm", credentials: { deviceTokens: [TOKEN] } }],
      },
      { subscriberId: "erin-2", email: "erin2@example.com" },
    ],
    workflows: [
      {
        workflowId: "welcome",
        name: "Welcome",
        status: "PAUSED",
        severity: "critical",
        steps: [
          { stepId: "in-app", type: "in_app", controls: { values: { body: "Hi" } } },
          { stepId: "hook", type: "webhook", controls: { values: { url: "https://x.example.com" } } },
        ],
      },
    ],
    messages: [
      {
        subscriberId: "erin",
        channel: "push",
        status: "sent",
        deviceTokens: [TOKEN],
        transactionId: "tx-1",
      },
      { subscriberId: "erin", channel: "in_app", status: "queued", transactionId: "tx-2" },
    ],
    notifications: [
      {
        subscriberId: "erin",
        transactionId: "tx-1",
        jobs: [
          {
            _id: "6650f0f0f0f0f0f0f0f0f0f1",
            type: "webhook",
            status: "running",
            providerId: "new-provider",
            executionDetails: [
              {
                _id: "6650f0f0f0f0f0f0f0f0f0f2",
                status: "Retrying",
                detail: "d",
                isRetry: false,
                isTest: false,
                source: "Internal",
              },
            ],
            step: { _id: "s1", active: true, filters: [], _templateId: "t1" },
          },
        ],
      },
    ],
    environments: {
      emu_prod_key: {
        integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: "fcm-prod" }],
      },
    },
  };
  emu = await startEmulator({ port: 0, fixtures: fixtures as Fixtures });
  devEnv = emu.keys.find((k) => k.apiKey === "emu_dev_key")!.environmentId;
  prodEnv = emu.keys.find((k) => k.apiKey === "emu_prod_key")!.environmentId;
  pulumi.runtime.setAllConfig({ "svc:apiKey": emu.apiKey, "svc:baseUrl": emu.url }, ["svc:apiKey"]);
  const page = await svc.listNotifications({});
  notificationId = page.data[0]!._id!;
});
afterAll(async () => {
  pulumi.runtime.setAllConfig({});
  await emu.close();
});

/** The value and secretness of an Output. */
async function settle<T>(o: pulumi.Output<T>): Promise<{ value: T; secret: boolean }> {
  const value = await new Promise<T>((resolve) => o.apply((v) => resolve(v)));
  return { value, secret: await pulumi.isSecret(o) };
}

describe("getActiveIntegrations", () => {
  it("filters the organization-wide list by environment, channel and provider", async () => {
    const all = await svc.getActiveIntegrations();
    expect(all.map((i) => i.identifier).sort()).toEqual(["fcm-dev", "fcm-prod", "pager-dev", "sendgrid-dev"]);
    const dev = await svc.getActiveIntegrations({ environmentId: devEnv, channel: "push" });
    expect(dev.map((i) => i.identifier)).toEqual(["fcm-dev"]);
    const prodFcm = await svc.getActiveIntegrations({ environmentId: prodEnv, providerId: "fcm" });
    expect(prodFcm.map((i) => i.identifier)).toEqual(["fcm-prod"]);
    // A channel the spec does not list passes through as a string.
    const pager = await svc.getActiveIntegrations({ channel: "pager" });
    expect(pager.map((i) => [i.identifier, i.channel])).toEqual([["pager-dev", "pager"]]);
  });

  it("Output form takes Inputs and is not secret when no credentials come back", async () => {
    const r = await settle(
      svc.getActiveIntegrationsOutput({ environmentId: pulumi.output(devEnv), providerId: "fcm" }),
    );
    expect(r.value.map((i) => i.identifier)).toEqual(["fcm-dev"]);
    expect(r.secret).toBe(false);
  });

  it("credentials the service answers (April 2026): Promise form drops them, Output form keeps them secret", async () => {
    const plain = await svc.getActiveIntegrations({ providerId: "sendgrid" });
    expect(plain.map((i) => [i.identifier, i.credentials])).toEqual([["sendgrid-dev", {}]]);
    expect(JSON.stringify(plain)).not.toContain(SENDGRID_KEY);
    const o = await settle(svc.getActiveIntegrationsOutput({ providerId: pulumi.output("sendgrid") }));
    expect(o.secret).toBe(true);
    expect(o.value[0]?.credentials).toEqual({ apiKey: SENDGRID_KEY, from: "noreply@example.com" });
  });
});

describe("getWorkflow", () => {
  it("returns the v2 workflow with unknown status, severity and step type as strings", async () => {
    const w = await svc.getWorkflow({ workflowId: "welcome" });
    expect(w.name).toBe("Welcome");
    expect(w.status).toBe("PAUSED");
    expect(w.severity).toBe("critical");
    expect(w.steps.map((s) => s.type)).toEqual(["in_app", "webhook"]);
    const o = await settle(svc.getWorkflowOutput({ workflowId: pulumi.output("welcome") }));
    expect(o.value.workflowId).toBe("welcome");
    expect(o.secret).toBe(false);
  });

  it("fails with the function's name and the status for an unknown workflow, never the key", async () => {
    const err = await svc.getWorkflow({ workflowId: "nope" }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/^svc: getWorkflow: .*404/);
    expect(err?.message).not.toContain(emu.apiKey);
  });
});

describe("listWorkflows and getEnvironment", () => {
  it("listWorkflows reads every page of a search (the client's listAll), in both forms", async () => {
    for (const workflowId of ["list-a", "list-b", "list-c"]) {
      const made = await call(emu, "POST", "/v2/workflows", {
        body: { workflowId, name: `List ${workflowId}`, steps: [] },
      });
      expect(made.status).toBe(201);
    }
    emu.resetRequests();
    const found = await svc.listWorkflows({
      query: "list-",
      limit: 1,
      orderBy: "name",
      orderDirection: "ASC",
    });
    expect(found.map((w) => w.workflowId)).toEqual(["list-a", "list-b", "list-c"]);
    expect(emu.requests.filter((r) => r.path === "/v2/workflows").length).toBeGreaterThanOrEqual(3);
    const o = await settle(svc.listWorkflowsOutput({ query: pulumi.output("list-b") }));
    expect(o.value.map((w) => w.workflowId)).toEqual(["list-b"]);
    expect(o.secret).toBe(false);
    // The other tests read every workflow of the environment: leave only the fixture's.
    for (const w of found) expect((await call(emu, "DELETE", `/v2/workflows/${w._id}`)).status).toBe(204);
  });

  it("getEnvironment answers the key's environment, never the key", async () => {
    const env = await svc.getEnvironment();
    expect(env).toMatchObject({ _id: devEnv, name: "Development" });
    expect(JSON.stringify(env)).not.toContain(emu.apiKey);
    const o = await settle(svc.getEnvironmentOutput());
    expect(o.value._id).toBe(devEnv);
  });
});

describe("listLayouts", () => {
  it("reads every page (the client's listAll), in both forms", async () => {
    for (const layoutId of ["ly-a", "ly-b", "ly-c"]) {
      const made = await call(emu, "POST", "/v2/layouts", { body: { layoutId, name: `Layout ${layoutId}` } });
      expect(made.status).toBe(201);
    }
    emu.resetRequests();
    const found = await svc.listLayouts({
      query: "Layout ly-",
      limit: 1,
      orderBy: "name",
      orderDirection: "ASC",
    });
    expect(found.map((l) => l.layoutId)).toEqual(["ly-a", "ly-b", "ly-c"]);
    expect(found.map((l) => l.isDefault)).toEqual([true, false, false]);
    expect(emu.requests.filter((r) => r.path === "/v2/layouts").length).toBeGreaterThanOrEqual(3);
    const o = await settle(svc.listLayoutsOutput({ query: pulumi.output("Layout ly-b") }));
    expect(o.value.map((l) => l.layoutId)).toEqual(["ly-b"]);
    expect(o.secret).toBe(false);
  });
});

describe("subscribers", () => {
  it("getSubscriber matches exactly; the Output form is secret because of device tokens", async () => {
    const s = await svc.getSubscriber({ subscriberId: "erin" });
    expect(s.subscriberId).toBe("erin");
    expect(s.channels?.[0]?.credentials.deviceTokens).toEqual([TOKEN]);
    const o = await settle(svc.getSubscriberOutput({ subscriberId: "erin" }));
    expect(o.secret).toBe(true);
    const plain = await settle(svc.getSubscriberOutput({ subscriberId: "erin-2" }));
    expect(plain.secret).toBe(false);
    await expect(svc.getSubscriber({ subscriberId: "nobody" })).rejects.toThrow(/"nobody" not found/);
  });

  it("searchSubscribers returns one page of the filter; Output secret when credentials are present", async () => {
    const page = await svc.searchSubscribers({ email: "erin@example.com" });
    expect(page.data.map((s) => s.subscriberId)).toEqual(["erin"]);
    expect(page.next).toBeNull();
    const o = await settle(svc.searchSubscribersOutput({ limit: 100 }));
    expect(o.value.data).toHaveLength(2);
    expect(o.secret).toBe(true);
  });

  it("getSubscriberPreferences answers global and per-workflow preferences", async () => {
    const p = await svc.getSubscriberPreferences({ subscriberId: "erin" });
    const allOn = { in_app: true, email: true, sms: true, chat: true, push: true };
    expect(p.global).toEqual({ enabled: true, channels: allOn });
    // Every workflow, all five channels (spec, operation 6), defaults on, no subscriber overrides.
    expect(p.workflows).toEqual([
      {
        enabled: true,
        channels: allOn,
        overrides: [],
        workflow: expect.objectContaining({
          identifier: "welcome",
          slug: expect.any(String),
          name: "Welcome",
        }),
      },
    ]);
    const o = await settle(svc.getSubscriberPreferencesOutput({ subscriberId: pulumi.output("erin") }));
    expect(o.secret).toBe(false);
  });
});

describe("messages and notifications", () => {
  it("listMessages filters by channel, keeps an unknown status, and marks device tokens secret", async () => {
    const inApp = await svc.listMessages({ channel: "in_app" });
    expect(inApp.data.map((m) => m.status)).toEqual(["queued"]);
    const o = await settle(svc.listMessagesOutput({ channel: "push" }));
    expect(o.value.data[0]?.deviceTokens).toEqual([TOKEN]);
    expect(o.secret).toBe(true);
  });

  it("getNotification and listNotifications keep unknown job types, providers and statuses", async () => {
    const n = await svc.getNotification({ notificationId });
    expect(n.transactionId).toBe("tx-1");
    expect(n.jobs?.[0]?.type).toBe("webhook");
    expect(n.jobs?.[0]?.providerId).toBe("new-provider");
    expect(n.jobs?.[0]?.executionDetails[0]?.status).toBe("Retrying");
    const list = await settle(svc.listNotificationsOutput({ transactionId: "tx-1" }));
    expect(list.value.data.map((x) => x._id)).toEqual([notificationId]);
    expect(list.secret).toBe(false);
    const one = await settle(svc.getNotificationOutput({ notificationId: pulumi.output(notificationId) }));
    expect(one.value.transactionId).toBe("tx-1");
  });
});

describe("settings", () => {
  it("without svc:apiKey nor SVC_API_KEY, says which command sets it", async () => {
    pulumi.runtime.setAllConfig({ "svc:baseUrl": emu.url });
    const saved = process.env.SVC_API_KEY;
    delete process.env.SVC_API_KEY;
    try {
      await expect(svc.getActiveIntegrations()).rejects.toThrow(/pulumi config set --secret svc:apiKey/);
      // The environment is the fallback.
      process.env.SVC_API_KEY = emu.apiKey;
      expect((await svc.getActiveIntegrations({ environmentId: devEnv })).length).toBe(3);
    } finally {
      if (saved === undefined) delete process.env.SVC_API_KEY;
      else process.env.SVC_API_KEY = saved;
      pulumi.runtime.setAllConfig({ "svc:apiKey": emu.apiKey, "svc:baseUrl": emu.url }, ["svc:apiKey"]);
    }
  });
});
