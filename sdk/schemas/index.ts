/**
 * The zod schemas of the svc interface: strict for what we send, tolerant for what we read. Types are
 * inferred from the schemas.
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
