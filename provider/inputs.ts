/**
 * The two mapped types that turn a resource's plain shape (inferred from its zod schema) into its public
 * Pulumi types, so that the Args, State and output types cannot drift from what check validates.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";

/**
 * `T` as a program may pass it: every field accepts a `pulumi.Input`, nested objects and array items too.
 * The shape of a resource's Args and State, and of a data source's Output-form arguments.
 */
export type InputArgs<T> = { [K in keyof T]: InputOf<T[K]> };

/** One value as a program may pass it (see {@link InputArgs}). */
type InputOf<V> = pulumi.Input<
  V extends Primitive
    ? V
    : V extends readonly (infer E)[]
      ? InputOf<E>[]
      : V extends object
        ? InputArgs<V>
        : V
>;

/** Values passed as they are (`string & {}`, the open-enum trick, counts as an object otherwise). */
type Primitive = string | number | boolean | bigint | symbol | null | undefined;

/** The outputs of a resource whose state is `T`: every field a `pulumi.Output`, documented as in `T`. */
export type OutputProps<T> = { readonly [K in keyof T]-?: pulumi.Output<T[K]> };

/** A resource's Args: what its input schema accepts, each field a `pulumi.Input`. */
export type ArgsOf<Schema extends z.ZodType> = InputArgs<z.input<Schema>>;

/** A resource's State, as pulumi-aws' `...State` types: its outputs, each optional and a `pulumi.Input`. */
export type StateOf<Outputs> = InputArgs<Partial<Outputs>>;
