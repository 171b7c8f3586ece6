/**
 * Reads the device-token file of the device-token-sync example: CSV (`subscriberId,providerId,deviceToken`
 * with an optional `integrationIdentifier` column, one token a line) or JSON (an array of
 * `{ subscriberId, providerId, deviceTokens, integrationIdentifier? }`). Rows of the same subscriber and
 * provider (and integration) are merged into one entry with its tokens de-duplicated, in file order.
 * Errors name the line or item, never a token.
 */
import { z } from "zod";

/** The device tokens of one subscriber for one push provider. */
export interface DeviceEntry {
  subscriberId: string;
  providerId: string;
  integrationIdentifier?: string;
  deviceTokens: string[];
}

const text = z.string().trim().min(1);
const jsonEntrySchema = z.strictObject({
  subscriberId: text,
  providerId: text,
  integrationIdentifier: text.optional(),
  deviceTokens: z.array(text),
});

/** Parses the file's text; `format` is taken from the file name (`.json` or `.csv`). */
export function parseDevices(content: string, format: "csv" | "json"): DeviceEntry[] {
  return merge(format === "json" ? parseJson(content) : parseCsv(content));
}

/** `csv` or `json` from a file name. */
export function formatOf(fileName: string): "csv" | "json" {
  if (/\.json$/i.test(fileName)) return "json";
  if (/\.csv$/i.test(fileName)) return "csv";
  throw new Error(`device-token file must end in .csv or .json: ${fileName}`);
}

function parseJson(content: string): DeviceEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (e) {
    throw new Error(`device-token file is not valid JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(data)) throw new Error("device-token JSON must be an array of entries");
  return data.map((item, i) => {
    const r = jsonEntrySchema.safeParse(item);
    if (!r.success) {
      const where = r.error.issues.map((x) => x.path.join(".") || "(entry)").join(", ");
      throw new Error(`device-token JSON item ${i}: invalid ${where}`);
    }
    const { integrationIdentifier, ...rest } = r.data;
    return integrationIdentifier === undefined ? rest : { ...rest, integrationIdentifier };
  });
}

const COLUMNS = ["subscriberId", "providerId", "deviceToken"] as const;

function parseCsv(content: string): DeviceEntry[] {
  const lines = content.split(/\r?\n/);
  const header = (lines[0] ?? "").split(",").map((h) => h.trim());
  for (const c of COLUMNS) {
    if (!header.includes(c)) throw new Error(`device-token CSV: header must name ${COLUMNS.join(", ")}`);
  }
  const col = (name: string) => header.indexOf(name);
  const out: DeviceEntry[] = [];
  lines.slice(1).forEach((line, i) => {
    if (line.trim() === "" || line.trimStart().startsWith("#")) return;
    const cells = line.split(",").map((c) => c.trim());
    const get = (name: string) => (col(name) >= 0 ? (cells[col(name)] ?? "") : "");
    const [subscriberId, providerId, token] = [get("subscriberId"), get("providerId"), get("deviceToken")];
    const missing = [
      ...(subscriberId ? [] : ["subscriberId"]),
      ...(providerId ? [] : ["providerId"]),
      ...(token ? [] : ["deviceToken"]),
    ];
    if (missing.length > 0) throw new Error(`device-token CSV line ${i + 2}: missing ${missing.join(", ")}`);
    const integrationIdentifier = get("integrationIdentifier");
    out.push({
      subscriberId,
      providerId,
      deviceTokens: [token],
      ...(integrationIdentifier ? { integrationIdentifier } : {}),
    });
  });
  return out;
}

function merge(entries: DeviceEntry[]): DeviceEntry[] {
  const byKey = new Map<string, { entry: DeviceEntry; tokens: Set<string> }>();
  for (const e of entries) {
    const key = [e.subscriberId, e.providerId, e.integrationIdentifier ?? ""].join("\u0000");
    const found = byKey.get(key);
    if (found) {
      for (const t of e.deviceTokens) found.tokens.add(t);
    } else {
      byKey.set(key, { entry: e, tokens: new Set(e.deviceTokens) });
    }
  }
  // Sets keep insertion order: tokens stay in file order, duplicates dropped.
  return [...byKey.values()].map(({ entry, tokens }) => ({ ...entry, deviceTokens: [...tokens] }));
}
