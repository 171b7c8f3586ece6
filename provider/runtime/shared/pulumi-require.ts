/**
 * `require` as seen from @pulumi/pulumi's own proto folder: its generated stubs (`@pulumi/pulumi/proto/*`) build
 * their messages with that copy of `google-protobuf` and describe their services for that copy of
 * `@grpc/grpc-js`, so code talking to them must load the same copies, whatever layout the package manager chose
 * (hoisted, nested, pnpm). Neither is a dependency of pulumi-svc of its own: both come with @pulumi/pulumi.
 *
 * The standalone plugin executable (scripts/plugin-dist) replaces this module with a table of the modules
 * loaded through it, resolved from the same folder at bundle time: add a module there when you load a new one.
 */
import { createRequire } from "node:module";

/** Loads a module as @pulumi/pulumi's generated stubs do. */
export const fromPulumi: (id: string) => unknown = createRequire(
  require.resolve("@pulumi/pulumi/proto/provider_pb"),
);
