/** A JWT-shaped string with the given payload (unsigned: the client never verifies). */
export function makeToken(payload: unknown): string {
  const b64 = (s: string) => btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const utf8 = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(payload)));
  return `${b64('{"alg":"HS256","typ":"JWT"}')}.${b64(utf8)}.c2lnbmF0dXJl`;
}
