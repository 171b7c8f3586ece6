import { describe, expect, it } from "vitest";
import { isHttpUrl } from "../../sdk/http-url";

describe("isHttpUrl", () => {
  it("accepts absolute http and https URLs with a host (a port, path or surrounding blanks are fine)", () => {
    for (const url of [
      "http://127.0.0.1:4010",
      "https://api.example.com",
      "https://api.example.com/prefix/",
      "http://[::1]:8080",
      " https://api.example.com ",
    ]) {
      expect([url, isHttpUrl(url)]).toEqual([url, true]);
    }
  });

  it("refuses other schemes, relative or host-less text and a space inside the host", () => {
    for (const url of [
      "",
      "api.example.com",
      "/v1/integrations",
      "ftp://z.test",
      "file:///etc/hosts",
      "mailto:a@b.test",
      "http://",
      "https:// spaced",
      "http://exa mple.test",
    ]) {
      expect([url, isHttpUrl(url)]).toEqual([url, false]);
    }
  });
});
