/** What the constructors of the resources share. */
import * as pulumi from "@pulumi/pulumi";
import { SECRET_INPUTS } from "../model/secret-inputs";

/**
 * Every key of an outputs schema, undefined; the declared inputs are spread over it. Pulumi creates a
 * resource's output properties from the keys of the props given to its constructor, so every output key must
 * be there, even those a program cannot set.
 */
export function outputOnlyProps(schema: { shape: object }): Record<string, undefined> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, undefined]));
}

/**
 * The options every resource of the package gets: the `credentials` output kept secret (the input is wrapped
 * in `pulumi.secret` as well), and `deleteBeforeReplace` unless the program sets it. A replacement keeps
 * what identifies the object (an integration's identifier, a subscriber's channel entry), so the old one must
 * go first; the engine applies only this option to a forced replace (`pulumi up --replace`), where it asks
 * the provider nothing.
 */
export function resourceOptions(
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.CustomResourceOptions {
  const withDefault: pulumi.CustomResourceOptions = { deleteBeforeReplace: true, ...opts };
  return pulumi.mergeOptions(withDefault, { additionalSecretOutputs: [...SECRET_INPUTS] });
}

/**
 * The props of a lookup (`Resource.get`, or the `id` option): every output key, overlaid with the state the
 * program gave (often nothing). The engine sends them to the provider's read as they are; the read works
 * from the id alone, so a state only narrows it.
 */
export function lookupProps(schema: { shape: object }, state: object | undefined): Record<string, unknown> {
  return { ...outputOnlyProps(schema), ...state };
}

/** The options of a lookup: the program's, with the id of the object to read. */
export function lookupOptions(
  id: pulumi.Input<pulumi.ID>,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> } {
  return { ...opts, id };
}
