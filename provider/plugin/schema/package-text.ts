/**
 * The words of the package schema that are not in a zod schema or a TSDoc comment: package metadata, the
 * language settings of the generated SDKs, the provider's config, the resources' descriptions, and the names
 * of nested object types.
 */
import type { PropertySpec } from "./json-to-pulumi";

/**
 * Where the CLI downloads a missing plugin: the GitHub releases of `github.com/pulumi-svc/pulumi-svc` (the Go
 * module path), tag `v<version>`, asset `pulumi-resource-svc-v<version>-<os>-<arch>.tar.gz` (npm run plugin:dist).
 */
export const PLUGIN_DOWNLOAD_URL = "github://api.github.com/pulumi-svc/pulumi-svc";

/**
 * Package metadata and SDK settings. The Go SDK's import path is
 * `github.com/pulumi-svc/pulumi-svc/sdks/go/svc` (module `github.com/pulumi-svc/pulumi-svc/sdk`, package
 * `svc`), generated into `sdk/go/svc` of this repository.
 */
export const PACKAGE_META = {
  displayName: "svc",
  description:
    "Pulumi provider for the svc multi-channel notification service (integrations, subscriber credentials, workflows, layouts).",
  keywords: ["pulumi", "svc", "notifications", "category/utility", "kind/native"],
  license: "Apache-2.0",
  publisher: "pulumi-svc",
  pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
  meta: { moduleFormat: "(.*)" },
  language: {
    go: {
      importBasePath: "github.com/pulumi-svc/pulumi-svc/sdks/go/svc",
      generateResourceContainerTypes: true,
      respectSchemaVersion: true,
    },
    nodejs: { packageName: "@pulumi-svc/svc", respectSchemaVersion: true },
    python: { packageName: "pulumi_svc", respectSchemaVersion: true, pyproject: { enabled: true } },
    csharp: { rootNamespace: "PulumiSvc", respectSchemaVersion: true },
  },
} as const;

/** The provider's config (stack config `svc:<key>`, or an explicit provider's inputs). */
export const CONFIG_SPEC: Record<string, PropertySpec> = {
  apiKey: {
    type: "string",
    secret: true,
    description:
      "The API key of the environment (`pulumi config set --secret svc:apiKey <key>`; else `SVC_API_KEY`). Rotating it replaces nothing.",
  },
  baseUrl: {
    type: "string",
    description:
      "The service's base URL, e.g. `https://api.example.com` (`pulumi config set svc:baseUrl <url>`; else `SVC_BASE_URL`). Changing it replaces every resource of the provider.",
  },
  environment: {
    type: "string",
    description:
      "The name of the environment the key acts on, for an explicit provider; when set, nothing is read from the process environment. Changing it replaces every resource of the provider.",
  },
  fingerprintKey: {
    type: "string",
    secret: true,
    description:
      "The secret that keys SubscriberCredentialsSet fingerprints (default: the API key), so rotating the key does not change every fingerprint.",
  },
};

/** Resource descriptions (the TypeScript classes say the same for the dynamic resources). */
export const RESOURCE_DOCS: Readonly<Record<string, string>> = {
  Integration:
    "A delivery-provider integration of the svc service, in the environment of the provider's API key. Its id is the service's `_id`; import it with `pulumi import svc:index:Integration <name> <_id>` (the credentials, never taken from the service, are left for you to declare).",
  Layout:
    "An email layout (v2) of the svc service, in the environment of the provider's API key: the HTML or block-editor body every email of the workflows that name it (`layoutId` in an email step's controls) is wrapped in, holding `{{content}}`, checked before any request. The environment's first layout becomes its default (`isDefault`), which the service never deletes: destroying it leaves it, with a warning. Its id is the service's `_id`; import it with `pulumi import svc:index:Layout <name> <layoutId>`.",
  SubscriberCredentials:
    "A subscriber's channel credentials for one chat or push provider (device tokens, chat webhook). Its id, and import id, is `subscriberId/providerId[/integrationIdentifier]`; an import leaves the credentials (secret) for you to declare.",
  SubscriberCredentialsSet:
    "The channel credentials of many subscribers for one chat or push provider, in one resource. Its id, and import id, is `providerId[/integrationIdentifier]`; an import leaves the credentials (secret) for you to declare.",
  Topic:
    "A topic of the svc service (v2), in the environment of the provider's API key: what a trigger addresses to reach its subscribers. Its id is its key (default: a slug of the resource name and a hash of project, stack and name); a new key replaces it. Creating it never takes over a topic someone else made: import it with `pulumi import svc:index:Topic <name> <key>`. The service deletes every subscription of a topic with it: destroying one that still holds subscriptions fails, naming how many, unless `forceDestroy` is set.",
  OrganizationSettings:
    "The organization's settings (default and target locales, Novu branding): one record for the whole organization, so declare it once; a second declaration reaching the same organization in one deployment is refused. Only the fields declared are managed; create records what it found and destroy puts it back where the service still holds what this resource wrote. Needs Novu's enterprise edition or Novu Cloud: against a community server the preview fails in one line. `removeNovuBranding` needs a paid plan (the free plan refuses any value with 402). Its id is the organization's id; `pulumi import svc:index:OrganizationSettings <name> <organizationId>`.",
  Translation:
    "One translation of a workflow or layout in one locale (`/v2/translations`), in the environment of the provider's API key. Needs Novu's enterprise edition: against a community server the preview fails in one line naming it, before any write. Pass the workflow's `workflowId` (or the layout's `layoutId`) output as `resourceId`; set `isTranslationEnabled: true` on the workflow. A translation already there with other content is never overwritten: import it with `pulumi import svc:index:Translation <name> <resourceType>/<resourceId>/<locale>`.",
  TopicSubscriptions:
    "A topic's declared subscribers, thousands per resource, synced as a set in batches of 100: an update adds and removes only the subscribers that changed. Its subscriptions carry their own identifiers (`tk_<key>:si_<subscriberId>:<owner>`), so those the application makes are never touched. An unknown subscriber fails the update, naming it, after the others are written. Its id is `<topicKey>/<owner>`.",
  EnvironmentVariable:
    "One environment's value of an organization's environment variable, read by workflows as `{{env.KEY}}`. The key's record is shared by every environment: the stack (or provider) of each environment declares the same key and owns its environment's value; destroying it removes that value only. With `isSecret`, the value is a Pulumi secret everywhere and the service masks it when read (drift not detectable). `isSecret` and `type` belong to the shared record and cannot change once it exists. A value this environment already holds is taken over only with `adopt`. Its id is the key; import it with `pulumi import svc:index:EnvironmentVariable <name> <key>`.",
  Workflow:
    "A notification workflow (v2) of the svc service, in the environment of the provider's API key: its steps (in_app, email, sms, push, chat, delay, digest, custom, throttle, http_request), each with the controls of its type, checked before any request. A step is the stored step of the same name, which keeps its `stepId` and `id`. Its id is the service's `_id`; import it with `pulumi import svc:index:Workflow <name> <workflowId>`.",
};

/** Names of nested object types, instead of the generated `<Parent><Property>`. */
export const TYPE_NAMES: Readonly<Record<string, string>> = {
  IntegrationCredentials: "IntegrationCredentials",
  IntegrationConditions: "StepFilter",
  LayoutContent: "LayoutContent",
  StepFilterChildren: "StepFilterCondition",
  SubscriberCredentialsCredentials: "ChannelCredentials",
  SubscriberCredentialsSetCredentials: "ChannelCredentials",
  WorkflowSteps: "WorkflowStep",
  // A step's typed control blocks (provider/model/workflow-schema.ts `workflowPluginStepSchema`): named after
  // their step type, so that no block is named after another of the same shape.
  WorkflowStepInApp: "WorkflowStepInAppControls",
  WorkflowStepEmail: "WorkflowStepEmailControls",
  WorkflowStepSms: "WorkflowStepSmsControls",
  WorkflowStepPush: "WorkflowStepPushControls",
  WorkflowStepChat: "WorkflowStepChatControls",
  WorkflowStepDelay: "WorkflowStepDelayControls",
  WorkflowStepDigest: "WorkflowStepDigestControls",
  WorkflowStepCustom: "WorkflowStepCustomControls",
  WorkflowStepThrottle: "WorkflowStepThrottleControls",
  WorkflowStepHttpRequest: "WorkflowStepHttpRequestControls",
  WorkflowStepInAppControlsPrimaryActionRedirect: "WorkflowStepInAppControlsRedirect",
  WorkflowStepInAppControlsSecondaryActionRedirect: "WorkflowStepInAppControlsRedirect",
  WorkflowStepHttpRequestControlsHeaders: "WorkflowStepHttpRequestControlsHeader",
  WorkflowStepHttpRequestControlsBody: "WorkflowStepHttpRequestControlsBodyField",
  WorkflowOutputSteps: "WorkflowStoredStep",
  WorkflowPreferencesWorkflow: "WorkflowChannelPreferences",
  WorkflowPreferencesUser: "WorkflowChannelPreferences",
};
