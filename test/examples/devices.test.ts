/** The device-token file reader of examples/device-token-sync. */
import { describe, expect, it } from "vitest";
import { formatOf, parseDevices } from "../../examples/device-token-sync/devices";

describe("parseDevices", () => {
  it("CSV: one token a line, merged per subscriber and provider, duplicates dropped, comments skipped", () => {
    const csv = [
      "subscriberId, providerId, deviceToken, integrationIdentifier",
      "# comment",
      "a,fcm,t1,",
      "a,fcm,t2,",
      "a,fcm,t1,",
      "",
      "a,apns,t3,apns-main",
      "b,fcm,t4,",
    ].join("\r\n");
    expect(parseDevices(csv, "csv")).toEqual([
      { subscriberId: "a", providerId: "fcm", deviceTokens: ["t1", "t2"] },
      { subscriberId: "a", providerId: "apns", integrationIdentifier: "apns-main", deviceTokens: ["t3"] },
      { subscriberId: "b", providerId: "fcm", deviceTokens: ["t4"] },
    ]);
  });

  it("CSV errors name the line and the column, never the token", () => {
    expect(() => parseDevices("subscriberId,providerId\n", "csv")).toThrow(/header must name/);
    const bad = () =>
      parseDevices("subscriberId,providerId,deviceToken\na,fcm,secret-token\n,fcm,t\n", "csv");
    expect(bad).toThrow("device-token CSV line 3: missing subscriberId");
    expect(bad).not.toThrow(/secret-token/);
  });

  it("JSON: entries validated, merged like CSV rows", () => {
    const json = JSON.stringify([
      { subscriberId: "a", providerId: "fcm", deviceTokens: ["t1"] },
      { subscriberId: "a", providerId: "fcm", deviceTokens: ["t1", "t2"] },
    ]);
    expect(parseDevices(json, "json")).toEqual([
      { subscriberId: "a", providerId: "fcm", deviceTokens: ["t1", "t2"] },
    ]);
    expect(() => parseDevices("{", "json")).toThrow(/not valid JSON/);
    expect(() => parseDevices("{}", "json")).toThrow(/must be an array/);
    expect(() =>
      parseDevices(
        JSON.stringify([{ subscriberId: "a", providerId: "fcm", deviceTokens: ["tok-secret", 5] }]),
        "json",
      ),
    ).toThrow("device-token JSON item 0: invalid deviceTokens.1");
  });

  it("tens of thousands of rows: every subscriber once, tokens merged in file order", () => {
    const rows = ["subscriberId,providerId,deviceToken"];
    for (let i = 0; i < 30_000; i++) rows.push(`u${i % 20_000},fcm,t${i}`);
    const entries = parseDevices(rows.join("\n"), "csv");
    expect(entries).toHaveLength(20_000);
    expect(entries[5]).toEqual({ subscriberId: "u5", providerId: "fcm", deviceTokens: ["t5", "t20005"] });
    expect(entries[19_999]).toEqual({ subscriberId: "u19999", providerId: "fcm", deviceTokens: ["t19999"] });
    expect(entries.reduce((n, e) => n + e.deviceTokens.length, 0)).toBe(30_000);
  });

  it("format from the file name", () => {
    expect(formatOf("x/devices.CSV")).toBe("csv");
    expect(formatOf("devices.json")).toBe("json");
    expect(() => formatOf("devices.txt")).toThrow(/\.csv or \.json/);
  });
});
