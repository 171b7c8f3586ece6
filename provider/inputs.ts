/**
 * The two mapped types that turn a resource's plain shape (inferred from its zod schema) into its public
 * Pulumi types, so that the Args, State and output types cannot drift from what check validates.
 */
import type * as pulumi from "@pulumi/pulumi";

/**
 * `T` as a program may pass it: every field accepts a `pulumi.Input`, nested objects and array items too.
 * The shape of a resource's Args and State, and of a data source's Output-form arguments.
 */
export type InputArgs<T> = { [K in keyof T]: InputOf<T[K]> };

/** One value as a program may pass it (see {@link InputArgs}). */
export type InputOf<V> = pulumi.Input<
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
