/**
 * The gRPC library and the protobuf runtime the plugin serves with, loaded from where @pulumi/pulumi loads
 * them: its generated stubs (`@pulumi/pulumi/proto/*`) build their messages with that copy of
 * `google-protobuf` and describe their service for that copy of `@grpc/grpc-js`, so the plugin must use the
 * same copies, whatever layout the package manager chose (hoisted, nested, pnpm). Neither is a dependency of
 * pulumi-svc of its own: both come with @pulumi/pulumi.
 */
import { createRequire } from "node:module";
import type * as grpcTypes from "@grpc/grpc-js";
import type * as emptyTypes from "google-protobuf/google/protobuf/empty_pb";
import type * as structTypes from "google-protobuf/google/protobuf/struct_pb";

/** `require` as seen from @pulumi/pulumi's own proto folder. */
const fromPulumi = createRequire(require.resolve("@pulumi/pulumi/proto/provider_pb"));

/** `@grpc/grpc-js`, the copy @pulumi/pulumi uses. */
export const grpc = fromPulumi("@grpc/grpc-js") as typeof grpcTypes;

/** `google.protobuf.Struct`, the class @pulumi/pulumi's messages hold. */
export const Struct = (fromPulumi("google-protobuf/google/protobuf/struct_pb") as typeof structTypes).Struct;
/** The type of a {@link Struct}. */
export type Struct = structTypes.Struct;

/** `google.protobuf.Empty`. */
export const Empty = (fromPulumi("google-protobuf/google/protobuf/empty_pb") as typeof emptyTypes).Empty;
/** The type of an {@link Empty}. */
export type Empty = emptyTypes.Empty;

export type { grpcTypes };
