/**
 * A local stand-in for the svc notification service: the nine operations of the interface plus
 * `GET /v1/integrations`, `PUT /v1/integrations/{id}` and `DELETE /v1/integrations/{id}`, over node:http.
 *
 * ```ts
 * import { startEmulator } from "pulumi-svc/emulator";
 * const emu = await startEmulator({ fixtures: "default" });
 * // emu.url, emu.apiKey ("emu_dev_key"), ... then
 * await emu.close();
 * ```
 */
export type { EmulatorKey } from "./auth";
export { DEFAULT_DEV_KEY, DEFAULT_PROD_KEY } from "./auth";
export type { Edition, Plan } from "./edition";
export type { Emulator, EmulatorOptions } from "./emulator";
export { startEmulator } from "./emulator";
export type { StoredEnvironmentVariable } from "./environment-variable-table";
export type { Faults } from "./faults";
export type { FixtureSet, Fixtures } from "./fixtures";
export type { GenerateSubscribersOptions } from "./generate";
export type { EmulatorModes } from "./modes";
export type { RateLimitCategory, RateLimitOptions } from "./rate-limit";
export type { RequestRecord } from "./server";
export type { ServiceVersion } from "./service-version";
