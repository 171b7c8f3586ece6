/**
 * The rate pacer lives in the sdk (`SvcClient` option `pacing`); re-exported here under its old path.
 */
export {
  type Headers,
  type PacerStats,
  RatePacer,
  type RatePacerOptions,
  routeKey,
} from "../../sdk/rate-pacer";
