/**
 * Pulumi creates a resource's output properties from the keys of the props given to its constructor, so every
 * output key must be there, even those the program cannot set.
 */

/** Every key of an outputs schema, undefined (the declared inputs are spread over it). */
export function outputOnlyProps(schema: { shape: object }): Record<string, undefined> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, undefined]));
}
