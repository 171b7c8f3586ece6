/**
 * Environment variables: `API_BASE` (plain) and `SIGNING_KEY` (secret), one value per environment, and a
 * workflow whose in-app step reads `{{env.API_BASE}}`. The key's record is shared by the organization's
 * environments; each environment owns its value.
 *
 * Two ways to run it:
 * - one stack per environment (the default): each stack's `svc:apiKey` decides the environment;
 *   `apiBase` and `signingKey` (secret) are that stack's values;
 * - one stack, two `svc.Provider`s: set `twoProviders` to `true` and `devKey`, `prodKey` (secrets);
 *   `devApiBase`, `prodApiBase`, `devSigningKey`, `prodSigningKey` (secret) are the values.
 */
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const cfg = new pulumi.Config();

/** The variables and the workflow of one environment, through `provider` (the stack's when undefined). */
function environment(
  prefix: string,
  apiBase: string,
  signingKey: pulumi.Input<string>,
  provider?: svc.Provider,
) {
  const opts = provider ? { provider } : {};
  const name = (n: string) => (prefix ? `${prefix}-${n}` : n);
  const base = new svc.EnvironmentVariable(name("api-base"), { key: "API_BASE", value: apiBase }, opts);
  const signing = new svc.EnvironmentVariable(
    name("signing-key"),
    { key: "SIGNING_KEY", value: signingKey, isSecret: true },
    opts,
  );
  const workflow = new svc.Workflow(
    name("order-shipped"),
    {
      workflowId: "order-shipped",
      name: "Order shipped",
      steps: [{ name: "In app", type: "in_app", controls: { body: "Track it at {{env.API_BASE}}/orders" } }],
    },
    { ...opts, dependsOn: [base] },
  );
  return { variableId: base.variableId, signingKeyId: signing.variableId, workflowId: workflow.workflowId };
}

const out: Record<string, unknown> = {};
if (cfg.getBoolean("twoProviders")) {
  for (const env of ["dev", "prod"]) {
    const provider = new svc.Provider(env, { apiKey: cfg.requireSecret(`${env}Key`) });
    out[env] = environment(
      env,
      cfg.get(`${env}ApiBase`) ?? `https://${env}.api.example.com`,
      cfg.getSecret(`${env}SigningKey`) ?? pulumi.secret(`${env}-demo-signing-key`),
      provider,
    );
  }
} else {
  const stack = pulumi.getStack();
  out[stack] = environment(
    "",
    cfg.get("apiBase") ?? "https://api.example.com",
    cfg.getSecret("signingKey") ?? pulumi.secret("demo-signing-key"),
  );
}

/** The record ids (shared by every environment) and the workflows, per environment. */
export const environments = out;
