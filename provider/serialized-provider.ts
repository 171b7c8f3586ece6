import type * as dynamic from "@pulumi/pulumi/dynamic";

/**
 * The object Pulumi serializes into every dynamic resource's `__provider`.
 *
 * Pulumi serializes local modules (our package, here) by value, so this object must not reference any of
 * our modules or values: each method loads the real implementation lazily with `require()` of a package
 * subpath, which the dynamic-provider host resolves from the project's node_modules at run time. State (the
 * implementation, with its client and config) lives on `this`, set by `configure`; the host keeps one
 * configured instance per serialized string. The result is a few hundred bytes and holds no secret.
 */
export interface SerializedProvider extends dynamic.ResourceProvider {
  /** Which implementation of `pulumi-svc/internal/provider-runtime` to load. */
  readonly kind: string;
}

/** The interface of the runtime module (kept structural so this file imports nothing of ours). */
interface RuntimeModule {
  createProvider(kind: string): dynamic.ResourceProvider;
}

interface ShimState {
  kind: string;
  impl?: dynamic.ResourceProvider;
}

/** Builds the serializable provider for one resource kind. Create it once per resource type. */
export function serializedProvider(kind: string): SerializedProvider {
  const shim: SerializedProvider & ShimState = {
    kind,
    async configure(req) {
      const runtime = require("pulumi-svc/internal/provider-runtime") as RuntimeModule;
      this.impl = runtime.createProvider(this.kind);
      await this.impl.configure?.(req);
    },
    async check(olds, news) {
      this.impl ??= (require("pulumi-svc/internal/provider-runtime") as RuntimeModule).createProvider(
        this.kind,
      );
      return this.impl.check!(olds, news);
    },
    async diff(id, olds, news) {
      this.impl ??= (require("pulumi-svc/internal/provider-runtime") as RuntimeModule).createProvider(
        this.kind,
      );
      return this.impl.diff!(id, olds, news);
    },
    async create(inputs) {
      this.impl ??= (require("pulumi-svc/internal/provider-runtime") as RuntimeModule).createProvider(
        this.kind,
      );
      return this.impl.create(inputs);
    },
    async read(id, props) {
      this.impl ??= (require("pulumi-svc/internal/provider-runtime") as RuntimeModule).createProvider(
        this.kind,
      );
      return this.impl.read!(id, props);
    },
    async update(id, olds, news) {
      this.impl ??= (require("pulumi-svc/internal/provider-runtime") as RuntimeModule).createProvider(
        this.kind,
      );
      return this.impl.update!(id, olds, news);
    },
    async delete(id, props) {
      this.impl ??= (require("pulumi-svc/internal/provider-runtime") as RuntimeModule).createProvider(
        this.kind,
      );
      return this.impl.delete!(id, props);
    },
  };
  return shim;
}
