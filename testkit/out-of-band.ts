/**
 * Changes made to the emulator behind Pulumi's back, over raw HTTP (no sdk client): what an operator does in
 * the service's dashboard between two `pulumi up`s.
 */
import type { Emulator } from "../emulator";
import { call } from "./emulator-http";

/**
 * Deletes the live integration with this identifier (of the emulator's first key) and, when `recreate` is
 * given, creates one again under the same identifier with those credentials: a new `_id`. Returns the new
 * `_id` (undefined when not recreated).
 */
export async function replaceIntegrationOutOfBand(
  emu: Emulator,
  identifier: string,
  recreate?: { credentials: Record<string, unknown> },
): Promise<string | undefined> {
  const old = emu.integrations().find((i) => i.identifier === identifier && i.deleted !== true);
  if (!old) throw new Error(`no live integration "${identifier}" to replace`);
  const gone = await call(emu, "DELETE", `/v1/integrations/${old._id}`);
  if (gone.status !== 200) throw new Error(`DELETE of "${identifier}" answered ${gone.status}`);
  if (!recreate) return undefined;
  const body = {
    providerId: old.providerId,
    channel: old.channel,
    identifier,
    active: old.active,
    ...recreate,
  };
  const made = await call(emu, "POST", "/v1/integrations", { body });
  if (made.status !== 201) throw new Error(`POST of "${identifier}" answered ${made.status}`);
  return made.body.data._id as string;
}
