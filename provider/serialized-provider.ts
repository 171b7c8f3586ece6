import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ProviderKind } from "./model/kinds";

/**
 * The object Pulumi serializes into every dynamic resource's `__provider`.
 *
 * Pulumi serializes local modules (our package, here) by value, so this object must not reference any of
 * our modules or values: it loads the real implementation lazily with `require()` of a package subpath,
 * which the dynamic-provider host resolves from the project's node_modules at run time (the contract with
 * that module is documented in ./runtime/index.ts).
 *
 * The text is stored twice in every resource's state (inputs, and outputs as a secret) and every step of an
 * `up` rewrites the whole checkpoint, so it is kept small (under 1,000 bytes): Pulumi wraps every serialized
 * function in about 170 bytes of scaffolding, so the object holds one function only, `configure`. The host
 * calls `configure` before any other method, and `installProvider` (contract v2) adds `check`, `diff`,
 * `create`, `read`, `update` and `delete` to this object there, before its first `await`; they wait for the
 * implementation to be configured. Nothing is captured: the kind is a property, read through `this`. The
 * result holds no secret (the API key is read by `configure` from the stack's config, at run time).
 *
 * @pulumi/pulumi parses every serialized function, with the vendored TypeScript 3.8.3 when the program's
 * folder has no `typescript` (every JavaScript project): the function below uses only syntax that parser
 * knows (no `??=`, `||=`, `&&=`, nothing newer than TypeScript 3.8). test/provider/serialized-provider.test.ts
 * checks it, and the size.
 */
export interface SerializedProvider extends dynamic.ResourceProvider {
  /** Which implementation of `pulumi-svc/internal/provider-runtime` to load. */
  readonly kind: ProviderKind;
}

/** The shim as serialized: the kind and `configure`; the other methods arrive when `configure` runs. */
type Shim = { readonly kind: ProviderKind } & Partial<dynamic.ResourceProvider>;

/** Builds the serializable provider for one resource kind. Create it once per resource type. */
export function serializedProvider(kind: ProviderKind): SerializedProvider {
  const shim: Shim = {
    kind,
    configure(req: dynamic.ConfigureRequest): Promise<void> {
      return require("pulumi-svc/internal/provider-runtime").installProvider(this, req);
    },
  };
  // `create` is required by the type but added by `configure`, which the host always calls first.
  return shim as SerializedProvider;
}
