/**
 * The zod schemas of the svc interface, one file per resource. Two directions, one source:
 * - what we send (request bodies, queries) is strict: unknown keys rejected, enums closed, URLs checked;
 *   query schemas also take query-string text (`"10"`, `"true"`, one value for an array);
 * - what we read (responses) is tolerant: unknown keys pass through, enums are open (`OpenEnum`).
 *
 * Schemas are `xxxSchema`; types are inferred (`z.infer`), except query types, which are the caller-side
 * input (`XxxQuery`, every field optional) with `ParsedXxxQuery` for the parsed form. Turn a `ZodError`
 * into messages with `formatIssues` / `describeIssues`, or into field reports with `reportIssues`.
 */
export * from "./common";
export * from "./error";
export * from "./integration";
export * from "./message";
export * from "./notification";
export * from "./preferences";
export * from "./provider-credentials";
export * from "./step-filter";
export * from "./subscriber";
export * from "./validation";
export * from "./workflow";
export * from "./workflow-v1";
