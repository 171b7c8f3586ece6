/**
 * Which release of the service the emulator plays where releases differ (the rest is the same):
 *
 * - `"2026-04"` (the default): `@novu/api-service` 3.15.0, source 943f64bd of 2026-04-19, the newest whole
 *   tree, built and measured on loopback (../shared/DESIGN.md, "Measured on the real service of April 2026").
 * - `"newest"`: the newest single files of `novuhq/novu` where they differ from that tree.
 *
 * Each difference is written where the behaviour lives, citing both sources; tests run both.
 */

/** The releases the emulator plays. */
export const SERVICE_VERSIONS = ["2026-04", "newest"] as const;
/** One of {@link SERVICE_VERSIONS}. */
export type ServiceVersion = (typeof SERVICE_VERSIONS)[number];

/** The default: the release measured whole. */
export const DEFAULT_SERVICE_VERSION: ServiceVersion = "2026-04";

/** The release a `--service-version` value names, or an error naming the allowed values. */
export function serviceVersionNamed(value: string): ServiceVersion {
  const found = SERVICE_VERSIONS.find((v) => v === value);
  if (!found)
    throw new Error(
      `--service-version must be one of ${SERVICE_VERSIONS.join(", ")} (got ${JSON.stringify(value)})`,
    );
  return found;
}
