/**
 * The language-neutral model of an exported environment: the resources a program declares, each with the
 * properties it sets (plain JSON, references to another resource's output, or values read from the stack's
 * config), the config keys the program reads, and what was left out. Every writer (./writers/) renders the
 * same model; every kind (./kinds/) adds its resources to it.
 */

/** A reference to an output of another exported resource (an email step's `layoutId: layout.layoutId`). */
export class Ref {
  constructor(
    /** The program name of the resource referred to ({@link ExportedResource.name}). */
    readonly resource: string,
    /** The output property, camelCase as in the schema. */
    readonly property: string,
  ) {}
}

/** A value the program reads from the stack's config (a secret object, or a string appended to a literal). */
export class ConfigValue {
  constructor(
    /** The config key in the project's namespace (`pulumi config set [--secret] <key>`). */
    readonly key: string,
    /**
     * `secretObject`: a secret object (credentials), absent while unset; `secretString`: a secret string (a
     * secret environment variable's value), absent while unset; `secretHeaders`: a workflow's secret headers
     * (step name -> header -> value), absent while unset; `suffix`: a string defaulting to "".
     */
    readonly shape: "secretObject" | "secretString" | "secretHeaders" | "suffix",
    /**
     * The leaves of a structured value the README names, each as its property names below the key (a
     * `secretHeaders` value: `["Notify CRM", "Authorization"]`, step name then header name; names only, never
     * values).
     */
    readonly leaves: readonly (readonly string[])[] = [],
  ) {}
}

/** A literal string followed by a config value (`identifier: "slack" + identifierSuffix`). */
export class Concat {
  constructor(
    readonly prefix: string,
    readonly config: ConfigValue,
  ) {}
}

/** A property value of the model: JSON, or one of the classes above (anywhere in the tree). */
export type ExportValue =
  | string
  | number
  | boolean
  | null
  | Ref
  | ConfigValue
  | Concat
  | ExportValue[]
  | { [key: string]: ExportValue };

/** The resource types an export declares: the class of `pulumi-svc` and its plugin token `svc:index:<Type>`. */
export type ExportType =
  | "Integration"
  | "Workflow"
  | "Layout"
  | "Topic"
  | "TopicSubscriptions"
  | "EnvironmentVariable"
  | "Translation"
  | "OrganizationSettings";

/** One resource of the program. */
export interface ExportedResource {
  /** The kind's name in `--only` (`integrations`, `workflows`, ...). */
  kind: string;
  /** The resource type. */
  type: ExportType;
  /** The program name: a camelCase identifier, unique in the project, valid in every language (./names.ts). */
  name: string;
  /** What the resource is in the service, for the README and progress (`workflow "welcome"`). */
  describe: string;
  /** The properties, in the order written. */
  props: Record<string, ExportValue>;
  /**
   * Program names of the resources this one is created after, beyond those its references already order it
   * after (Pulumi's `dependsOn`): a workflow after the integrations of its steps' channels.
   */
  dependsOn: string[];
}

/** A config key the program reads, for Pulumi.yaml (YAML) and the README. */
export interface ExportConfig {
  key: string;
  /**
   * `secretObject`: a secret object, optional; `secretString`: a secret string, optional; `secretHeaders`: a secret
   * object (step name -> header -> value), optional; `suffix`: a string, default "".
   */
  shape: ConfigValue["shape"];
  /** The leaves of a structured value the README gives a command for ({@link ConfigValue.leaves}); none: `[]`. */
  leaves?: readonly (readonly string[])[];
  /** One line: what it is for. */
  purpose: string;
}

/** The whole exported environment. */
export interface ExportProject {
  /** The Pulumi project name. */
  project: string;
  /** The environment read (`Development`, ...) and its id, for the README. */
  environment: { id: string; name: string };
  resources: ExportedResource[];
  config: ExportConfig[];
  /** One line each: what was read but left out, and why (printed on stderr and in the README). */
  leftOut: string[];
  /** Whether subscriptions were exported (the README then says subscribers must exist first). */
  withSubscriptions: boolean;
}

/** Whether a value is a plain JSON object of the model (not a class instance, not an array). */
export function isPlainObject(v: unknown): v is Record<string, ExportValue> {
  return (
    v !== null && typeof v === "object" && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype
  );
}

/** The config keys a resource's properties read, in order of appearance. */
export function configOf(value: ExportValue): ConfigValue[] {
  if (value instanceof ConfigValue) return [value];
  if (value instanceof Concat) return [value.config];
  if (Array.isArray(value)) return value.flatMap(configOf);
  if (isPlainObject(value)) return Object.values(value).flatMap(configOf);
  return [];
}
