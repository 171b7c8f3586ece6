import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ProviderKind, RuntimeProvider } from "./runtime/index";

/**
 * The object Pulumi serializes into every dynamic resource's `__provider`.
 *
 * Pulumi serializes local modules (our package, here) by value, so this object must not reference any of
 * our modules or values: it loads the real implementation lazily with `require()` of a package subpath,
 * which the dynamic-provider host resolves from the project's node_modules at run time (the contract with
 * that module is documented in ./runtime/index.ts). State (the implementation, with its client and config)
 * lives on `this`, set by `configure`; the host keeps one configured instance per serialized string. The
 * result is a few KB and holds no secret.
 *
 * @pulumi/pulumi parses every serialized function, with the vendored TypeScript 3.8.3 when the program's
 * folder has no `typescript` (every JavaScript project): the functions below use only syntax that parser
 * knows (no `??=`, `||=`, `&&=`, nothing newer than TypeScript 3.8). test/provider/serialized-provider.test.ts checks it.
 */
export interface SerializedProvider extends dynamic.ResourceProvider {
  /** Which implementation of `pulumi-svc/internal/provider-runtime` to load. */
  readonly kind: ProviderKind;
}

/** The methods forwarded to the implementation (configure is separate: it replaces the implementation). */
const METHODS = ["check", "diff", "create", "read", "update", "delete"] as const;

interface ShimState {
  kind: ProviderKind;
  impl?: RuntimeProvider;
}

/** The shim while it is built: the forwarders arrive one by one in a loop. */
type Shim = ShimState & {
  configure(this: ShimState, req: dynamic.ConfigureRequest): Promise<void>;
} & { [M in (typeof METHODS)[number]]?: (this: ShimState, ...args: unknown[]) => unknown };

/** Loads a fresh implementation of `kind` (contract v1: the module path and `createProvider`). */
function load(kind: ProviderKind): RuntimeProvider {
  return require("pulumi-svc/internal/provider-runtime").createProvider(kind);
}

/** Builds the serializable provider for one resource kind. Create it once per resource type. */
export function serializedProvider(kind: ProviderKind): SerializedProvider {
  const shim: Shim = {
    kind,
    async configure(this: ShimState, req: dynamic.ConfigureRequest) {
      this.impl = load(this.kind);
      await this.impl.configure(req);
    },
  };
  for (const method of METHODS) {
    shim[method] = function forward(this: ShimState, ...args: unknown[]) {
      if (!this.impl) this.impl = load(this.kind);
      const impl = this.impl;
      return (impl[method] as (...a: unknown[]) => unknown).apply(impl, args);
    };
  }
  return shim as SerializedProvider;
}
