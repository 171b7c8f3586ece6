// A user's TypeScript Pulumi program (test/engine/typescript-program.test.ts), compiled as Pulumi compiles
// it: every resource and data source of pulumi-svc, typed by the declarations the package ships.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const inbox = new svc.Integration("inbox", { providerId: "novu", channel: "in_app", identifier: "ts-inbox" });
const brand = new svc.Layout("brand", {
  name: "Brand",
  content: { editorType: "html", body: "<html><body>{{content}}</body></html>" },
});
const welcome = new svc.Workflow("welcome", {
  workflowId: "ts-welcome",
  name: "Welcome",
  steps: [
    { name: "Inbox", type: "in_app", controls: { body: "Welcome!" } },
    { name: "Wait", type: "digest", controls: { amount: 1, unit: "hours" } },
    {
      name: "Mail",
      type: "email",
      controls: { subject: "Hi", body: "<p>Hello</p>", editorType: "html", layoutId: brand.layoutId },
    },
  ],
});
const topic = new svc.Topic("beta", { name: "Beta users" });

export const workflowId: pulumi.Output<string> = welcome.workflowId;
export const identifier: pulumi.Output<string> = inbox.identifier;
export const topicKey: pulumi.Output<string> = topic.key;
export const environment: pulumi.Output<string> = svc.getEnvironmentOutput().apply((e) => e.name);

/** Compiled, not run: the resources that need subscribers, an explicit provider and every data source. */
function compiledOnly(): unknown[] {
  const prod = new svc.Provider("prod", { apiKey: pulumi.secret("key"), baseUrl: "http://127.0.0.1:1" });
  const subscriptions = new svc.TopicSubscriptions("beta", { topicKey: topic.key, subscriberIds: ["alice"] });
  const phone = new svc.SubscriberCredentials(
    "phone",
    { subscriberId: "alice", providerId: "fcm", credentials: { deviceTokens: ["token"] } },
    { provider: prod },
  );
  const phones = new svc.SubscriberCredentialsSet("phones", {
    providerId: "fcm",
    credentials: { alice: { deviceTokens: ["token"] } },
  });
  const count: pulumi.Output<number> = subscriptions.count;
  return [
    phone.id,
    phones.id,
    count,
    svc.Workflow.get("existing", "ts-welcome").steps,
    svc.getWorkflow({ workflowId: "ts-welcome" }),
    svc.getWorkflowOutput({ workflowId: welcome.workflowId }),
    svc.listWorkflows(),
    svc.getTopic({ key: "beta" }),
    svc.listTopics(),
    svc.listLayouts(),
    svc.getSubscriber({ subscriberId: "alice" }),
    svc.searchSubscribers(),
    svc.getSubscriberPreferences({ subscriberId: "alice" }),
    svc.getActiveIntegrations(),
    svc.getNotification({ notificationId: "n" }),
    svc.listNotifications(),
    svc.listMessages(),
  ];
}
void compiledOnly;
