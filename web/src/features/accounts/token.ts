/**
 * Reading a JWT on the client. The client never verifies signatures and never treats a token as
 * expired (the server decides, answering 401 "JWT Expired"); it only refuses tokens it cannot read:
 * not three non-empty dot-separated parts, a payload that is not base64url JSON of an object, or
 * no `person_id` / `event_id` claims (attendee-app.md §4, §5).
 */

export interface TokenClaims {
  eventId: string;
  personId: string;
}

function base64UrlDecode(part: string): string | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(part)) return null;
  const padded = part.replace(/-/g, "+").replace(/_/g, "/");
  const withPadding = padded + "=".repeat((4 - (padded.length % 4)) % 4);
  try {
    const binary = atob(withPadding);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function parseToken(token: unknown): TokenClaims | null {
  if (typeof token !== "string") return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((p) => p === "")) return null;
  const json = base64UrlDecode(parts[1] ?? "");
  if (json === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return null;
  }
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return null;
  const { event_id: eventId, person_id: personId } = payload as Record<string, unknown>;
  if (typeof eventId !== "string" || typeof personId !== "string" || personId === "") return null;
  return { eventId, personId };
}
