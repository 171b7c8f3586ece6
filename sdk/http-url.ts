/**
 * Whether a text is an absolute `http:` or `https:` URL with a host, as the WHATWG URL parser reads it
 * (`new URL`): the one check of a base URL, used by the client's options and the provider's settings.
 * Surrounding whitespace is ignored, as the parser ignores it; a space inside the host is not.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}
