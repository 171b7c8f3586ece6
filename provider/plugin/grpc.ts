/**
 * The gRPC library and the protobuf runtime the plugin serves with, loaded from where @pulumi/pulumi loads
 * them (see {@link fromPulumi}).
 */
import type * as grpcTypes from "@grpc/grpc-js";
import type * as emptyTypes from "google-protobuf/google/protobuf/empty_pb";
import type * as structTypes from "google-protobuf/google/protobuf/struct_pb";
import { fromPulumi } from "../runtime/shared/pulumi-require";

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
