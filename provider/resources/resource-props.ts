/** What the constructors of the resources share. */
import * as pulumi from "@pulumi/pulumi";
import { SECRET_INPUTS } from "../runtime/check-failures";

/**
 * Every key of an outputs schema, undefined; the declared inputs are spread over it. Pulumi creates a
 * resource's output properties from the keys of the props given to its constructor, so every output key must
 * be there, even those a program cannot set.
 */
export function outputOnlyProps(schema: { shape: object }): Record<string, undefined> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, undefined]));
}

/** `opts` with the `credentials` output kept secret (the input is wrapped in `pulumi.secret` as well). */
export function withSecretCredentials(
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.CustomResourceOptions {
  return pulumi.mergeOptions(opts, { additionalSecretOutputs: [...SECRET_INPUTS] });
}
