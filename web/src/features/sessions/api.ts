/** The session calls of attendee-app.md §7: the list, one session, and the two stream calls. */
import { currentToken } from "@/features/accounts";
import { API_BASE, ApiError, NetworkError, request } from "@/lib/api-client";
import { toSession, type Session } from "./selection";

const eventPath = (eventID: string) => `/events/${encodeURIComponent(eventID)}`;

/** GET events/{eventID}/activities with type Session. */
export async function listSessions(eventID: string): Promise<Session[]> {
  const rows = await request<Record<string, unknown>[]>(`${eventPath(eventID)}/activities`, {
    query: { EntityType: "Session" },
  });
  return rows.flatMap((row) => {
    const session = toSession(row);
    return session ? [session] : [];
  });
}

/**
 * GET events/{eventID}/activities/{sessionID}: one session read again, for the stream fields the
 * server hands out only once it plays. Null when the answer is not a session.
 */
export async function getSession(eventID: string, sessionID: string): Promise<Session | null> {
  const row = await request<Record<string, unknown>>(`${eventPath(eventID)}/activities/${encodeURIComponent(sessionID)}`);
  return typeof row === "object" && row !== null && row.EntityType === "Session" ? toSession(row) : null;
}

/**
 * GET events/{eventID}/stream/iframe/{sessionID} with the bearer token: the answer is a small page
 * holding only the stream, used as a blob: URL (an iframe cannot send the header itself).
 */
export async function iframeStreamURL(eventID: string, sessionID: string, signal?: AbortSignal): Promise<string> {
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${eventPath(eventID)}/stream/iframe/${encodeURIComponent(sessionID)}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
    });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  if (!response.ok) {
    let code = `HTTP_${response.status}`;
    try {
      const body = (await response.json()) as { Error?: { Code?: string } };
      code = body.Error?.Code ?? code;
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, code, response.statusText);
  }
  const blob = await response.blob();
  return URL.createObjectURL(new Blob([blob], { type: "text/html" }));
}

export interface VimeoStream {
  Url: string;
  Password: string;
}

/** GET events/{eventID}/stream/vimeo/{sessionID}: the player URL and an optional password. */
export function vimeoStream(eventID: string, sessionID: string, signal?: AbortSignal): Promise<VimeoStream> {
  return request<VimeoStream>(`${eventPath(eventID)}/stream/vimeo/${encodeURIComponent(sessionID)}`, { signal });
}

/** §8 media_expired: the server refuses the stream of a session that is no longer active. */
export const isMediaExpired = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === "MEDIA_EXPIRED" || error.status === 410);
