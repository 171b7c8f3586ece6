/**
 * Workflows in every environment: the notification workflows declared once, in `workflows.json`, and written
 * to development and production, each environment through its own explicit `svc.Provider` (its API key
 * decides where the workflows land). A pull request that edits `workflows.json` shows, in its `pulumi
 * preview --diff`, the step and control that change in each environment (examples/ci/pulumi-preview.yml).
 *
 * Production is written directly with its own key, as development is: the service has no rule refusing
 * direct writes to production (its `sync` copies a workflow from one environment to another; this program
 * does not need it, so both environments hold exactly the declared workflows, and a preview shows both).
 *
 * Each environment gets an in-app integration (provider `svc`) before its workflows, so that their in-app
 * steps find an active integration (the service marks a channel step without one with an issue).
 *
 * Settings (`pulumi config set <key> <value>`):
 * - `devKey`, `prodKey` (secret, required): the API key of each environment.
 * - `svc:baseUrl`: the service's base URL of both providers; `devBaseUrl` / `prodBaseUrl` override it.
 * - `workflowsFile`: the JSON file of workflows, relative to the project directory (default `workflows.json`).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const cfg = new pulumi.Config();
const ENVIRONMENTS = ["dev", "prod"] as const;

type Environment = (typeof ENVIRONMENTS)[number];

/**
 * The workflows of the file: a JSON array of `svc.WorkflowArgs` (`workflowId`, `name`, `steps` of `{ name,
 * type, controls }`). The provider checks every step's controls before any request, naming what to fix.
 */
function declaredWorkflows(): svc.WorkflowArgs[] {
  // Relative to the project directory (where Pulumi.yaml is), whatever the program's working directory.
  const file = resolve(
    pulumi.getRootDirectory() || process.cwd(),
    cfg.get("workflowsFile") ?? "workflows.json",
  );
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of workflows`);
  for (const [i, w] of parsed.entries()) {
    if (typeof w?.workflowId !== "string") throw new Error(`${file}: workflow [${i}] needs a workflowId`);
  }
  return parsed as svc.WorkflowArgs[];
}

const workflows = declaredWorkflows();

/** The provider, in-app integration and workflows of one environment. */
function environment(env: Environment) {
  // Without `baseUrl`, the provider takes the stack's `svc:baseUrl`.
  const baseUrl = cfg.get(`${env}BaseUrl`);
  const provider = new svc.Provider(env, {
    apiKey: cfg.requireSecret(`${env}Key`),
    ...(baseUrl ? { baseUrl } : {}),
  });
  // The in-app steps deliver through the environment's own in-app integration ("Novu Inbox"), which the
  // service makes with every environment (and refuses a second of): nothing to declare for it.
  const statuses: Record<string, pulumi.Output<string>> = {};
  let environmentId: pulumi.Output<string | undefined> | undefined;
  for (const args of workflows) {
    const workflow = new svc.Workflow(`${env}-${args.workflowId}`, args, { provider });
    statuses[String(args.workflowId)] = workflow.status;
    environmentId ??= workflow.environmentId;
  }
  return { environmentId, workflows: statuses };
}

/** Per environment: where its workflows landed, and each workflow's status (`ACTIVE` when it has no issue). */
export const dev = environment("dev");
export const prod = environment("prod");
